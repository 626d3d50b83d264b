"""Attaching Equipment (CR 701.3, 702.6a: equip's effect), moving an Aura that enchants a player to
another opponent (701.3a, 303.4b), and state-based action 704.5n (an
Equipment attached to an illegal permanent or to nothing becomes unattached: :func:`state_based_actions`, asked by ``sba.collect``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.equip import AttachedCount, AttachTo, AttachToAnotherOpponent
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import sba, targeting
from undercity.engine.effects import counts, handles, ref_objects
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

def state_based_actions(g: Game) -> list[sba.Action]:
    """CR 704.5n: an Equipment attached to an illegal permanent or to one no longer on the
    battlefield becomes unattached (it stays on the battlefield)."""
    s = g.s
    out = []
    for oid in s.battlefield:
        o = s.objs[oid]
        if o.attached_to is None or "Equipment" not in o.card.subtypes:
            continue
        host = s.objs.get(o.attached_to)
        if host is None or host.zone != "battlefield" or not ch.is_creature(host, g):  # after layer 4 (CR 613.1d)

            def run(g: Game, eq: int = oid) -> None:
                e = g.s.objs.get(eq)
                if e is not None and e.attached_to is not None:
                    e.attached_to = None
                    g.emit(ev.Note(rule="704.5n", message=f"{e.name} becomes unattached"))

            out.append(sba.Action("hook", "704.5n", obj=oid, reason="Equipment attached to nothing", run=run))
    return out



def attachable(g: Game, o: Obj, host: Obj, controller: int) -> bool:
    """Whether the Aura or Equipment ``o`` (a card in any zone, with its printed enchant ability)
    could be attached to ``host``, for ``controller``: an Aura whose enchant ability allows it
    (CR 303.4a), an Equipment to a creature (CR 301.5c), neither to a creature with protection
    from it (CR 702.16c-d). Not targeting: hexproof and shroud don't matter (CR 303.4f)."""
    from undercity.engine import protection

    if host.zone != "battlefield":
        return False
    subtypes = ch.subtypes(g, o) if o.zone == "battlefield" else o.card.subtypes
    if "Aura" in subtypes:
        spec = o.card.enchant
        if spec is None or spec.kind == "player" or (
                spec.filter is not None and not targeting.matches(g, host, spec.filter, controller, o.id)):
            return False
    elif "Equipment" not in subtypes or not ch.is_creature(host, g):
        return False
    return not protection.illegal_attachment(g, o, host)


def enchanted_by(g: Game, source: int | None) -> Obj | None:
    """The permanent the Aura ``source`` is attached to, or was last attached to if the Aura
    left the battlefield (CR 608.2h; ruling 2021-07-23, Mantle of the Ancients: even if it is no
    longer a creature); None if that permanent is gone too."""
    s = g.s
    src = s.objs.get(source) if source is not None else None
    host = src.attached_to if src is not None and src.zone == "battlefield" else (
        (s.lki.get(source) or {}).get("attached_to") if source is not None else None)
    o = s.objs.get(host) if host is not None else None
    return o if o is not None and o.zone == "battlefield" else None


@handles(AttachTo)
def h_attach(g: Game, job: Job, item: StackItem, e: AttachTo, key: str) -> None:
    s = g.s
    src = s.objs.get(item.source) if item.source is not None else None
    if src is None or src.zone != "battlefield":
        return
    if not {"Aura", "Equipment", "Fortification"} & set(ch.subtypes(g, src)):
        # CR 701.3b: a permanent that isn't one of these doesn't move (a Horror that gained an
        # Equipment's equip ability, Grell Philosopher; CR 301.5c: one that lost "Equipment").
        g.emit(ev.Note(rule="701.3b", message=f"{src.name} isn't an Aura, Equipment or Fortification: "
                                              "it can't become attached"))
        return
    for oid in ref_objects(g, e.what, item, job):
        if src.attached_to == oid:  # CR 701.3b: already attached to it: nothing happens
            return
        src.attached_to = oid
        src.timestamp = s.next_timestamp()  # CR 701.3c
        g.emit(ev.Note(rule="701.3a", message=f"{src.name} becomes attached to {s.objs[oid].name}"))


@handles(AttachToAnotherOpponent)
def h_attach_to_another_opponent(g: Game, job: Job, item: StackItem, e: AttachToAnotherOpponent, key: str) -> None:
    """CR 701.3a, 701.3c: the Aura moves to an opponent of its controller other than the player it
    enchants, chosen at random (``State.rng``), with a new timestamp; it stays where it is with
    no other opponent (ruling 2021-07-23, Maddening Hex), and does nothing once it left the
    battlefield (CR 400.7)."""
    s = g.s
    aura = s.objs.get(item.source) if item.source is not None else None
    if aura is None or aura.zone != "battlefield" or aura.attached_player is None:
        return
    others = [p for p in s.living() if p != aura.attached_player and targeting._is_opponent(g, aura.controller, p)]
    if not others:
        return
    to = s.rng.choice(others)
    aura.attached_player = to
    aura.timestamp = s.next_timestamp()  # CR 701.3c
    g.emit(ev.Note(rule="701.3a", message=f"{aura.name} becomes attached to {g.player_name(to)}"))


@counts(AttachedCount)
def _attached(g: Game, a: AttachedCount, item: StackItem, job: Job) -> int:
    """The Auras and/or Equipment attached to the object now (CR 301.5, 303.4, 608.2h)."""
    s = g.s
    host = ref_objects(g, a.of, item, job)
    if not host:
        return 0
    return sum(1 for oid in s.battlefield if s.objs[oid].attached_to == host[0]
               and ch.subtypes(g, s.objs[oid]) & a.subtypes)
