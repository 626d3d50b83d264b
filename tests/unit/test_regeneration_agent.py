"""The heuristic AI and regeneration (CR 701.19a): it regenerates a creature about to be
destroyed, and keeps its mana otherwise."""

from __future__ import annotations

from pathlib import Path

from undercity.agents.heuristic import HeuristicAgent
from undercity.scenario.runner import run_file

_POSITION = """
format: 1
game: {active: Bob, turn: 2}
players:
  - name: Alice
    battlefield: [{card: Drudge Skeletons, id: skeletons}, Swamp]
  - name: Bob
    hand: [Murder]
    battlefield: [Swamp*3]
actions:
"""


def _alice_answer(tmp_path: Path, actions: str) -> object:
    f = tmp_path / "skeletons.yaml"
    f.write_text(_POSITION + actions, encoding="utf-8")
    g = run_file(f).game
    d = g.pending
    assert d is not None and d.kind == "priority" and d.player == 0
    return d.options[HeuristicAgent(strict=True).decide(g, d)].value


def test_regenerates_what_a_spell_would_destroy(tmp_path: Path) -> None:
    v = _alice_answer(tmp_path, "  - cast: Murder\n    targets: [skeletons]\n  - pass\n")
    assert isinstance(v, tuple) and v[0] == "activate"


def test_keeps_the_mana_when_nothing_threatens(tmp_path: Path) -> None:
    v = _alice_answer(tmp_path, "  - pass\n")
    assert not (isinstance(v, tuple) and v[0] == "activate")
