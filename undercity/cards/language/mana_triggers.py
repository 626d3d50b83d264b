"""Triggered mana abilities (CR 605.1b): "Whenever enchanted land is tapped for mana, its
controller adds an additional {G}" (Wild Growth).

Such an ability triggers from a mana ability with {T} in its cost (the land being "tapped for
mana", CR 106.11a) and resolves at once, right after it, without the stack (CR 605.4a): the
payment planner counts its mana with the land's, and :mod:`undercity.engine.costs` adds it as
the land's mana ability resolves.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Triggered


@dataclass(frozen=True, slots=True, eq=False)
class WhenEnchantedTappedForMana(Triggered):
    """The Aura's controller-independent trigger: the enchanted land's controller adds ``mana``
    (letters of WUBRGC) whenever that land is tapped for mana (CR 605.1b, 605.4a)."""

    mana: str = ""
