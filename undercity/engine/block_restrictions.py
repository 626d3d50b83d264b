"""Blocking restrictions (CR 509.1b): "can't block" and "can't be blocked by …" this turn (the
effects of :mod:`undercity.cards.language.block_restrictions`, CR 611.2a), and the static
abilities "can't be blocked except by …" and "can't be blocked as long as it's attacking
alone" (CR 506.5): :func:`allows`, asked by ``combat.can_block``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from undercity.cards.language.block_restrictions import (
    SELF_CANT_ATTACK_OR_BLOCK,
    SELF_CANT_BLOCK,
    SELF_UNBLOCKABLE,
    CantBeBlockedBy,
    CantBlock,
)
from undercity.cards.language.static_abilities import UnblockableAlone, UnblockableExcept
from undercity.engine import abilities as ab
from undercity.engine import events as ev
from undercity.engine import targeting
from undercity.engine.effects import handles, ref_objects
from undercity.engine.state import FilteredEffect, Job, StackItem
from undercity.engine.static_abilities import permanents_where, static_kind

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj


def allows(g: Game, blocker: Obj, attacker: Obj) -> bool:
    """Blocking restrictions (CR 509.1b) of effects and static abilities."""
    s = g.s
    # "~ can't block." / "~ can't be blocked." — the creature's own static abilities, as it has
    # them now (a creature that lost its abilities may block, CR 613.1f).
    if any(st.kind in (SELF_CANT_BLOCK, SELF_CANT_ATTACK_OR_BLOCK) for st in ab.static(g, blocker)):
        return False
    if any(st.kind == SELF_UNBLOCKABLE for st in ab.static(g, attacker)):
        return False
    for e in s.effects:
        if e.kind == "cant_block" and e.obj == blocker.id:
            return False
        if (e.kind == "cant_be_blocked_by" and e.obj == attacker.id
                and targeting.matches(g, blocker, getattr(e, "filter", None), e.player or 0)):
            return False
    for src in permanents_where(g, static_kind(UnblockableExcept)):
        for st in ab.static(g, src):
            if (isinstance(st, UnblockableExcept) and attacker.controller == src.controller
                    and not targeting.matches(g, blocker, st.filter, src.controller)):
                return False
    for src in permanents_where(g, static_kind(UnblockableAlone)):
        if src.id == attacker.id and s.combat is not None and len(s.combat.attackers) == 1:
            return False  # CR 506.5: attacking alone
    return True



def _eot(g: Game, kind: str, oid: int, player: int, description: str, rule: str = "611.2a",
         **kw: Any) -> None:
    g.s.effects.append(FilteredEffect(kind, oid, player=player, timestamp=g.s.next_timestamp(), **kw))
    g.emit(ev.EffectBegan(rule=rule, description=description))


@handles(CantBeBlockedBy)
def h_cant_be_blocked_by(g: Game, job: Job, item: StackItem, e: CantBeBlockedBy, key: str) -> None:
    what = " or ".join(sorted(e.filter.subtypes | e.filter.types)) or "creatures"
    for oid in ref_objects(g, e.what, item, job):
        _eot(g, "cant_be_blocked_by", oid, item.controller,
             f"{g.s.objs[oid].name} can't be blocked by {what}s this turn", filter=e.filter)


@handles(CantBlock)
def h_cant_block(g: Game, job: Job, item: StackItem, e: CantBlock, key: str) -> None:
    for oid in ref_objects(g, e.what, item, job):
        _eot(g, "cant_block", oid, item.controller, f"{g.s.objs[oid].name} can't block this turn")
