"""A fraction of a player's life (CR 107.1a, 119.3): "each player loses a third of their life,
rounded up", "that player loses half their life, rounded down". The text says which way the
fraction is rounded (CR 107.1a: no fractional life). Handled by :mod:`undercity.engine.life_fraction`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Ref


@dataclass(frozen=True, slots=True)
class LoseLifeFraction(Effect):
    """Each of ``who`` loses 1/``divisor`` of their life total, rounded up (``round_up``) or down."""

    who: Ref
    divisor: int
    round_up: bool = True
