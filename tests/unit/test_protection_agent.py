"""The heuristic AI's answer to a protection color choice (CR 702.16): the color of what
threatens the creature."""

from __future__ import annotations

from pathlib import Path

from undercity.agents.heuristic import HeuristicAgent
from undercity.scenario.runner import run_file

_POSITION = """
format: 1
game: {active: Bob, turn: 2}
players:
  - name: Alice
    battlefield: [{card: Mother of Runes, id: mother}, {card: Grizzly Bears, id: bears}]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain, Llanowar Elves, Llanowar Elves]
actions:
  - cast: Lightning Bolt
    targets: [bears]
  - pass
  - activate: mother
    by: Alice
    targets: [bears]
  - pass
  - pass
"""


def test_protection_answers_the_spell_aimed_at_the_creature(tmp_path: Path) -> None:
    f = tmp_path / "mother.yaml"
    f.write_text(_POSITION, encoding="utf-8")
    g = run_file(f).game
    d = g.pending
    assert d is not None and d.kind == "color"
    # Red answers the Bolt, though Bob's permanents are mostly green.
    assert d.options[HeuristicAgent(strict=True).decide(g, d)].value == "red"
