"""One instruction on several targets of one "target" word, as one event (CR 115.3, 608.2c):
the language's :class:`~undercity.cards.language.several_targets.OnTargets`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards import model as m
from undercity.cards.language.several_targets import DESTROY, EXILE, GOAD, RETURN_TO_BATTLEFIELD, OnTargets
from undercity.engine import entering, zones
from undercity.engine.decisions import Option
from undercity.engine.effects import HANDLERS, destroy_simultaneously, goad, handles, ref_objects
from undercity.engine.modal import shift_targets

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem


@handles(OnTargets)
def h_on_targets(g: Game, job: Job, item: StackItem, e: OnTargets, key: str) -> None:
    """The targets still legal (CR 608.2b), together: destroyed (CR 701.8a) or returned to
    their owners' hands, each replacement-order question asked first (CR 616.1)."""
    n = max(len(item.targets) - e.first, 0) if e.x else e.n
    ids = [oid for i in range(e.first, e.first + n) for oid in ref_objects(g, m.T(i), item, job)]
    if e.verb == EXILE:
        if not job.data.get(key + ":moved"):
            with zones.simultaneously(g):  # one event (CR 608.2c)
                for oid in ids:
                    zones.move(g, oid, "exile", rule="701.13a", verb="is exiled")
            job.data[key + ":moved"] = True
        if e.each_moved is not None:
            _each_moved(g, job, item, e, key, n, "exile")
        return
    if e.verb == DESTROY:
        destroy_simultaneously(g, job, key, ids)
        return
    if e.verb == GOAD:  # CR 701.15a: each legal one, by the ability's controller
        for oid in ids:
            goad(g, oid, item.controller)
        return
    if e.verb == RETURN_TO_BATTLEFIELD:
        for oid in ids:  # CR 614.12a: the choices each makes as it enters, before anything moves
            entering.ask(g, job, f"{key}:enter{oid}", oid, item.controller)
        with zones.simultaneously(g):  # one event (CR 608.2c)
            for oid in ids:
                if oid in g.s.objs:
                    zones.put_onto_battlefield(g, oid, item.controller, rule="608.2c", tapped=e.tapped)
        return
    orders: dict[int, list[str]] = {}
    for oid in ids:
        o = g.s.objs[oid]
        reps = zones.replacements_for(g, o, o.zone, "hand")  # a permanent, or a card in a graveyard
        order = orders.setdefault(oid, [])
        for r in reps:  # an optional one (a commander, CR 903.9b): its owner says whether it applies
            if r.optional and not g.ask(job, f"{key}:{oid}:{r.key}", o.owner, "yes_no", f"{r.label}?",
                                        [Option("yes", True), Option("no", False)]):
                order.append("!" + r.key)
        reps = [r for r in reps if "!" + r.key not in order]
        if len(reps) > 1:
            order.insert(0, g.ask(job, f"{key}:{oid}:repl", o.controller, "replacement",
                                  f"which replacement effect applies first to {o.name}?",
                                  [Option(r.label, r.key) for r in zones.distinct_replacements(reps)]))
    with zones.simultaneously(g):
        for oid in ids:
            if oid in g.s.objs:
                zones.move(g, oid, "hand", rule="608.2c", verb="returns to its owner's hand",
                           order=orders.get(oid) or None)


def _each_moved(g: Game, job: Job, item: StackItem, e: OnTargets, key: str, n: int, zone: str) -> None:
    """"For each creature exiled this way, its controller creates …": once for each target that
    went to ``zone`` (not one a replacement effect put elsewhere, CR 614.6), in target order
    (CR 608.2c); each run at most once if a later one asks a question."""
    assert e.each_moved is not None
    for i in range(e.first, e.first + n):
        done = f"{key}:each{i}"
        if job.data.get(done):
            continue
        t = item.targets[i] if i < len(item.targets) else None
        now = zones.became(g, t[1]) if t is not None and t[0] == "o" else None
        if now is not None and now != t[1] and g.s.objs[now].zone == zone:
            one = shift_targets(e.each_moved, i - e.first)
            HANDLERS[type(one)](g, job, item, one, done)
        job.data[done] = True
