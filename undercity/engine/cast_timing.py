"""When a spell with "Cast this spell only …" may be cast (CR 601.3); its vocabulary is
:mod:`undercity.cards.language.cast_timing`.

The combat phase (CR 506.1) is the beginning of combat, declare attackers, declare blockers,
combat damage (first-strike and regular) and end of combat steps; "before blockers are declared"
is its first two steps (509.1 happens as the declare blockers step begins, so no player has
priority in that step before blockers are declared), "after blockers are declared" the rest from
declare blockers on. "Before combat" is the beginning phase and the precombat main phase (505.1a);
"after combat" the postcombat main phase and the ending phase.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from undercity.cards.language.cast_timing import CastOnly
from undercity.cards.model import CardDef

if TYPE_CHECKING:
    from undercity.engine.game import Game

_BEFORE_COMBAT = frozenset({"untap", "upkeep", "draw", "precombat-main"})
_BEFORE_BLOCKERS = frozenset({"beginning-of-combat", "declare-attackers"})
_AFTER_BLOCKERS = frozenset({"declare-blockers", "first-strike-damage", "combat-damage", "end-of-combat"})
_COMBAT = _BEFORE_BLOCKERS | _AFTER_BLOCKERS
_AFTER_COMBAT = frozenset({"postcombat-main", "end", "cleanup"})

#: Each part of the turn a restriction names: the steps it is made of, and whose turn it must be
#: ("you", "opponent", or None for anyone's).
_WHEN: dict[str, tuple[frozenset[str] | None, str | None]] = {
    "before combat or during combat before blockers are declared": (_BEFORE_COMBAT | _BEFORE_BLOCKERS, None),
    "during combat before blockers are declared": (_BEFORE_BLOCKERS, None),
    "during combat after blockers are declared": (_AFTER_BLOCKERS, None),
    "during combat on an opponent's turn": (_COMBAT, "opponent"),
    "during the declare blockers step on an opponent's turn": (frozenset({"declare-blockers"}), "opponent"),
    "during combat": (_COMBAT, None),
    "during the declare attackers step": (frozenset({"declare-attackers"}), None),
    "during your declare attackers step": (frozenset({"declare-attackers"}), "you"),
    "during the declare blockers step": (frozenset({"declare-blockers"}), None),
    "before the combat damage step": (_BEFORE_COMBAT | frozenset({"beginning-of-combat", "declare-attackers",
                                                                  "declare-blockers"}), None),
    "after combat": (_AFTER_COMBAT, None),
    "during an opponent's turn": (None, "opponent"),
    "during your turn": (None, "you"),
    "during an opponent's upkeep": (frozenset({"upkeep"}), "opponent"),
}


@lru_cache(maxsize=4096)
def restriction(card: CardDef) -> CastOnly | None:
    return next((st for st in card.static if isinstance(st, CastOnly)), None)


def _now(g: Game, player: int, when: str) -> bool:
    if when == "if you've been attacked this step":  # ruling 2009-10-01 (Heavy Fog): you, not your planeswalkers
        c = g.s.combat
        return g.s.step == "declare-attackers" and c is not None \
            and any(player in attacked for attacked in c.attacked_players.values())
    steps, whose = _WHEN[when]
    if whose is not None and (g.s.active == player) != (whose == "you"):
        return False
    return steps is None or g.s.step in steps


def allows(g: Game, player: int, card: CardDef) -> bool:
    """Whether ``card``'s "Cast this spell only …" lets ``player`` cast it now (CR 601.3)."""
    r = restriction(card)
    return r is None or (_now(g, player, r.when) and (not r.also or _now(g, player, r.also)))
