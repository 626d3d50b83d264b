"""Requirements on attacking (CR 508.1d): which creatures must attack, and whom a goaded one
must attack (CR 701.15b). ``combat`` asks these as attackers are declared: a creature with a
requirement that is able to attack must be declared — every requirement here is one creature's
own, and no cost or restriction in the engine makes obeying one break another, so declaring each
such able creature obeys the maximum number of requirements (508.1d) — and a goaded creature
attacks a player other than those who goaded it if able (701.15b-c).

A creature is goaded by the players recorded on it (a resolved goad, until that player's next
turn, 701.15a) and by the controller of each Aura or Equipment attached to it with "… is goaded"
(:class:`~undercity.cards.language.attack_requirements.IsGoaded`). It must attack each combat
when goaded or when an :class:`~undercity.cards.language.attack_requirements.AttacksEachCombat`
static ability applies to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.attack_requirements import AttacksEachCombat, IsGoaded
from undercity.engine import abilities as ab
from undercity.engine import targeting

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj


def goaded_by(g: Game, o: Obj) -> tuple[int, ...]:
    """The players ``o`` is goaded by (CR 701.15b-d: each player once)."""
    out = list(o.goaded_by)
    s = g.s
    for sid in s.battlefield:
        src = s.objs[sid]
        if src.attached_to != o.id or src.controller in out:
            continue
        if any(isinstance(st, IsGoaded) for st in ab.static(g, src)):
            out.append(src.controller)
    return tuple(out)


def _required(g: Game, o: Obj) -> bool:
    """Whether an "attacks each combat if able" ability applies to ``o``."""
    s = g.s
    for sid in s.battlefield:
        src = s.objs[sid]
        for st in ab.static(g, src):
            if not isinstance(st, AttacksEachCombat):
                continue
            if st.affects.kind == "self":
                if sid == o.id:
                    return True
            elif st.affects.kind == "all" and targeting.matches(g, o, st.affects.filter, src.controller, sid):
                flt = st.affects.filter
                # "Creatures your opponents control": an opponent's, not a teammate's (CR 102.3).
                if flt is None or flt.controller != "opponent" or targeting._is_opponent(g, src.controller,
                                                                                          o.controller):
                    return True
    return False


def must_attack(g: Game, o: Obj) -> bool:
    """Whether ``o`` has a requirement to attack this combat (CR 508.1d, 701.15b)."""
    return bool(goaded_by(g, o)) or _required(g, o)
