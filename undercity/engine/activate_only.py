""""Activate only …" restrictions (CR 602.5b) of
:class:`undercity.cards.language.activate_only.ActivateOnly`, and what they read: whether a
player attacked this turn (recorded as attackers are declared, CR 508.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.activate_only import (
    DURING_END_OF_COMBAT,
    DURING_YOUR_UPKEEP,
    IF_SUSPENDED,
    IF_YOU_ATTACKED,
    ActivateOnly,
)
from undercity.cards.model import Activated
from undercity.engine import events as ev
from undercity.engine import triggers
from undercity.engine.teams import is_active

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

#: ``State.extra`` key: player -> the last turn they declared an attacking creature.
ATTACKED_TURN = "attacked_turn"


def allows(g: Game, player: int, a: Activated, o: Obj | None = None) -> bool:
    """Whether ``a``'s restriction lets ``player`` activate it (of object ``o``) now (CR 602.5b)."""
    if not isinstance(a, ActivateOnly) or not a.only:
        return True
    s = g.s
    if a.only == DURING_YOUR_UPKEEP:
        return s.step == "upkeep" and is_active(g, player)
    if a.only == IF_YOU_ATTACKED:
        return s.extra.get(ATTACKED_TURN, {}).get(player) == s.turn
    if a.only == DURING_END_OF_COMBAT:
        return s.step == "end-of-combat"  # CR 511: whoever's turn it is
    if a.only == IF_SUSPENDED:
        from undercity.engine.suspend import is_suspended

        return o is not None and is_suspended(o)  # CR 702.62b
    raise ValueError(f"unknown activation restriction {a.only!r}")


@triggers.watches("attack_declared")
def _record_attack(g: Game, e: ev.AttackDeclared) -> None:
    # Raid (CR 207.2c) looks at the whole turn: the creature needn't stay on the battlefield,
    # nor the player it attacked in the game (rulings of 2018-01-19).
    g.s.extra.setdefault(ATTACKED_TURN, {})[e.player] = g.s.turn
