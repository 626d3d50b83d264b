"""The life a player lost this turn (CR 119.3): every loss since the turn began counts, gains
don't offset losses, and a new turn starts from zero (Warlock Class's third ability)."""

from __future__ import annotations

from undercity.engine import events as ev
from undercity.engine.effects import change_life
from undercity.engine.life_lost import lost_this_turn
from undercity.scenario.runner import build_game

_SETUP = """
format: 1
name: life lost
game: {turn: 3, active: Alice}
players:
  - name: Alice
    library: [Swamp*3]
  - name: Bob
    library: [Island*3]
"""


def test_losses_add_up_and_gains_do_not_offset_them() -> None:
    g = build_game(_SETUP)
    change_life(g, 1, -3, "119.3")
    change_life(g, 1, 2, "119.3")
    change_life(g, 1, -1, "119.3")
    change_life(g, 0, -4, "119.3")
    assert (lost_this_turn(g, 1), lost_this_turn(g, 0)) == (4, 4)
    g.emit(ev.TurnBegan(rule="500.1", turn=4, player=1))
    assert lost_this_turn(g, 1) == 0
