"""Doubling counters (CR 122): the handler of
:class:`undercity.cards.language.counters.DoubleCounters`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.counters import DoubleCounters
from undercity.engine import zones
from undercity.engine.effects import handles, ref_objects
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game


@handles(DoubleCounters)
def h_double_counters(g: Game, job: Job, item: StackItem, e: DoubleCounters, key: str) -> None:
    # Count the counters now and put that many more on it (a permanent that left the
    # battlefield is no longer there to get them: ref_objects names only permanents).
    for oid in ref_objects(g, e.what, item, job):
        o = g.s.objs[oid]
        n = o.counters.get(e.counter, 0)
        if n > 0:
            zones.add_counters(g, o, e.counter, n)
