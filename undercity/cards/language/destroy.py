"""Destroying (CR 701.8) beyond the core's ``Destroy`` and ``DestroyAll``: "Destroy each nonland
permanent with mana value X …" (Steel Hellkite). Handled by :mod:`undercity.engine.destroy`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Amount, Effect, Filter


@dataclass(frozen=True, slots=True)
class DestroyAllWithManaValue(Effect):
    """Destroy every permanent matching ``filter`` whose mana value is exactly ``mana_value``
    (counted as it resolves: the X announced with the cost, CR 107.3, 601.2b), as one event
    (CR 701.8a, 608.2c)."""

    filter: Filter
    mana_value: Amount
