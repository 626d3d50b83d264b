"""Cards with cascade (CR 702.85) from the Commander precons (Exit from Exile: Bloodbraid
Elf, Natural Reclamation; Planar Portal: Bituminous Blast). The keyword comes from the Oracle
data and is a rule (:mod:`undercity.engine.cascade`): a definition says only what else the
card does."""

from __future__ import annotations

from undercity.cards.model import DealDamage, Destroy, F, SpellAbility, T, TargetSpec, target_creature
from undercity.cards.registry import define

define("Bloodbraid Elf")

define("Bituminous Blast", spell=SpellAbility(
    "Bituminous Blast deals 4 damage to target creature.",
    effects=(DealDamage(4, T(0)),), targets=(target_creature(),)))

define("Natural Reclamation", spell=SpellAbility(
    "Destroy target artifact or enchantment.", effects=(Destroy(T(0)),),
    targets=(TargetSpec("permanent", F("Artifact", "Enchantment"), text="target artifact or enchantment"),)))
