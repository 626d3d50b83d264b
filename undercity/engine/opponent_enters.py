"""Triggers on permanents entering the battlefield under an opponent's control (CR 603.6a; the
language :mod:`undercity.cards.language.opponent_enters`).

"Whenever one or more lands enter the battlefield under an opponent's control without being
played": checked for each permanent entering (a watcher of ``zone_changed``); a land played
(CR 305.1, the special action: the move that ``priority.play_land`` makes) doesn't count; one
trigger per event however many lands it moves together (CR 603.2c, ``zones.event_serial``).

"Whenever a creature entering the battlefield under an opponent's control causes a triggered
ability of that creature to trigger": checked once the entering event's triggers are all
known (:func:`after_enter`, asked by ``triggers.check``), one trigger for each triggered
ability of the entering creature that its entering triggered (CR 603.2, 603.6a). Each is linked
to that ability (``COPY_LINK``: the stack item it becomes, kept by ``triggers.run_put_triggers``)
so that "copy that ability" finds it, even after it has left the stack (CR 707.10).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from undercity.cards.language.opponent_enters import EnteringTriggersItsAbility, EntersUnderOpponent
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import targeting, triggers, zones

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game

#: Trigger data: the zone-change event (``zones.event_serial``) a "one or more" ability saw.
_EVENT = "entering_event"
#: Trigger data of an ability some triggers wait to copy, shared with them (as ``COPIES``):
#: ``{"item": StackItem}`` once it is put on the stack (``triggers.run_put_triggers``).
COPY_LINK = "copy_link"
#: Trigger data of a trigger that copies an ability: that ability's ``COPY_LINK``.
COPIES = "copies"


@lru_cache(maxsize=4096)
def _has_enters(card: CardDef) -> bool:
    return any(isinstance(a.when, EntersUnderOpponent) for a in card.triggered)


@lru_cache(maxsize=4096)
def _has_entering_triggers(card: CardDef) -> bool:
    return any(isinstance(a.when, EnteringTriggersItsAbility) for a in card.triggered)


@triggers.watches("zone_changed")
def _entered(g: Game, e: ev.ZoneChanged) -> None:
    if e.to_zone != "battlefield":
        return
    s = g.s
    new = s.objs.get(e.new_obj)
    if new is None or new.zone != "battlefield":
        return
    played = e.verb == "is played"  # the special action of CR 305.1 (priority.play_land)
    for o, trig in ab.with_triggered(g, ch.permanents_with(s, _has_enters)):
        for a in trig:
            w = a.when
            if not isinstance(w, EntersUnderOpponent) or (w.not_played and played) \
                    or not targeting._is_opponent(g, o.controller, new.controller) \
                    or not targeting.matches(g, new, w.filter, o.controller, o.id):
                continue
            serial = zones.event_serial(g) if w.one_or_more else None
            if serial is not None and any(t.source == o.id and t.ability is a and t.data.get(_EVENT) == serial
                                          for t in s.pending_triggers):
                continue  # CR 603.2c: one trigger for the whole event
            triggers.add_pending(g, o, a, o.controller, o.name, object=new.id, **{_EVENT: serial})


def after_enter(g: Game, e: ev.ZoneChanged, before: int) -> None:
    """The triggered abilities of the permanent ``e`` put onto the battlefield that its entering
    triggered (``pending_triggers[before:]``, from that creature): each triggers "whenever a
    creature entering the battlefield under an opponent's control causes a triggered ability of
    that creature to trigger" (CR 603.2) of the permanents that have it."""
    s = g.s
    if e.to_zone != "battlefield":
        return
    new = s.objs.get(e.new_obj)
    if new is None:
        return
    its = [t for t in s.pending_triggers[before:] if t.source == new.id and t.ability is not None]
    if not its:
        return
    for o, trig in ab.with_triggered(g, ch.permanents_with(s, _has_entering_triggers)):
        for a in trig:
            w = a.when
            if not isinstance(w, EnteringTriggersItsAbility) or o.id == new.id \
                    or not targeting._is_opponent(g, o.controller, new.controller) \
                    or not targeting.matches(g, new, w.filter, o.controller, o.id):
                continue
            for t in its:
                link = t.data.setdefault(COPY_LINK, {})
                triggers.add_pending(g, o, a, o.controller, o.name, object=new.id, **{COPIES: link})
