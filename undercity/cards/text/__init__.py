"""The Oracle-text compiler: text → parsed form (:mod:`.ast`, by :mod:`.parser`) → the effect
language (:mod:`.lower`), and the parsed form back to text (``Node.render``)."""
