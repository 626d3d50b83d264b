"""The heuristic AI and gaining control (CR 613.1b): Threaten before combat on its own turn, at
the opponent's biggest creature; never at its own."""

from __future__ import annotations

from pathlib import Path

from undercity.agents.heuristic import HeuristicAgent
from undercity.scenario.runner import run_file

_POSITION = """
format: 1
game: {turn: 3, active: Alice}
players:
  - name: Alice
    hand: [Act of Treason]
    battlefield: [Mountain*3, Savannah Lions]
  - name: Bob
    battlefield: [{card: Hill Giant, id: giant}, {card: Grizzly Bears, id: bears}]
"""


def test_threatens_the_biggest_opposing_creature_before_combat(tmp_path: Path) -> None:
    f = tmp_path / "treason.yaml"
    f.write_text(_POSITION, encoding="utf-8")
    g = run_file(f).game
    agent = HeuristicAgent(strict=True)
    d = g.pending
    v = d.options[agent.decide(g, d)].value
    assert v[0] == "cast" and g.s.objs[v[1]].name == "Act of Treason"
    g.apply(v)
    d = g.pending
    assert d.kind == "target"
    t = d.options[agent.decide(g, d)].value
    assert g.s.objs[t[1]].name == "Hill Giant"


_REINS = """
format: 1
game: {turn: 3, active: Alice, step: STEP}
players:
  - name: Alice
    hand: [Reins of Power]
    battlefield: [Island*4, Savannah Lions]
  - name: Bob
    battlefield: [Hill Giant, Grizzly Bears]
"""


def test_trades_creatures_before_combat_when_it_gains_more(tmp_path: Path) -> None:
    f = tmp_path / "reins.yaml"
    f.write_text(_REINS.replace("STEP", "precombat-main"), encoding="utf-8")
    g = run_file(f).game
    d = g.pending
    v = d.options[HeuristicAgent(strict=True).decide(g, d)].value
    assert v[0] == "cast" and g.s.objs[v[1]].name == "Reins of Power"
    f.write_text(_REINS.replace("STEP", "postcombat-main"), encoding="utf-8")
    g = run_file(f).game
    d = g.pending
    v = d.options[HeuristicAgent(strict=True).decide(g, d)].value
    assert v[0] != "cast"
