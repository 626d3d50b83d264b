""""Whenever you play a card from exile" (CR 701.18b: to play a card is to play it as a land or
to cast it as a spell; CR 603.2): checked when a spell is cast (its zone before the stack,
CR 601.2a) and when a land is played (the zone it was played from, CR 305.1) — Prosper,
Tome-Bound's Pact Boon, whichever effect let the card be played (ruling 2021-07-23). Also
"whenever you cast a spell from exile or a land enters the battlefield under your control from
exile" (Faldorn, Dread Wolf Herald)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.cast_permissions import (
    YOU_CAST_FROM_EXILE_OR_LAND_FROM_EXILE,
    YOU_PLAY_FROM_EXILE,
)
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import triggers

if TYPE_CHECKING:
    from undercity.engine.game import Game


_EVENTS = (YOU_PLAY_FROM_EXILE, YOU_CAST_FROM_EXILE_OR_LAND_FROM_EXILE)


def _has_trigger(card: object) -> bool:
    return any(a.when.event in _EVENTS for a in getattr(card, "triggered", ()))


def _played(g: Game, player: int, events: tuple[str, ...] = (YOU_PLAY_FROM_EXILE,)) -> None:
    for o, trig in ab.with_triggered(g, ch.permanents_with(g.s, _has_trigger)):
        if o.controller != player:
            continue
        for a in trig:
            if a.when.event in events:
                triggers.add_pending(g, o, a, o.controller, o.name)


@triggers.watches("spell_cast")
def spell_cast(g: Game, e: ev.SpellCast) -> None:
    if e.copy:  # a copy isn't cast (CR 707.10)
        return
    item = next((it for it in g.s.stack if it.obj == e.obj), None)
    if item is not None and item.trigger_data.get("from_zone") == "exile":
        _played(g, e.player, _EVENTS)


@triggers.watches("land_played")
def land_played(g: Game, e: ev.LandPlayed) -> None:
    moved = next((x for x in reversed(g.events) if isinstance(x, ev.ZoneChanged) and x.new_obj == e.obj), None)
    if moved is not None and moved.from_zone == "exile":
        _played(g, e.player)


@triggers.watches("zone_changed")
def land_from_exile(g: Game, e: ev.ZoneChanged) -> None:
    """"… or a land enters the battlefield under your control from exile" (CR 603.6a), played or
    put there by an effect."""
    if e.from_zone != "exile" or e.to_zone != "battlefield":
        return
    o = g.s.objs.get(e.new_obj)
    if o is not None and "Land" in ch.types(g, o):
        _played(g, o.controller, (YOU_CAST_FROM_EXILE_OR_LAND_FROM_EXILE,))
