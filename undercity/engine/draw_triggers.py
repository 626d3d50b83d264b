"""Abilities that trigger on drawing a card (CR 603.2, 121.2): "Whenever you draw a card"
triggers once for each card drawn (Niv-Mizzet, Parun) — drawing two cards is two draws."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.draw import YOU_DRAW
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import triggers

if TYPE_CHECKING:
    from undercity.engine.game import Game


def _has_draw_triggers(card: object) -> bool:
    return any(a.when.event == YOU_DRAW for a in getattr(card, "triggered", ()))


@triggers.watches("card_drawn")
def card_drawn(g: Game, e: ev.CardDrawn) -> None:
    s = g.s
    for oid in ab.with_abilities(g, ch.permanents_with(s, _has_draw_triggers)):
        o = s.objs[oid]
        if o.controller != e.player:
            continue
        for a in ab.triggered(g, o):
            # "Whenever you draw your second card each turn": only that draw (CR 603.2).
            if a.when.event == YOU_DRAW and (a.when.nth is None or s.players[e.player].cards_drawn_this_turn == a.when.nth):
                triggers.add_pending(g, o, a, o.controller, o.name)
