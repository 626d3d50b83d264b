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
    UnblockableBy,
)
from undercity.cards.language.static_abilities import UnblockableAlone, UnblockableExcept
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import targeting
from undercity.engine.effects import handles, ref_objects
from undercity.engine.state import FilteredEffect, Job, StackItem
from undercity.engine.static_abilities import permanents_where, static_kind

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj


#: Landwalk keywords (CR 702.14a) and the basic land type each names.
LANDWALK = {f"{t.lower()}walk": t for t in ("Plains", "Island", "Swamp", "Mountain", "Forest")}


def _evasion_ok(g: Game, blocker: Obj, attacker: Obj) -> bool:
    """The evasion keywords of the attacker (as it has them now, CR 613.1f): shadow on either
    side (CR 702.28b), skulk (CR 702.118b:
    not blocked by creatures with greater power), fear (CR 702.36b:
    only artifact creatures and/or black creatures block it), intimidate (CR 702.13b: only
    artifact creatures and/or creatures sharing a color with it) and landwalk (CR 702.14c: not
    blocked at all as long as the defending player controls a land of that type)."""
    kws = ch.keywords(g, attacker)
    if ("shadow" in kws) != ("shadow" in ch.keywords(g, blocker)):
        return False  # CR 702.28b: shadow blocks and is blocked only by shadow
    if not kws or not ({"fear", "intimidate", "skulk"} & kws or any(k in LANDWALK for k in kws)):
        return True
    if "skulk" in kws and ch.power(g, blocker) > ch.power(g, attacker):
        return False  # CR 702.118b: not blocked by creatures with greater power
    artifact = "Artifact" in ch.types(g, blocker)
    if "fear" in kws and not (artifact or "B" in ch.colors(blocker, g)):
        return False
    if "intimidate" in kws and not (artifact or ch.colors(blocker, g) & ch.colors(attacker, g)):
        return False
    walks = {LANDWALK[k] for k in kws if k in LANDWALK}
    if walks:
        defending = _defending_player(g, attacker)
        s = g.s
        if defending is not None and any(
                s.objs[oid].controller == defending and walks & ch.subtypes(g, s.objs[oid])
                and "Land" in ch.types(g, s.objs[oid]) for oid in s.battlefield):
            return False
    return True


def _defending_player(g: Game, attacker: Obj) -> int | None:
    """The player ``attacker`` attacks, or the controller of the planeswalker or battle it
    attacks (CR 506.2, 506.3)."""
    s = g.s
    d = s.combat.attackers.get(attacker.id) if s.combat is not None else None
    if d is None:
        return None
    if d[0] == "p":
        return d[1]
    o = s.objs.get(d[1])
    return o.controller if o is not None else None


def allows(g: Game, blocker: Obj, attacker: Obj) -> bool:
    """Blocking restrictions (CR 509.1b) of effects and static abilities."""
    s = g.s
    # "~ can't block." / "~ can't be blocked." — the creature's own static abilities, as it has
    # them now (a creature that lost its abilities may block, CR 613.1f).
    if any(st.kind in (SELF_CANT_BLOCK, SELF_CANT_ATTACK_OR_BLOCK) for st in ab.static(g, blocker)):
        return False
    for st in ab.static(g, attacker):
        if st.kind == SELF_UNBLOCKABLE:
            return False
        if isinstance(st, UnblockableBy) and targeting.matches(g, blocker, st.filter, attacker.controller):
            return False  # "~ can't be blocked by white creatures", as the blocker is now (CR 509.1b)
    if not _evasion_ok(g, blocker, attacker):
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
    when = "until its controller's next turn" if e.until == "your_next_turn" else "this turn"
    for oid in ref_objects(g, e.what, item, job):
        _eot(g, "cant_be_blocked_by", oid, item.controller,
             f"{g.s.objs[oid].name} can't be blocked by {what}s {when}", filter=e.filter, until=e.until)


@handles(CantBlock)
def h_cant_block(g: Game, job: Job, item: StackItem, e: CantBlock, key: str) -> None:
    for oid in ref_objects(g, e.what, item, job):
        _eot(g, "cant_block", oid, item.controller, f"{g.s.objs[oid].name} can't block this turn")
