"""How many times an ability of an object has resolved this turn (CR 608.2c, 608.2h): each
resolution of an ability with :class:`~undercity.cards.language.resolution_count.IfNthResolution`
counts itself as it gets there, and does the effect that number calls for. The count is per
object (a new object, CR 400.7, starts again) and per ability, and starts again each turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.resolution_count import IfNthResolution
from undercity.engine.effects import handles, run_in_order

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem

#: ``State.extra`` key: (turn, {(source id, ability text): times resolved that turn}).
RESOLVED = "abilities_resolved_this_turn"


@handles(IfNthResolution)
def h_if_nth_resolution(g: Game, job: Job, item: StackItem, e: IfNthResolution, key: str) -> None:
    s = g.s
    nth = key + ":nth"
    if nth not in job.data:  # counted once, even if the job runs again after a choice
        turn, counts = s.extra.get(RESOLVED) or (s.turn, {})
        if turn != s.turn:
            counts = {}
        ability = (item.source, item.text)
        counts = {**counts, ability: counts.get(ability, 0) + 1}
        s.extra[RESOLVED] = (s.turn, counts)
        job.data[nth] = counts[ability]
    run_in_order(g, job, item, e.then if job.data[nth] == e.n else e.otherwise, key)
