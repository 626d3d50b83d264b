"""Totem armor (CR 702.89a): "If enchanted permanent would be destroyed, instead remove all damage
marked on it and destroy this Aura." A replacement effect of the Aura's, among the destruction
replacements :mod:`undercity.engine.regeneration` offers (with regeneration shields, CR 616.1);
the rules are in :mod:`undercity.engine.totem_armor`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Static


@dataclass(frozen=True, slots=True, eq=False)
class TotemArmor(Static):
    """"Totem armor" (CR 702.89a) on an Aura."""

    kind: str = "totem_armor"
