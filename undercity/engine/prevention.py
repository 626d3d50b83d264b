"""Damage that can't be prevented (CR 615.12): after "Damage can't be prevented this turn."
resolves, :func:`can_be_prevented` is False until the turn ends, and ``effects.deal_damage``
applies no prevention effect (CR 615.1) to damage dealt meanwhile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language import prevention as lp
from undercity.engine import events as ev
from undercity.engine.effects import handles

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem

#: ``State.extra`` key: the turn during which damage can't be prevented.
UNPREVENTABLE = "damage_unpreventable_turn"


def can_be_prevented(g: Game) -> bool:
    """CR 615.12: False for the rest of a turn in which "damage can't be prevented" resolved."""
    return g.s.extra.get(UNPREVENTABLE) != g.s.turn


@handles(lp.DamageCantBePrevented)
def h_damage_cant_be_prevented(g: Game, job: Job, item: StackItem, e: lp.DamageCantBePrevented, key: str) -> None:
    g.s.extra[UNPREVENTABLE] = g.s.turn
    g.emit(ev.EffectBegan(rule="615.12", description="damage can't be prevented this turn"))
