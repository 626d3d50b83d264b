"""``undercity serve``: the card site and the play table in a browser (docs/web.md)."""
