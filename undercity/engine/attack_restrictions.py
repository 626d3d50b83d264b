"""Restrictions on attacking (CR 508.1c): a creature with "can't attack unless you control …" may be
declared as an attacker only while its controller controls such a permanent — checked as
attackers are declared (``combat.can_attack`` asks :func:`allows`), not afterwards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards import model as m
from undercity.cards.language.attack_restrictions import SELF_CANT_ATTACK, CantAttackUnlessYouControl
from undercity.cards.language.block_restrictions import SELF_CANT_ATTACK_OR_BLOCK
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import targeting
from undercity.engine.effects import handles, ref_objects, until_text
from undercity.engine.state import ContinuousEffect, Job, StackItem

if TYPE_CHECKING:
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


@handles(m.CantAttack)
def h_cant_attack(g: Game, job: Job, item: StackItem, e: m.CantAttack, key: str) -> None:
    for oid in ref_objects(g, e.what, item, job):
        g.s.effects.append(ContinuousEffect("cant_attack", oid, until=e.until, player=item.controller,
                                            timestamp=g.s.next_timestamp()))
        g.emit(ev.EffectBegan(rule="611.2a", description=f"{g.s.objs[oid].name} can't attack "
                                                         f"{until_text(g, e.until, item.controller)}"))
