"""The heuristic AI's answers to the choices a permanent makes as it enters (CR 614.12a): the
color of most of its own cards, the creature type of most of its creatures, an opponent (the one
with the least life), and revealing a card rather than entering tapped."""

from __future__ import annotations

from pathlib import Path

from undercity.agents.heuristic import HeuristicAgent
from undercity.scenario.runner import run_file


def _answer(tmp_path: Path, text: str, kind: str) -> object:
    f = tmp_path / "position.yaml"
    f.write_text(text, encoding="utf-8")
    g = run_file(f).game
    d = g.pending
    assert d is not None and d.kind == kind and d.player == 0
    return d.options[HeuristicAgent(strict=True).decide(g, d)].value


def test_chooses_the_color_of_most_of_its_cards(tmp_path: Path) -> None:
    text = """
format: 1
game: {turn: 3}
players:
  - name: Alice
    library: [Lightning Bolt*3, Goblin Piker*2, Grizzly Bears]
    hand: [Thriving Grove]
  - name: Bob
    library: [Forest*5]
actions:
  - play: Thriving Grove
"""
    assert _answer(tmp_path, text, "choose_color") == "R"


def test_chooses_the_creature_type_of_most_of_its_creatures(tmp_path: Path) -> None:
    text = """
format: 1
game: {turn: 3}
players:
  - name: Alice
    library: [Goblin Piker*2, Raging Goblin, Grizzly Bears*2]
    hand: [Shared Triumph]
    battlefield: [Plains*2]
  - name: Bob
    library: [Grizzly Bears*5]
actions:
  - cast: Shared Triumph
  - resolve
"""
    assert _answer(tmp_path, text, "choose_creature_type") == "Goblin"


def test_reveals_rather_than_entering_tapped(tmp_path: Path) -> None:
    text = """
format: 1
game: {turn: 3}
players:
  - name: Alice
    library: [Forest*5]
    hand: [Port Town, Island]
  - name: Bob
    library: [Forest*5]
actions:
  - play: Port Town
"""
    assert _answer(tmp_path, text, "reveal") is not None


def test_chooses_an_opponent_rather_than_itself(tmp_path: Path) -> None:
    text = """
format: 1
game: {turn: 3}
players:
  - name: Alice
    library: [Mountain*5]
    hand: [Stuffy Doll]
    battlefield: [Mountain*5]
  - name: Bob
    library: [Mountain*5]
actions:
  - cast: Stuffy Doll
  - resolve
"""
    assert _answer(tmp_path, text, "choose_player") == 1
