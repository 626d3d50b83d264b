"""The heuristic AI and a Karoo's "return a land you control to its owner's hand" (CR 608.2d):
it returns a tapped land (its mana already had this turn) of the least value, and the Karoo
itself only when it must."""

from __future__ import annotations

from pathlib import Path

from undercity.agents.heuristic import HeuristicAgent
from undercity.scenario.runner import run_file

POSITION = """
format: 1
game: {turn: 3, active: Alice}
players:
  - name: Alice
    hand: [Simic Growth Chamber]
    battlefield: [%s]
  - name: Bob
actions:
  - play: Simic Growth Chamber
  - resolve
"""


def _pick(tmp_path: Path, lands: str) -> str:
    f = tmp_path / "karoo.yaml"
    f.write_text(POSITION % lands, encoding="utf-8")
    g = run_file(f).game
    d = g.pending
    assert d is not None and d.kind == "return_to_hand"
    o = g.s.objs[d.options[HeuristicAgent(strict=True).decide(g, d)].value]
    return f"{o.name}{' (tapped)' if o.tapped else ''}"


def test_returns_a_tapped_land(tmp_path: Path) -> None:
    assert _pick(tmp_path, "Island, {card: Forest, tapped: true}") == "Forest (tapped)"


def test_returns_a_land_rather_than_the_karoo(tmp_path: Path) -> None:
    assert _pick(tmp_path, "Island") == "Island"
