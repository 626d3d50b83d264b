"""Actions with cards in the opening hands (CR 103.6): once the mulligans are done, the starting
player may take them in any order, then each other player in turn order. "You may begin the game
with it on the battlefield" (CR 103.6a) puts the card onto the battlefield (decision
``opening_hand``, once per such card, before the first turn begins)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.opening_hand import BeginOnBattlefield
from undercity.engine import zones
from undercity.engine.decisions import Option

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job


def take_actions(g: Game, job: Job, order: list[int]) -> None:
    """CR 103.6: each player, the starting player first (``order``), chooses for each card of
    their opening hand that allows it whether to begin the game with it on the battlefield; all
    the questions are asked first, then the cards move in that order."""
    s = g.s
    chosen: list[int] = []
    for i in order:
        p = s.players[i]
        if p.left:
            continue
        for oid in list(p.hand):
            o = s.objs[oid]
            if not any(isinstance(st, BeginOnBattlefield) for st in o.card.static):
                continue
            if g.ask(job, f"opening:{oid}", i, "opening_hand",
                     f"{p.name}: begin the game with {o.name} on the battlefield?",
                     [Option(f"begin the game with {o.name} on the battlefield", True),
                      Option(f"keep {o.name} in your hand", False)]):
                chosen.append(oid)
    for oid in chosen:
        zones.move(g, oid, "battlefield", rule="103.6a", verb="begins the game on the battlefield")
