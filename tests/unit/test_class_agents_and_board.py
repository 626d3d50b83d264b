"""Class enchantments (CR 716) for the agents and the terminal seat: the heuristic agent gains a
level when it has the mana and nothing better to cast, and the board shows each Class's level
(CR 716.2b; 716.2d: level 1 without the designation)."""

from __future__ import annotations

import io

from rich.console import Console

from undercity.agents.heuristic import HeuristicAgent
from undercity.scenario.runner import build_game
from undercity.ui.board import board

_SETUP = """
format: 1
name: Classes
game: {turn: 3, active: Alice}
players:
  - name: Alice
    library: [Island*5]
    battlefield: [Island*3, Wizard Class]
  - name: Bob
    library: [Island*5]
"""


def _render(renderable: object) -> str:
    buf = io.StringIO()
    Console(file=buf, width=160, highlight=False, color_system=None).print(renderable)
    return buf.getvalue()


def test_levels_up_when_mana_allows_and_the_board_shows_the_level() -> None:
    g = build_game(_SETUP)
    assert "level 1" in _render(board(g, viewer=1))
    agent = HeuristicAgent(strict=True)
    d = g.pending
    assert d is not None
    pick = d.options[agent.choose(g, d)]
    assert pick.label == "activate Wizard Class: {2}{U}: Level 2"
    g.apply(pick)
    while g.s.stack or (g.pending is not None and g.pending.kind != "priority"):
        d = g.pending
        assert d is not None
        g.apply(d.options[agent.choose(g, d)] if d.kind != "priority" else
                next(o for o in d.options if o.value[0] == "pass"))
    out = _render(board(g, viewer=1))
    assert "level 2" in out and "level 1" not in out
    assert len(g.s.players[0].hand) == 2  # "When this Class becomes level 2, draw two cards."
