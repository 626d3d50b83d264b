"""The heuristic agent and monstrosity (CR 701.37a): with mana to spare it makes Fleecemane Lion
monstrous."""

from __future__ import annotations

from undercity.agents.heuristic import HeuristicAgent
from undercity.scenario.runner import build_game

_SETUP = """
format: 1
name: heuristic and monstrosity
game: {turn: 3, active: Alice}
players:
  - name: Alice
    library: [Forest*5]
    battlefield: [Fleecemane Lion, Forest*6, Plains*4]
  - name: Bob
    library: [Island*5]
"""


def test_activates_monstrosity_with_mana_to_spare() -> None:
    g = build_game(_SETUP)
    agent = HeuristicAgent(strict=True)
    d = g.pending
    assert d is not None and d.kind == "priority"
    pick = d.options[agent.choose(g, d)]
    assert pick.value[0] == "activate" and "Monstrosity" in pick.label, pick.label
