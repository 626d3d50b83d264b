"""Counters (CR 122): the handlers of :mod:`undercity.cards.language.counters` — doubling
the counters on a permanent, a token created and then given counters."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.counters import CreateTokenThenCounters, DoubleCounters
from undercity.engine import zones
from undercity.engine.effects import amount, create_token, handles, ref_objects, ref_players
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


@handles(CreateTokenThenCounters)
def h_token_then_counters(g: Game, job: Job, item: StackItem, e: CreateTokenThenCounters, key: str) -> None:
    n = amount(g, e.n, item, job)  # counted before the token exists (it isn't "among those")
    for p in ref_players(g, e.who, item, job):
        token = create_token(g, e.token, p)
        if n > 0 and token.id in g.s.objs:
            zones.add_counters(g, token, e.counter, n)
