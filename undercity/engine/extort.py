"""Extort's drain (CR 702.101a): each opponent loses 1 life and the extorting player gains life
equal to the total life lost — not necessarily the number of opponents (a ruling): counted as
the life totals change."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.extort import DrainEachOpponent
from undercity.engine import targeting
from undercity.engine.effects import change_life, handles

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem


@handles(DrainEachOpponent)
def h_drain(g: Game, job: Job, item: StackItem, e: DrainEachOpponent, key: str) -> None:
    s = g.s
    me = item.controller
    lost = 0
    for p in [q for q in s.living() if targeting._is_opponent(g, me, q)]:
        before = s.players[p].life
        change_life(g, p, -e.n, "119.3")
        lost += max(before - s.players[p].life, 0)
    change_life(g, me, lost, "119.3")
