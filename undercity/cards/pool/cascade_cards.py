"""Cards with cascade (CR 702.85) from the Commander precons (Exit from Exile: Bloodbraid
Elf; Planar Portal: Bituminous Blast). The keyword comes from the Oracle data and is a rule
(:mod:`undercity.engine.cascade`): a definition says only what else the card does."""

from __future__ import annotations

from undercity.cards.model import DealDamage, SpellAbility, T, target_creature
from undercity.cards.registry import define

define("Bloodbraid Elf")

define("Bituminous Blast", spell=SpellAbility(
    "Bituminous Blast deals 4 damage to target creature.",
    effects=(DealDamage(4, T(0)),), targets=(target_creature(),)))
