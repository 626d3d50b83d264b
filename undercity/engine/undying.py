"""Undying (CR 702.93a): as a permanent with undying is put into a graveyard from the
battlefield with no +1/+1 counters on it — as it last existed there, its keywords granted ones
included (CR 603.10a, 603.4) — its trigger returns the card from the graveyard under its owner's
control with a +1/+1 counter on it (persist's trigger with the other counter,
:func:`undercity.engine.persist.return_with_counter`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.undying import UNDYING, UNDYING_TEXT
from undercity.engine import triggers
from undercity.engine.persist import return_with_counter

if TYPE_CHECKING:
    from undercity.engine import events as ev
    from undercity.engine.game import Game


@triggers.watches("zone_changed")
def _put_into_graveyard(g: Game, e: ev.ZoneChanged) -> None:
    return_with_counter(g, e, UNDYING, UNDYING_TEXT, "+1/+1", "702.93a")
