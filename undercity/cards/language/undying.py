"""Undying (CR 702.93a): "When this permanent is put into a graveyard from the battlefield, if it
had no +1/+1 counters on it, return it to the battlefield under its owner's control with a +1/+1
counter on it." A keyword of the card (and of whatever grants it, Haunted One's "gain undying
until end of turn"); the trigger is the rules' own, in :mod:`undercity.engine.undying`.
"""

from __future__ import annotations

UNDYING = "undying"
UNDYING_TEXT = ("Undying (When this permanent is put into a graveyard from the battlefield, if it had no +1/+1 "
                "counters on it, return it to the battlefield under its owner's control with a +1/+1 counter on it.)")
