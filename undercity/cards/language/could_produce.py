"""Mana of a type another permanent "could produce" (CR 106.7): Exotic Orchard's and Fellwar
Stone's "Add one mana of any color that a land an opponent controls could produce".

:data:`OPPONENT_LAND_COLOR` is the ``AddMana.mana`` of that ability; what it adds is found as
it would resolve by :mod:`undercity.engine.could_produce`.
"""

from __future__ import annotations

#: ``AddMana.mana``: one mana of any color that a land an opponent controls could produce.
OPPONENT_LAND_COLOR = "opponent_land_color"
