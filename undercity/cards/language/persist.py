"""Persist (CR 702.79a): "When this permanent is put into a graveyard from the battlefield, if it
had no -1/-1 counters on it, return it to the battlefield under its owner's control with a -1/-1
counter on it." A keyword of the card (and of whatever grants it); the trigger is the rules'
own, in :mod:`undercity.engine.persist`.
"""

from __future__ import annotations

PERSIST = "persist"
PERSIST_TEXT = ("Persist (When this permanent is put into a graveyard from the battlefield, if it had no -1/-1 "
                "counters on it, return it to the battlefield under its owner's control with a -1/-1 counter on it.)")
