"""The agents and morph (CR 702.37): the heuristic agent casts Grim Haruspex face down for {3}
when it can't pay {2}{B} and normally when it can (CR 702.37c), turns a face-down permanent face up
when it can pay the morph cost and the card is worth more face up (CR 702.37e, 116.2b), and the
random agent plays games with both choices without breaking the engine's invariants."""

from __future__ import annotations

from collections.abc import Callable

from undercity.agents.heuristic import HeuristicAgent
from undercity.agents.random_agent import RandomAgent
from undercity.engine.decisions import Decision, Option
from undercity.engine.game import Game
from undercity.scenario.runner import build_game

_SETUP = """
format: 1
name: heuristic and morph
game: {turn: 3, active: %s}
players:
  - name: Alice
    library: [Island*5]
    hand: [%s]
    battlefield: [%s]
  - name: Bob
    library: [Island*5]
"""


def _pick(hand: str, battlefield: str, active: str = "Alice") -> str:
    g = build_game(_SETUP % (active, hand, battlefield))
    d = g.pending
    assert d is not None and d.kind == "priority"
    return d.options[HeuristicAgent(strict=True).choose(g, d)].label


def test_casts_face_down_when_the_mana_cost_is_out_of_reach() -> None:
    assert _pick("Grim Haruspex", "Plains*3") == "cast Grim Haruspex face down (morph)"


def test_casts_face_up_when_it_can() -> None:
    assert _pick("Grim Haruspex", "Plains*2, Swamp") == "cast Grim Haruspex"


def test_turns_it_face_up_when_it_can_pay() -> None:
    assert _pick("Grizzly Bears", "Swamp, {card: Grim Haruspex, face_down: true}") == "turn Grim Haruspex face up (Morph {B})"


def test_turning_face_up_is_no_option_without_the_mana() -> None:
    g = build_game(_SETUP % ("Alice", "Island", "Plains, {card: Grim Haruspex, face_down: true}"))
    d = g.pending
    assert d is not None
    assert not any("face up" in o.label for o in d.options)


def test_random_games_with_morph_keep_the_invariants(play_checked: Callable[..., None]) -> None:
    deck = ["Grim Haruspex"] * 12 + ["Swamp"] * 14 + ["Plains"] * 10 + ["Grizzly Bears"] * 12 + ["Lightning Bolt"] * 12
    seen = {"face down": 0, "face up": 0}

    def watch(d: Decision, o: Option) -> None:
        if d.kind == "priority":
            seen["face down"] += o.value[0] == "cast" and o.value[2] == "morph"
            seen["face up"] += o.value[0] == "special" and o.value[1] == "morph"

    for seed in range(3):
        g = Game.new([deck, deck], ["A", "B"], seed=seed, variant="two-player", turn_cap=20)
        play_checked(g, [RandomAgent(seed), HeuristicAgent(seed + 1)], watch)
    assert seen["face down"] and seen["face up"]
