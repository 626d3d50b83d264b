"""Counters (CR 122): the handlers of :mod:`undercity.cards.language.counters` — doubling
the counters on a permanent, a token created and then given counters, the number of counters
on an object, and the trigger "when the twelfth hour counter is put on ~"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.counters import (
    CountersOn,
    CountersRemoved,
    CreateTokenThenCounters,
    DoubleCounters,
    NthCounterPut,
)
from undercity.engine import abilities as ab
from undercity.engine import triggers, zones
from undercity.engine.effects import amount, counts, create_token, handles, ref_objects, ref_players
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine import events as ev
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


#: ``StackItem.trigger_data`` key: the counters a "Remove all [kind] counters" cost removed.
COUNTERS_REMOVED = "counters_removed"


@counts(CountersRemoved)
def _counters_removed(g: Game, a: CountersRemoved, item: StackItem, job: Job) -> int:
    """The counters the ability's cost removed as it was activated (CR 602.2b)."""
    return int(item.trigger_data.get(COUNTERS_REMOVED, 0))


@counts(CountersOn)
def _counters_on(g: Game, a: CountersOn, item: StackItem, job: Job) -> int:
    """The counters on the object now, or as it last existed on the battlefield (CR 608.2h)."""
    if a.of.kind == "self":
        # A leaves-the-battlefield trigger has no source on the battlefield: the permanent
        # that left, as it last existed (CR 603.10a).
        oid = item.source if item.source is not None else item.trigger_data.get("left")
    elif a.of.kind == "trigger_object":
        # The creature that died: its counters as it last existed (CR 603.10a, 608.2h).
        oid = item.trigger_data.get("left", item.trigger_data.get("object"))
    else:
        ids = ref_objects(g, a.of, item, job)
        oid = ids[0] if ids else None
    if oid is None:
        return 0
    o = g.s.objs.get(oid)
    if o is not None and o.zone == "battlefield":
        held = o.counters
    else:
        held = (g.s.lki.get(oid) or {}).get("counters") or {}
    if a.counter is None:
        return sum(n for n in held.values() if n > 0)
    return max(held.get(a.counter, 0), 0)


@triggers.watches("counters_changed")
def _counter_put(g: Game, e: ev.CountersChanged) -> None:
    """CR 603.2: the permanent's own "when the Nth [kind] counter is put on ~" triggers when
    counters put on it take it from fewer than N to N or more (ruling 2019-10-04)."""
    if e.amount <= 0 or e.obj is None:
        return
    o = g.s.objs.get(e.obj)
    if o is None or o.zone != "battlefield":
        return
    for a in ab.triggered(g, o):
        w = a.when
        if isinstance(w, NthCounterPut) and w.counter == e.counter and e.total - e.amount < w.n <= e.total:
            triggers.add_pending(g, o, a, o.controller, o.name)
