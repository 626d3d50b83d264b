"""Zone-change triggers with no object of their own (CR 603.6): the abilities of
:class:`undercity.cards.language.zone_change_triggers.PutIntoZone`.

Each card put into a graveyard or exile is checked against the abilities of the permanents on
the battlefield and, for an ability that works only while its card is suspended (CR 702.62b,
113.6b: Nihilith), of the suspended cards in exile. A card "put into an opponent's graveyard
from anywhere" is seen where it went (CR 603.6c), once per card; a token or a copy of a spell
isn't a card (CR 108.2, 111.1, 707.10) and doesn't trigger it (ruling 2007-05-01, Nihilith).

"Whenever one or more cards are put into …" triggers once per event (CR 603.2c): the cards
moved together by :func:`undercity.engine.zones.simultaneously` are one event, so while one
such ability of a source already waits for this event another card of it adds nothing
(ruling 2021-06-18, Laelia, the Blade Reforged).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from undercity.cards.language.zone_change_triggers import PutIntoZone
from undercity.cards.model import CardDef, Triggered
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import targeting, triggers, zones
from undercity.engine.suspend import is_suspended

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

#: Trigger data: the zone-change event (``zones.event_serial``) a "one or more" ability saw.
_EVENT = "zone_event"


@lru_cache(maxsize=4096)
def _has_put_triggers(card: CardDef) -> bool:
    return any(isinstance(a.when, PutIntoZone) and not a.when.while_suspended for a in card.triggered)


@lru_cache(maxsize=4096)
def _suspended_triggers(card: CardDef) -> tuple[Triggered, ...]:
    return tuple(a for a in card.triggered if isinstance(a.when, PutIntoZone) and a.when.while_suspended)


def _whose(g: Game, w: PutIntoZone, controller: int, owner: int) -> bool:
    if w.whose == "you":
        return owner == controller
    if w.whose == "opponent":
        return targeting._is_opponent(g, controller, owner)
    return True


def _matches(g: Game, o: Obj, a: Triggered, controller: int, card: Obj, e: ev.ZoneChanged) -> bool:
    w = a.when
    assert isinstance(w, PutIntoZone)
    return (w.to_zone == e.to_zone and (not w.from_zones or e.from_zone in w.from_zones)
            and _whose(g, w, controller, card.owner)
            and (w.filter is None or targeting.matches(g, card, w.filter, controller, o.id)))


def _add(g: Game, o: Obj, a: Triggered, controller: int, card: Obj) -> None:
    s = g.s
    w = a.when
    assert isinstance(w, PutIntoZone)
    if not w.one_or_more:
        triggers.add_pending(g, o, a, controller, o.name, object=card.id)
        return
    serial = zones.event_serial(g)
    if serial is not None and any(t.source == o.id and t.ability is a and t.data.get(_EVENT) == serial
                                  for t in s.pending_triggers):
        return  # CR 603.2c: one trigger for the whole event
    triggers.add_pending(g, o, a, controller, o.name, **{_EVENT: serial})


@triggers.watches("zone_changed")
def _put_into_zone(g: Game, e: ev.ZoneChanged) -> None:
    if e.to_zone not in ("graveyard", "exile") or e.token:
        return
    s = g.s
    card = s.objs.get(e.new_obj)
    if card is None or card.zone != e.to_zone or card.is_copy:
        return  # a copy of a spell isn't a card (CR 707.10); a token ceased to exist (CR 111.7)
    for o, trig in ab.with_triggered(g, ch.permanents_with(s, _has_put_triggers)):
        for a in trig:
            if isinstance(a.when, PutIntoZone) and not a.when.while_suspended \
                    and _matches(g, o, a, o.controller, card, e):
                _add(g, o, a, o.controller, card)

    # CR 113.6b, 702.62b: abilities that work while their card is suspended, in exile (its
    # owner controls them, CR 108.3, 113.8).
    for p in s.players:
        for oid in p.exile:
            o = s.objs[oid]
            for a in _suspended_triggers(o.card):
                if is_suspended(o) and _matches(g, o, a, o.owner, card, e):
                    _add(g, o, a, o.owner, card)
