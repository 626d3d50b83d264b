"""One instruction on several targets of one "target" word, as one event (CR 115.3, 608.2c):
the language's :class:`~undercity.cards.language.several_targets.OnTargets`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards import model as m
from undercity.cards.language.several_targets import DESTROY, RETURN_TO_BATTLEFIELD, OnTargets
from undercity.engine import entering, zones
from undercity.engine.decisions import Option
from undercity.engine.effects import destroy_simultaneously, handles, ref_objects

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem


@handles(OnTargets)
def h_on_targets(g: Game, job: Job, item: StackItem, e: OnTargets, key: str) -> None:
    """The targets still legal (CR 608.2b), together: destroyed (CR 701.8a) or returned to
    their owners' hands, each replacement-order question asked first (CR 616.1)."""
    ids = [oid for i in range(e.first, e.first + e.n) for oid in ref_objects(g, m.T(i), item, job)]
    if e.verb == DESTROY:
        destroy_simultaneously(g, job, key, ids)
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
