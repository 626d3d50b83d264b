"""Foretell (CR 702.143): "Foretell [cost]".

A keyword that functions while the card is in its owner's hand (702.143a): any time they have
priority during their turn, they may pay {2} and exile it face down — a special action (CR
116.2h, 702.143b). They may look at it while it remains exiled (CR 406.3), and cast it after the
turn it was foretold has ended by paying its foretell cost rather than its mana cost: an
alternative cost (CR 118.9, 601.2b, 601.2f-h), the ``AltCost`` keyword :data:`FORETELL` with zone
``exile``. A card's foretell is :class:`Foretell` among its static abilities; the rules are in
:mod:`undercity.engine.foretell`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Static
from undercity.mana import ManaCost, parse_cost

FORETELL = "foretell"
#: What foretelling a card costs (CR 702.143a), whatever its foretell cost.
FORETELL_ACTION_COST = parse_cost("{2}")


@dataclass(frozen=True, slots=True, eq=False)
class Foretell(Static):
    """"Foretell ``cost``" (CR 702.143a): the special action from the hand; casting the card from
    exile for ``cost`` is its ``AltCost`` of the same keyword."""

    kind: str = FORETELL
    cost: ManaCost | None = None
