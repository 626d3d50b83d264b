"""A fraction of a player's life (CR 107.1a, 119.3): the handler of
:class:`undercity.cards.language.life_fraction.LoseLifeFraction`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.life_fraction import LoseLifeFraction
from undercity.engine.effects import change_life, handles, ref_players
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game


def fraction_of_life(life: int, divisor: int, round_up: bool) -> int:
    """1/``divisor`` of ``life``, rounded as the text says (CR 107.1a); nothing of a life total
    of 0 or less."""
    if life <= 0:
        return 0
    return -(-life // divisor) if round_up else life // divisor


@handles(LoseLifeFraction)
def h_lose_life_fraction(g: Game, job: Job, item: StackItem, e: LoseLifeFraction, key: str) -> None:
    # Every amount is measured before anyone loses life: the players lose it at once. In
    # Two-Headed Giant each player's fraction is of the team's shared total, and the team
    # loses each of its players' amounts (CR 810.9; ruling 2017-09-29, Dire Fleet Ravager).
    s = g.s
    amounts = [(p, fraction_of_life(s.players[p].life, e.divisor, e.round_up))
               for p in ref_players(g, e.who, item, job)]
    for p, n in amounts:
        change_life(g, p, -n, "119.3")
