"""Milling (CR 701.17): a player puts that many cards from the top of their library into their
graveyard — as many as there are (701.17b) —, and the abilities that trigger on it: "whenever a
player mills one or more creature cards" looks at the milled cards where they went (701.17c) and
triggers once per player's mill (CR 603.2c). Also "whenever an opponent loses life" (CR 119.3)
and "that player mills that many cards", the player and amount of that event."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.mill import MILLS_CREATURE_CARDS, OPPONENT_LOSES_LIFE, MillThatMany
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import targeting, triggers, zones
from undercity.engine.effects import handles

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem


def mill(g: Game, player: int, n: int) -> list[int]:
    """``player`` mills ``n`` cards (CR 701.17a-b); the new objects in the graveyard. Then the
    "mills one or more creature cards" abilities trigger (CR 701.17c, 603.2c)."""
    s = g.s
    milled: list[int] = []
    for oid in list(s.players[player].library[:n]):
        new = zones.move(g, oid, "graveyard", rule="701.17a", verb="is milled")
        if new is not None:
            milled.append(new.id)
    creature = any(c in s.objs and s.objs[c].zone == "graveyard" and "Creature" in s.objs[c].card.types
                   for c in milled)
    if creature:
        for oid in ab.with_abilities(g, ch.permanents_with(s, _has_mill_triggers)):
            o = s.objs[oid]
            for a in ab.triggered(g, o):
                if a.when.event == MILLS_CREATURE_CARDS:
                    triggers.add_pending(g, o, a, o.controller, o.name, player=player)
    return milled


def _has_mill_triggers(card: object) -> bool:
    return any(a.when.event == MILLS_CREATURE_CARDS for a in getattr(card, "triggered", ()))


def _has_life_triggers(card: object) -> bool:
    return any(a.when.event == OPPONENT_LOSES_LIFE for a in getattr(card, "triggered", ()))


@triggers.watches("life_changed")
def life_changed(g: Game, e: ev.LifeChanged) -> None:
    """"Whenever an opponent loses life" (CR 119.3, 603.2): once per life-loss event, with the
    player and the amount (damage to a player is such an event, CR 120.3a)."""
    if e.amount >= 0:
        return
    s = g.s
    for oid in ab.with_abilities(g, ch.permanents_with(s, _has_life_triggers)):
        o = s.objs[oid]
        if not targeting._is_opponent(g, o.controller, e.player):
            continue
        for a in ab.triggered(g, o):
            if a.when.event == OPPONENT_LOSES_LIFE:
                triggers.add_pending(g, o, a, o.controller, o.name, player=e.player, amount=-e.amount)


@handles(MillThatMany)
def h_mill_that_many(g: Game, job: Job, item: StackItem, e: MillThatMany, key: str) -> None:
    p, n = item.trigger_data.get("player"), item.trigger_data.get("amount", 0)
    if p is not None and not g.s.players[p].left:
        mill(g, p, n)
