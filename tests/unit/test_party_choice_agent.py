"""The heuristic AI's answers to Stick Together's "choose a party" (CR 700.8d, decision
``choose_party``): the most valuable creature of the type — never none, since every creature
not chosen is sacrificed — and the Crippling Fear type choice (CR 608.2d) keeps its own
creatures' type."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: The ``heuristic_answer`` fixture (tests/unit/conftest.py).
HeuristicAnswer = Callable[..., Any]


def test_keeps_the_most_valuable_creature_of_a_type(heuristic_answer: HeuristicAnswer) -> None:
    text = """
format: 1
game: {turn: 3}
players:
  - name: Alice
    library: [Plains*5]
    hand: [Stick Together]
    battlefield: [Merfolk Looter, Aarakocra Sneak, Plains*5]
  - name: Bob
    library: [Island*5]
actions:
  - cast: Stick Together
  - resolve
"""
    # Two Rogues: keep the 1/4 flier that costs four rather than the 1/1 Looter (or none).
    assert heuristic_answer(text, "choose_party")[0].label == "Aarakocra Sneak"


def test_crippling_fear_spares_its_own_creature_type(heuristic_answer: HeuristicAnswer) -> None:
    text = """
format: 1
game: {turn: 3}
players:
  - name: Alice
    library: [Goblin Piker*2, Raging Goblin, Grizzly Bears]
    hand: [Crippling Fear]
    battlefield: [Swamp*4]
  - name: Bob
    library: [Grizzly Bears*5]
actions:
  - cast: Crippling Fear
  - resolve
"""
    assert heuristic_answer(text, "choose_creature_type")[0].label == "Goblin"
