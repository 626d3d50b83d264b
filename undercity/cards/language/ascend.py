"""Ascend and the city's blessing (CR 702.131): a permanent's "Ascend (If you control ten or
more permanents, you get the city's blessing for the rest of the game.)" and "Activate only if
you have the city's blessing" (Orazca Relic).

Ascend is a keyword of the card (``"ascend"``); :mod:`undercity.engine.ascend` gives its
controller the designation the moment they control ten permanents (702.131b) and answers
:class:`CityBlessing`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Condition


@dataclass(frozen=True, slots=True)
class CityBlessing(Condition):
    """"You have the city's blessing" (CR 702.131c): a designation kept for the rest of the game."""

    what: str = "city_blessing"
