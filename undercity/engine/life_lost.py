"""Life lost this turn (CR 119.3): how much life a player has lost since the turn began, read from
the turn's life-change events (damage is life loss too), and "each opponent loses life equal to
the life they lost this turn" — each opponent their own amount."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.life_lost import OpponentsLoseLifeLostThisTurn
from undercity.engine import events as ev
from undercity.engine import targeting
from undercity.engine.effects import change_life, handles

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem


def lost_this_turn(g: Game, player: int) -> int:
    """The life ``player`` has lost this turn: the sum of their life losses since the turn began
    (gains don't offset them, CR 119.3)."""
    lost = 0
    for e in reversed(g.events):
        if isinstance(e, ev.TurnBegan):
            break
        if isinstance(e, ev.LifeChanged) and e.player == player and e.amount < 0:
            lost -= e.amount
    return lost


@handles(OpponentsLoseLifeLostThisTurn)
def h_opponents_lose_life_lost(g: Game, job: Job, item: StackItem, e: OpponentsLoseLifeLostThisTurn,
                               key: str) -> None:
    # The amounts are all measured first: one opponent's loss doesn't count for another.
    amounts = [(p, lost_this_turn(g, p)) for p in g.s.living() if targeting._is_opponent(g, item.controller, p)]
    for p, n in amounts:
        if n > 0:
            change_life(g, p, -n, "119.3")
