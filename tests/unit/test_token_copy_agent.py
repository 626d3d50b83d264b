"""The heuristic AI's target for a token copy (CR 707.2): the most valuable permanent, whoever
controls it — the copy is its own."""

from __future__ import annotations

from pathlib import Path

from undercity.agents.heuristic import HeuristicAgent
from undercity.scenario.runner import run_file


def test_copies_the_best_permanent_even_an_opponents(tmp_path: Path) -> None:
    f = tmp_path / "position.yaml"
    f.write_text("""
format: 1
game: {turn: 3}
players:
  - name: Alice
    library: [Island*5]
    hand: [Astral Dragon]
    battlefield: [Island*8]
  - name: Bob
    library: [Island*5]
    battlefield: [{card: Sword of Hours, id: sword}]
actions:
  - cast: Astral Dragon
  - resolve
""", encoding="utf-8")
    g = run_file(f).game
    d = g.pending
    assert d is not None and d.kind == "target"
    v = d.options[HeuristicAgent(strict=True).decide(g, d)].value
    assert g.s.objs[v[1]].name == "Sword of Hours"
