"""Discarding (CR 701.9): the abilities that trigger when a player discards a card, handled by
:mod:`undercity.engine.discard`.

"Each other player discards a card. You draw a card for each card discarded this way." is a
``Discard`` for :data:`EACH_OTHER_PLAYER` and a ``Draw`` of :class:`DiscardedThisWay`.

"Whenever you discard a creature card" is :class:`YouDiscard` with that card's ``filter``;
"Whenever you cycle or discard another card" is the same trigger with none — cycling a card is
discarding it (CR 702.29a), and the ability triggers once for it (a ruling of Curator of
Mysteries: cycling is mentioned for clarity).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Count, Ref, Trigger

#: "Each other player": every player in the game but the ability's controller, teammates too
#: (CR 102.1), in turn order.
EACH_OTHER_PLAYER = Ref("each_other_player")
#: ``Job.data`` key: how many cards the ability's last discard effect discarded ("this way").
DISCARDED_THIS_WAY = "discarded_this_way"


@dataclass(frozen=True, slots=True)
class DiscardedThisWay(Count):
    """"for each card discarded this way": the cards the same ability's discard effect before it
    discarded (CR 608.2c, 701.9a), whoever discarded them."""

    what: str = "discarded_this_way"


@dataclass(frozen=True, slots=True)
class YouDiscard(Trigger):
    """"Whenever you discard a [``filter``] card": once for each card its controller discards
    (CR 701.9a, 603.2), from a resolving effect, a cost or the cleanup step (CR 514.1); the
    discarded card is the trigger's object."""

    event: str = "you_discard"
    whose: str = "you"
