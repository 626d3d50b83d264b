"""The heuristic AI's answers to the choices a permanent makes as it enters (CR 614.12a): the
color of most of its own cards, the creature type of most of its creatures, an opponent (the one
with the least life), and revealing a card rather than entering tapped."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: The ``heuristic_answer`` fixture (tests/unit/conftest.py).
HeuristicAnswer = Callable[..., Any]


def test_chooses_the_color_of_most_of_its_cards(heuristic_answer: HeuristicAnswer) -> None:
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
    assert heuristic_answer(text, "choose_color")[0].value == "R"


def test_chooses_the_creature_type_of_most_of_its_creatures(heuristic_answer: HeuristicAnswer) -> None:
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
    assert heuristic_answer(text, "choose_creature_type")[0].value == "Goblin"


def test_reveals_rather_than_entering_tapped(heuristic_answer: HeuristicAnswer) -> None:
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
    assert heuristic_answer(text, "reveal")[0].value is not None


def test_chooses_an_opponent_rather_than_itself(heuristic_answer: HeuristicAnswer) -> None:
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
    assert heuristic_answer(text, "choose_player")[0].value == 1


def test_chooses_the_anchor_word_whose_ability_triggers_each_turn(heuristic_answer: HeuristicAnswer) -> None:
    """Outpost Siege (CR 614.12c): Khans' upkeep ability with few creatures, Dragons' "whenever a
    creature you control leaves the battlefield" with three or more."""
    few = """
format: 1
game: {turn: 3}
players:
  - name: Alice
    library: [Mountain*5]
    hand: [Outpost Siege]
    battlefield: [Mountain*4, Grizzly Bears]
  - name: Bob
    library: [Mountain*5]
actions:
  - cast: Outpost Siege
  - resolve
"""
    assert heuristic_answer(few, "choose_anchor_word")[0].value == "Khans"
    many = few.replace("[Mountain*4, Grizzly Bears]", "[Mountain*4, Grizzly Bears*3]")
    assert heuristic_answer(many, "choose_anchor_word")[0].value == "Dragons"
