"""Regeneration (CR 701.19): a regeneration shield is a replacement effect on the permanent's
next destruction this turn (701.19a, 614.8): instead all damage marked on it is removed, its
controller taps it, and it is removed from combat (506.4). A shield is a ``ContinuousEffect`` of
kind ``regeneration_shield`` on the object until end of turn (used up when it applies); "can't
be regenerated" — of one destruction (``model.Destroy(regenerate=False)``, Terminate) or for the
turn (``cant_regenerate``) — makes the shields not apply (701.19c).

Every destruction asks :func:`replaces` first (``effects.destroy``, ``effects.h_destroy_all``,
the state-based actions 704.5g-h in ``sba``). With a shield and also a replacement effect on the
move to the graveyard ("exile it instead"), the permanent's controller chooses which applies
first (CR 616.1): regenerating, or letting it be destroyed with that replacement (decision
``replacement``, option ``regenerate``); :func:`choice` asks it. An Aura's totem armor (CR
702.89a, :mod:`undercity.engine.totem_armor`) is one more destruction replacement offered there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from undercity.cards.language.regeneration import CantBeRegenerated, Regenerate
from undercity.engine import events as ev
from undercity.engine import totem_armor, zones
from undercity.engine.decisions import Option
from undercity.engine.effects import handles, ref_objects
from undercity.engine.state import ContinuousEffect

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, Obj, StackItem

SHIELD = "regeneration_shield"
CANT = "cant_regenerate"
#: The answer that chooses regeneration among the replacement effects (CR 616.1).
REGENERATE = "regenerate"
#: The first element of the answer that chooses an Aura's totem armor (CR 702.89a, 616.1).
TOTEM_ARMOR = "totem_armor"


def shielded(g: Game, o: Obj, allowed: bool = True) -> bool:
    """Whether a regeneration shield would replace ``o``'s destruction now (CR 701.19a, c)."""
    if not allowed or o.zone != "battlefield":
        return False
    effs = g.s.effects
    return any(e.kind == SHIELD and e.obj == o.id for e in effs) and not any(
        e.kind == CANT and e.obj == o.id for e in effs)


def options(g: Game, o: Obj, allowed: bool = True) -> list[Option]:
    """The replacement effects ``o``'s controller may apply first to its destruction (CR 616.1): a
    regeneration shield, each Aura with totem armor on it (CR 702.89a; identical Auras once), and
    — if there is either — the replacements of its move to the graveyard. Empty if neither."""
    if o.zone != "battlefield":
        return []
    out = [Option(f"regenerate {o.name}", REGENERATE)] if shielded(g, o, allowed) else []
    seen: set[str] = set()
    for aid in totem_armor.auras(g, o):
        name = g.s.objs[aid].name
        if name not in seen:
            seen.add(name)
            out.append(Option(f"destroy {name} instead (totem armor)", (TOTEM_ARMOR, aid)))
    if not out:
        return []
    reps = zones.distinct_replacements(zones.replacements_for(g, o, "battlefield", "graveyard"))
    return out + [Option(r.label, r.key) for r in reps]


def choice(g: Game, job: Job, key: str, o: Obj, allowed: bool = True) -> Any:
    """Before ``o`` would be destroyed: :data:`REGENERATE` if a shield applies first, a totem
    armor's (``(TOTEM_ARMOR, aura)``), else the key of the zone-change replacement its controller
    applies first (CR 616.1), else None."""
    opts = options(g, o, allowed)
    if len(opts) <= 1:
        return opts[0].value if opts else None
    return g.ask(job, key + ":regen", o.controller, "replacement",
                 f"which replacement effect applies first to {o.name}?", opts)


def replaces(g: Game, o: Obj, allowed: bool = True, chosen: Any = REGENERATE) -> bool:
    """If a shield replaces ``o``'s destruction (and its controller chose it first, ``chosen``),
    regenerate it and return True (CR 701.19a); a totem armor chosen (or the only destruction
    replacement, when nothing was asked) saves it instead (CR 702.89a)."""
    if isinstance(chosen, tuple | list) and chosen[0] == TOTEM_ARMOR:
        return totem_armor.apply(g, o, chosen[1])
    if chosen == REGENERATE and not shielded(g, o, allowed) and o.zone == "battlefield":
        armors = totem_armor.auras(g, o)
        return bool(armors) and totem_armor.apply(g, o, armors[0])
    if chosen != REGENERATE or not shielded(g, o, allowed):
        return False
    s = g.s
    shield = next(e for e in s.effects if e.kind == SHIELD and e.obj == o.id)
    s.effects.remove(shield)  # each shield replaces one destruction
    o.damage = 0
    o.deathtouched = False
    if not o.tapped:
        zones.set_tapped(g, o, True, "701.19a")
    c = s.combat
    if c is not None and (o.id in c.attackers or o.id in c.blockers):
        c.attackers.pop(o.id, None)  # CR 506.4: a blocked attacker stays blocked
        c.blockers.pop(o.id, None)
        c.blocked_by.pop(o.id, None)
        for lst in c.blocked_by.values():
            if o.id in lst:
                lst.remove(o.id)
        g.emit(ev.Note(rule="506.4", message=f"{o.name} is removed from combat"))
    g.emit(ev.Note(rule="701.19a", message=f"{o.name} regenerates"))
    return True


@handles(Regenerate)
def h_regenerate(g: Game, job: Job, item: StackItem, e: Regenerate, key: str) -> None:
    """CR 701.19a: a shield for the rest of the turn."""
    for oid in ref_objects(g, e.what, item, job):
        o = g.s.objs[oid]
        if o.zone != "battlefield":
            continue
        g.s.effects.append(ContinuousEffect(SHIELD, oid, until="eot", player=item.controller,
                                            timestamp=g.s.next_timestamp()))
        g.emit(ev.EffectBegan(rule="701.19a", description=f"the next time {o.name} would be destroyed this "
                                                          "turn, it is regenerated instead"))


@handles(CantBeRegenerated)
def h_cant_be_regenerated(g: Game, job: Job, item: StackItem, e: CantBeRegenerated, key: str) -> None:
    """CR 701.19c: its shields don't apply this turn."""
    for oid in ref_objects(g, e.what, item, job):
        o = g.s.objs[oid]
        if o.zone == "battlefield":
            g.s.effects.append(ContinuousEffect(CANT, oid, until="eot", player=item.controller))
            g.emit(ev.EffectBegan(rule="701.19c", description=f"{o.name} can't be regenerated this turn"))
