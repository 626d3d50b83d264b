""""Exile … until this permanent leaves the battlefield" (CR 610.3) — a target, or "any number of"
permanents chosen as it resolves (decision ``exile_until_leaves``): nothing is exiled if the
source has already left (610.3a-b); when it leaves, the exiled cards return to the battlefield
under their owners' control the next time state-based actions are checked (610.3a:
:func:`state_based_actions`, asked by ``sba.collect``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.exile_until import ExileAnyNumberUntilLeaves, ExileUntilLeaves
from undercity.engine import events as ev
from undercity.engine import phasing, sba, zones
from undercity.engine.effects import handles, ref_objects
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

#: ``State.extra`` key: source permanent id -> card ids exiled "until it leaves the battlefield".
EXILED_UNTIL = "exiled_until_leaves"
#: The decision kind of choosing, one at a time, the permanents "any number of" exiles (a
#: permanent id, or None: no more).
EXILE_UNTIL_LEAVES = "exile_until_leaves"


@handles(ExileUntilLeaves)
def h_exile_until_leaves(g: Game, job: Job, item: StackItem, e: ExileUntilLeaves, key: str) -> None:
    src = _source(g, item)
    if src is not None:
        for oid in ref_objects(g, e.what, item, job):
            _exile(g, src, oid)


@handles(ExileAnyNumberUntilLeaves)
def h_exile_any_number_until_leaves(g: Game, job: Job, item: StackItem, e: ExileAnyNumberUntilLeaves,
                                    key: str) -> None:
    """The controller chooses the permanents one at a time, "no more" to stop (CR 608.2d), then
    they are exiled together (one event, CR 603.2c)."""
    from undercity.engine.object_choice import choose_permanents

    src = _source(g, item)
    if src is None:
        return
    chosen = choose_permanents(g, job, item, e.filter, f"{key}:x", EXILE_UNTIL_LEAVES, "exile",
                               f"{item.source_name}: exile any number of them until it leaves the battlefield")
    with zones.simultaneously(g):
        for oid in chosen:
            _exile(g, src, oid)


def exiled_until(g: Game, source: int | None) -> list[int]:
    """The cards ``source`` exiled "until it leaves the battlefield" that are still exiled
    (CR 607.2a, 400.7: a card that left exile is a new object, no longer "the exiled card")."""
    s = g.s
    held = s.extra.get(EXILED_UNTIL, {}).get(source, []) if source is not None else []
    return [oid for oid in held if oid in s.objs and s.objs[oid].zone == "exile"]


def _source(g: Game, item: StackItem) -> Obj | None:
    """The source permanent, or None (and a note) if it has left the battlefield: CR 610.3a-b,
    it left after this was put on the stack (610.3a: a spell or activated ability; 610.3b: after
    this triggered), and nothing is exiled at all."""
    src = g.s.objs.get(item.source) if item.source is not None else None
    if src is None or src.zone != "battlefield":
        rule = "610.3b" if item.kind == "triggered" else "610.3a"
        g.emit(ev.Note(rule=rule, message=f"{item.source_name} has left the battlefield: nothing is exiled"))
        return None
    return src


def _exile(g: Game, src: Obj, oid: int) -> None:
    new = zones.move(g, oid, "exile", rule="610.3", verb=f"is exiled until {src.name} leaves the battlefield")
    # A commander put into the command zone instead (CR 903.9b) is no longer linked.
    if new is not None and not new.token and new.zone == "exile":
        g.s.extra.setdefault(EXILED_UNTIL, {}).setdefault(src.id, []).append(new.id)


def state_based_actions(g: Game) -> list[sba.Action]:
    """CR 610.3a: when the source of a "until [it] leaves the battlefield" effect leaves, the
    exiled cards return to the battlefield under their owners' control (done the next time
    state-based actions are checked, before anyone gets priority)."""
    s = g.s
    held = s.extra.get(EXILED_UNTIL)
    if not held:
        return []
    out = []
    for src in list(held):
        if phasing.still_there(s.objs.get(src)):
            continue  # phased out is still there (CR 702.26d)

        def run(g: Game, src: int = src) -> None:
            st = g.s
            for oid in st.extra.get(EXILED_UNTIL, {}).pop(src, []):
                o = st.objs.get(oid)
                if o is not None and o.zone == "exile":  # CR 400.7: only that object returns
                    zones.put_onto_battlefield(g, oid, o.owner, rule="610.3a")

        out.append(sba.Action("hook", "610.3a", obj=src, reason="exiled until its source left", run=run))
    return out

