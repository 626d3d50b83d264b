"""Zone-change triggers with no object of their own (CR 603.6, 603.2c): "Whenever a card is
put into an opponent's graveyard from anywhere" (once per card) and "Whenever one or more
cards are put into exile from your library and/or your graveyard" (once per event, however
many cards it moves: CR 603.2c, "it can trigger repeatedly if one event contains multiple
occurrences" — a "one or more" trigger counts the event, not the occurrences).

A trigger "from anywhere" is never a leaves-the-battlefield ability (CR 603.6c): it sees the
card in the zone it went to. The trigger is :class:`PutIntoZone`; it is detected by
:mod:`undercity.engine.zone_change_triggers`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Trigger

#: ``Trigger.event`` of :class:`PutIntoZone`.
PUT_INTO_ZONE = "put_into_zone"


@dataclass(frozen=True, slots=True)
class PutIntoZone(Trigger):
    """A card matching ``filter`` (None: any card) is put into ``to_zone`` (``graveyard`` or
    ``exile``) of a player ``whose`` (``you``, ``opponent``, ``each``: the card's owner, CR 400.3)
    from one of ``from_zones`` (empty: from anywhere). ``one_or_more``: once per event that
    puts one or more such cards there (CR 603.2c). ``while_suspended``: the ability works only
    while its card is suspended (CR 702.62b; "if ~ is suspended", CR 113.6b, 603.4)."""

    event: str = PUT_INTO_ZONE
    from_zones: frozenset[str] = frozenset()
    one_or_more: bool = False
    while_suspended: bool = False
