"""Creating tokens beyond the core ``CreateToken``: tokens that enter tapped and attacking
(CR 508.4). Handled by :mod:`undercity.engine.tokens`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Amount, Effect


@dataclass(frozen=True, slots=True)
class CreateTokensAttacking(Effect):
    """Create ``n`` ``token`` tokens that are tapped and attacking (CR 508.4: their
    controller chooses what each attacks; they never "attacked")."""

    token: str
    n: Amount = 1
