"""Triggers on drawing (CR 121, 603.2): ``YOU_DRAW`` is the trigger event
(``model.Trigger.event``) of "Whenever you draw a card" — once per card drawn (CR 121.2), by
the ability's controller; with ``Trigger.nth`` N, "Whenever you draw your second card each turn":
only the Nth card that player draws that turn. Watched by :mod:`undercity.engine.draw_triggers`."""

YOU_DRAW = "you_draw"
