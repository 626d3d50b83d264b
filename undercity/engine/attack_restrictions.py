"""Restrictions on attacking (CR 508.1c): a creature with "can't attack unless you control …" may be
declared as an attacker only while its controller controls such a permanent — checked as
attackers are declared (``combat.can_attack`` asks :func:`allows`), not afterwards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards import model as m
from undercity.cards.language.attack_restrictions import (
    SELF_CANT_ATTACK,
    CantAttackHighestRollers,
    CantAttackUnlessYouControl,
    CantAttackYou,
)
from undercity.cards.language.block_restrictions import SELF_CANT_ATTACK_OR_BLOCK
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import targeting
from undercity.engine.effects import handles, ref_objects, until_text
from undercity.engine.state import ContinuousEffect, Job, StackItem

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game
    from undercity.engine.state import Obj


def allows(g: Game, o: Obj) -> bool:
    """Whether ``o``'s own restrictions let it attack now (CR 508.1c)."""
    for st in ab.static(g, o):
        if isinstance(st, CantAttackUnlessYouControl) and not _controls(g, o, st):
            return False
        if st.kind in (SELF_CANT_ATTACK, SELF_CANT_ATTACK_OR_BLOCK):  # "~ can't attack [or block]."
            return False
    return True


def _protects_its_controller(card: CardDef) -> bool:
    return any(isinstance(st, CantAttackYou) for st in card.static)


def _protecting(g: Game) -> tuple[int, ...]:
    """The permanents with "[creatures] can't attack you …" (CR 508.1c), usually none."""
    return ab.with_static(g, ch.permanents_with(g.s, _protects_its_controller), CantAttackYou)


def limits_defenders(g: Game) -> bool:
    """Whether any restriction on whom creatures attack applies now (CR 508.1c)."""
    c = g.s.combat
    return bool(c is not None and c.cant_attack or _protecting(g))


def may_attack(g: Game, o: Obj, d: tuple[str, int]) -> bool:
    """Whether ``o`` may be declared attacking ``d`` (a player, or a planeswalker or battle):
    "Creatures with flying can't attack you or planeswalkers you control", "~ can't attack those
    players or planeswalkers they control this combat" (CR 508.1c)."""
    s = g.s
    sources = _protecting(g)
    barred = s.combat.cant_attack.get(o.id, ()) if s.combat is not None else ()
    if not sources and not barred:
        return True
    if d[0] == "p":
        player = d[1]
    elif d[1] in s.objs and "Planeswalker" in ch.types(g, s.objs[d[1]]):
        player = s.objs[d[1]].controller
    else:
        return True  # a battle is no planeswalker
    if player in barred:
        return False
    for sid in sources:
        src = s.objs[sid]
        if src.controller != player:
            continue
        for st in ab.static(g, src):
            if isinstance(st, CantAttackYou) and targeting.matches(g, o, st.filter, src.controller, sid):
                return False
    return True


def _controls(g: Game, o: Obj, st: CantAttackUnlessYouControl) -> bool:
    s = g.s
    for oid in s.battlefield:
        p = s.objs[oid]
        if p.controller != o.controller or not targeting.matches(g, p, st.filter, o.controller, o.id):
            continue
        if st.power is not None and ch.power(g, p) != st.power:
            continue
        if st.toughness is not None and ch.toughness(g, p) != st.toughness:
            continue
        return True
    return False


@handles(CantAttackHighestRollers)
def h_cant_attack_highest_rollers(g: Game, job: Job, item: StackItem, e: CantAttackHighestRollers, key: str) -> None:
    """The opponents with the highest result of the roll before it (CR 706.4; ties: each of
    them) can't be attacked by this creature this combat (CR 508.1c): kept with the combat,
    which ends with the combat phase (CR 511.3)."""
    from undercity.engine.dice import ALL_RESULTS_KEY

    s = g.s
    results: dict[int, int] = job.data.get(ALL_RESULTS_KEY, {})
    o = s.objs.get(item.source) if item.source is not None else None
    if not results or o is None or o.zone != "battlefield" or s.combat is None:
        return
    top = max(results.values())
    barred = [p for p, r in results.items() if r == top and targeting._is_opponent(g, item.controller, p)]
    if not barred:
        return
    s.combat.cant_attack.setdefault(o.id, set()).update(barred)
    g.emit(ev.EffectBegan(rule="508.1c", description=f"{o.name} can't attack "
                          f"{', '.join(s.players[p].name for p in barred)} or planeswalkers they control this combat"))


@handles(m.CantAttack)
def h_cant_attack(g: Game, job: Job, item: StackItem, e: m.CantAttack, key: str) -> None:
    for oid in ref_objects(g, e.what, item, job):
        g.s.effects.append(ContinuousEffect("cant_attack", oid, until=e.until, player=item.controller,
                                            timestamp=g.s.next_timestamp()))
        g.emit(ev.EffectBegan(rule="611.2a", description=f"{g.s.objs[oid].name} can't attack "
                                                         f"{until_text(g, e.until, item.controller)}"))
