"""Phasing (CR 702.26): the language's :class:`~undercity.cards.language.phasing.PhaseOut` and the
rule itself.

A phased-out permanent is treated as though it doesn't exist (702.26b): it leaves
``State.battlefield`` — which every rule that looks at permanents reads — and its ``Obj.zone`` is
``PHASED_OUT``, so whatever names it by id (a target, "equipped creature", an effect "for as long
as" it is there, 702.26f) finds it gone. It is still the same object (702.26d): same id, counters,
damage, tapped state, attachments and choices made as it entered; no zone-change event, so nothing
"leaves" or "enters" (and "until ~ leaves the battlefield" goes on, :func:`still_there`).

The Auras and Equipment attached to it phase out with it, indirectly (702.26g-h), and phase in
with it. Everything that phased out directly under a player's control phases in during that
player's next untap step, before permanents untap (702.26a), and at the same moment the phased-in
permanents with phasing that player controls phase out; one that phased out under a player who has
left phases in during the next untap step after that player's turn would have begun (702.26n).
Phased-out permanents owned by a player who leaves leave the game with them (702.26k).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from undercity.cards.language.phasing import PhaseOut
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import zones
from undercity.engine.effects import handles, ref_objects
from undercity.engine.state import Job, Obj, StackItem
from undercity.engine.teams import is_active

if TYPE_CHECKING:
    from undercity.engine.game import Game

#: ``Obj.zone`` of a phased-out permanent, and the ``State.extra`` key of the phased-out
#: permanents: object id -> :class:`Phased`, in the order they phased out.
PHASED_OUT = "phased_out"


@dataclass(frozen=True, slots=True)
class Phased:
    """How a permanent phased out: ``under`` controlled it then (it phases in during that
    player's untap step, 702.26a); ``host``: the permanent it was attached to and phased out
    with, indirectly (702.26g), None if it phased out directly; ``due``: its controller left and
    their turn would have begun since (702.26n)."""

    under: int
    host: int | None = None
    due: bool = False


def _records(g: Game) -> dict[int, Phased]:
    return g.s.extra.setdefault(PHASED_OUT, {})


def is_phased_out(o: Obj) -> bool:
    return o.zone == PHASED_OUT


def still_there(o: Obj | None) -> bool:
    """Whether ``o`` is still on the battlefield, phased in or out: phasing out is not leaving
    it (702.26d) — "until ~ leaves the battlefield" goes on (610.3a)."""
    return o is not None and o.zone in ("battlefield", PHASED_OUT)


def _attached_to(g: Game, oids: list[int]) -> list[int]:
    """The permanents attached to any of ``oids``, and those attached to them (702.26g)."""
    s = g.s
    found: list[int] = []
    frontier = set(oids)
    while frontier:
        nxt = [oid for oid in s.battlefield if s.objs[oid].attached_to in frontier and oid not in found]
        found += nxt
        frontier = set(nxt)
    return found


def phase_out(g: Game, oids: list[int], rule: str = "702.26b") -> None:
    """``oids`` phase out directly, at once; what is attached to them indirectly — only
    indirectly if it is also among ``oids`` (702.26g-h)."""
    s = g.s
    direct = [oid for oid in oids if oid in s.objs and s.objs[oid].zone == "battlefield"]
    indirect = _attached_to(g, direct)
    direct = [oid for oid in direct if oid not in indirect]
    if not direct:
        return
    recs = _records(g)
    for oid in direct + indirect:
        o = s.objs[oid]
        host = o.attached_to if oid in indirect else None
        recs[oid] = Phased(o.controller, host)
        s.battlefield.remove(oid)
        zones.remove_from_combat(g, o)  # CR 702.26b, 506.4
        o.zone = PHASED_OUT
        g.emit(ev.Phased(rule=rule if host is None else "702.26g", obj=oid, name=o.name, out=True,
                         indirectly=host is not None))
        if s.effects:
            zones.end_while_tapped(g, o, "702.26f")  # "for as long as" effects no longer see it


def _phase_in(g: Game, oid: int) -> None:
    """``oid`` phases in, and what phased out along with it (702.26c, 702.26g); an Aura or
    Equipment that phased out directly phases in attached to what it was attached to, if that
    is still there, else unattached (702.26i: state-based actions then apply)."""
    s = g.s
    recs = _records(g)
    rec = recs.pop(oid)
    o = s.objs[oid]
    o.zone = "battlefield"
    s.battlefield.append(oid)
    ch.forget_permanents()  # it rejoins with its old id, which the battlefield index doesn't expect
    if rec.host is None:
        if o.attached_to is not None and (o.attached_to not in s.objs or s.objs[o.attached_to].zone != "battlefield"):
            o.attached_to = None
        if o.attached_player is not None and s.players[o.attached_player].left:
            o.attached_player = None
    g.emit(ev.Phased(rule="702.26c" if rec.host is None else "702.26g", obj=oid, name=o.name, out=False,
                     indirectly=rec.host is not None))
    for other in [i for i, r in recs.items() if r.host == oid]:
        _phase_in(g, other)


def _has_phasing(g: Game, o: Obj) -> bool:
    return ch.has(g, o, "phasing")


def untap_step(g: Game) -> None:
    """The phasing event of the untap step, before permanents untap (CR 702.26a, 502.1): at
    once, the phased-in permanents with phasing the active player controls phase out and the
    permanents that phased out directly under their control (or are due, 702.26n) phase in."""
    s = g.s
    recs = s.extra.get(PHASED_OUT)
    coming = [oid for oid, r in recs.items() if r.host is None and (r.due or is_active(g, r.under))] if recs else []
    going = [oid for oid in s.battlefield if is_active(g, s.objs[oid].controller) and _has_phasing(g, s.objs[oid])]
    if going:
        phase_out(g, going, "702.26a")
    for oid in coming:
        _phase_in(g, oid)
    if recs is not None and not recs:
        s.extra.pop(PHASED_OUT, None)


def turns_would_have_begun(g: Game, players: set[int]) -> None:
    """The turns of ``players``, who left the game, would have begun: what phased out under
    their control phases in during the next untap step (702.26n)."""
    recs = g.s.extra.get(PHASED_OUT)
    if recs:
        for oid, r in list(recs.items()):
            if r.under in players:
                recs[oid] = replace(r, due=True)


def on_leave(g: Game, player: int) -> None:
    """``player`` leaves: the phased-out permanents they own leave the game with them, without
    leaving the battlefield (702.26k; ``leaving.leave`` removes the objects). What was attached to
    one of them and phased out with it phases in, unattached, when it would have (702.26i)."""
    s = g.s
    recs = s.extra.get(PHASED_OUT)
    if not recs:
        return
    gone = {oid for oid in recs if s.objs[oid].owner == player}
    for oid in gone:
        del recs[oid]
    for oid, r in list(recs.items()):
        if r.host in gone:
            recs[oid] = replace(r, host=None)


def phased_out_ids(g: Game) -> list[int]:
    """The phased-out permanents (for the invariant checks: they are in no other zone)."""
    return list(g.s.extra.get(PHASED_OUT, ()))


@handles(PhaseOut)
def h_phase_out(g: Game, job: Job, item: StackItem, e: PhaseOut, key: str) -> None:
    """"Equipped creature phases out" (CR 702.26b): only a permanent that is there — one that
    has phased out already can't be affected (ruling 2021-07-23, Robe of Stars)."""
    s = g.s
    phase_out(g, [oid for oid in ref_objects(g, e.what, item, job) if s.objs[oid].zone == "battlefield"])
