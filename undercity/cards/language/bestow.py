"""Bestow (CR 702.103): the keyword's words in the card language.

"Bestow [cost]" means "As you cast this spell, you may choose to cast it bestowed. If you do,
you pay [cost] rather than its mana cost" (CR 702.103a): an alternative cost paid from the hand
(:func:`bestow_cost`, an :class:`~undercity.cards.model.AltCost` whose ``enchant`` is enchant
creature). Cast bestowed, "it becomes an Aura enchantment and gains enchant creature"
(702.103b): :data:`BESTOWED`, the modifications of the layer effect the rules put on the spell
and, as it resolves, on the permanent it becomes — layer 4 (it is an enchantment, subtype Aura,
and no longer a creature: its creature types go with that type, CR 205.3d) and layer 6 (enchant
creature). The rules of the keyword are in :mod:`undercity.engine.bestow`.
"""

from __future__ import annotations

from undercity.cards.language.continuous import AddAbilities, AddTypes, SetTypes
from undercity.cards.model import AltCost, target_creature
from undercity.mana import ManaCost

#: The keyword, as an :class:`AltCost` keyword and a priority option's cost (``("cast", id, BESTOW)``).
BESTOW = "bestow"

#: CR 702.103b: "enchant creature" — the spell's target, and what the Aura may enchant (303.4a).
ENCHANT_CREATURE = target_creature()

#: CR 702.103b: the effect making the spell (and the permanent it becomes) a bestowed Aura:
#: an Aura enchantment (layer 4, CR 205.1a: it stops being a creature) with enchant creature (layer 6).
BESTOWED = (SetTypes(types=frozenset({"Enchantment"})), AddTypes(subtypes=frozenset({"Aura"})),
            AddAbilities(enchant=ENCHANT_CREATURE))

#: The layer effect's text (the log, the card views).
BESTOWED_TEXT = "bestowed: an Aura enchantment with enchant creature"


def bestow_cost(mana: ManaCost) -> AltCost:
    """CR 702.103a: the bestow cost, paid rather than the mana cost, for a card cast from the
    hand (or, a commander, from the command zone: CR 903.8, 118.9)."""
    return AltCost(BESTOW, mana, zone="hand", enchant=ENCHANT_CREATURE)
