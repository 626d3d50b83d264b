"""The heuristic AI's answer to "roll two d6 and choose one result" (CR 706.4): it plays each
choice out on a copy of the game and keeps the better position."""

from __future__ import annotations

from pathlib import Path

from undercity.agents.heuristic import HeuristicAgent
from undercity.agents.random_agent import RandomAgent
from undercity.scenario.runner import run_file


def _pending(tmp_path: Path, text: str):  # noqa: ANN202 - a Game
    f = tmp_path / "position.yaml"
    f.write_text(text, encoding="utf-8")
    g = run_file(f).game
    d = g.pending
    assert d is not None and d.kind == "die_result" and d.player == 0
    return g, d


_SWEEP = """
format: 1
game: {turn: 3, dice: [12, 2]}
players:
  - name: Alice
    library: [Mountain*5]
    hand: [Reckless Endeavor]
    battlefield: [Mountain*7, Colossal Dreadmaw*2]
  - name: Bob
    library: [Forest*5]
    battlefield: [Grizzly Bears*2]
actions:
  - cast: Reckless Endeavor
  - resolve
"""


def test_sweeps_the_opponents_small_creatures_not_its_own(tmp_path: Path) -> None:
    """Rolls 12 and 2: "that result" 2 deals 2 damage to each creature — Bob's 2/2s die, Alice's
    6/6s live — and makes twelve Treasures; 12 would kill every creature for two Treasures."""
    g, d = _pending(tmp_path, _SWEEP)
    assert d.options[HeuristicAgent(strict=True).decide(g, d)].value == 2


def test_the_random_agent_answers_it_too(tmp_path: Path) -> None:
    g, d = _pending(tmp_path, _SWEEP)
    assert 0 <= RandomAgent(1).choose(g, d) < len(d.options)
