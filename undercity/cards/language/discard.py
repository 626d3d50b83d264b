"""Discarding (CR 701.9): the abilities that trigger when a player discards a card, handled by
:mod:`undercity.engine.discard`.

"Whenever you discard a creature card" is :class:`YouDiscard` with that card's ``filter``;
"Whenever you cycle or discard another card" is the same trigger with none — cycling a card is
discarding it (CR 702.29a), and the ability triggers once for it (a ruling of Curator of
Mysteries: cycling is mentioned for clarity).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Trigger


@dataclass(frozen=True, slots=True)
class YouDiscard(Trigger):
    """"Whenever you discard a [``filter``] card": once for each card its controller discards
    (CR 701.9a, 603.2), from a resolving effect, a cost or the cleanup step (CR 514.1); the
    discarded card is the trigger's object."""

    event: str = "you_discard"
    whose: str = "you"
