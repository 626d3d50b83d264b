"""The heuristic's use of abilities that make a permanent a creature until end of turn (a
creature land: "{1}: Mishra's Factory becomes a 2/2 Assembly-Worker artifact creature until
end of turn. It's still a land."; CR 611.2a).

Such an ability is worth its mana when the creature it makes is used: on its controller's turn,
before attackers are declared, to attack — if it may (CR 302.6: controlled since the turn
began) and no untapped opposing creature could block and kill it; on an opponent's turn, once
attackers are declared, to block an attacker coming at its controller that it survives or that
would otherwise deal lethal damage.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.agents import evaluation as ev
from undercity.cards import model as m
from undercity.cards.language.continuous import AddAbilities, AddTypes, SetPT, SetTypes
from undercity.cards.language.until_end_of_turn import UntilEndOfTurn
from undercity.engine import characteristics as ch
from undercity.engine.teams import is_active

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj


def animation(a: m.Activated) -> tuple[int, int, frozenset[str]] | None:
    """The power, toughness and keywords of the creature ``a`` makes of its own source until
    end of turn, or None if it makes none."""
    for e in a.effects:
        if not isinstance(e, UntilEndOfTurn) or e.what != m.SELF:
            continue
        creature = any(isinstance(md, AddTypes | SetTypes) and "Creature" in md.types for md in e.mods)
        pt = next((md for md in e.mods if isinstance(md, SetPT)), None)
        if creature and pt is not None:
            kws = frozenset().union(*(md.keywords for md in e.mods if isinstance(md, AddAbilities)))
            return pt.p, pt.t, kws
    return None


def _unblockable(a: m.Activated) -> bool:
    return any(type(e).__name__ == "CantBeBlockedBy" for e in a.effects)


def value(g: Game, me: int, o: Obj, a: m.Activated) -> float | None:
    """What activating ``a`` (an animation of ``o``) is worth now; None if it isn't one."""
    anim = animation(a)
    if anim is None:
        return None
    if o.tapped or ch.is_creature(o, g):
        return 0.0  # it couldn't attack or block, or it already is a creature
    p, t, kws = anim
    s = g.s
    if is_active(g, me):
        if s.step not in ("precombat-main", "beginning-of-combat") or o.sick and "haste" not in kws or p <= 0:
            return 0.0
        opponents = ev.opponents(g, me)
        blockers = [b for b in ev.potential_blockers(g, opponents)
                    if "flying" not in kws or ch.has(g, b, "flying") or ch.has(g, b, "reach")]
        if _unblockable(a) or not blockers or all(max(ch.power(g, b), 0) < t for b in blockers):
            return 1.0 + p
        return 0.0
    if s.step != "declare-attackers" or s.combat is None:
        return 0.0
    life = s.players[me].life
    coming = [s.objs[x] for x, d in s.combat.attackers.items() if d == ("p", me) and x in s.objs]
    total = sum(max(ch.power(g, x), 0) for x in coming)
    for x in coming:
        if ch.has(g, x, "flying") and not ({"flying", "reach"} & kws):
            continue
        if max(ch.power(g, x), 0) < t or total >= life:
            return 1.0 + min(max(ch.power(g, x), 0), 5)
    return 0.0
