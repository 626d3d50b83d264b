"""Choosing a creature type as a spell resolves (CR 608.2d, 205.3m): "Choose a creature type.
Creatures that aren't of the chosen type get -3/-3 until end of turn." (Crippling Fear).

:class:`ChooseCreatureType` asks the spell's controller for an existing creature type (CR 205.3m:
not a card type or supertype, a ruling of Crippling Fear) and keeps it as the spell's choice, so
"of the chosen type" and "that aren't of the chosen type" (``Filter.chosen`` / ``not_chosen``)
read it for the rest of the spell's resolution. Handled by :mod:`undercity.engine.type_choice`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect


@dataclass(frozen=True, slots=True)
class ChooseCreatureType(Effect):
    """"Choose a creature type." — of a spell only (the choice is the spell's, CR 608.2d)."""
