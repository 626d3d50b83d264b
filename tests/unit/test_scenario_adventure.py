"""The scenario key ``adventure: true`` of a ``cast`` action (CR 715.3): casting a card that
has no Adventure that way, or naming an alternative cost too, is an error saying so."""

from __future__ import annotations

import pytest

from undercity.errors import ScenarioError
from undercity.scenario.runner import run_scenario
from undercity.scenario.schema import parse_scenario


def _cast(card: str, extra: str) -> str:
    return f"""
format: 1
name: cast as an Adventure
game: {{turn: 3, active: Alice}}
players:
  - name: Alice
    library: [Plains*3]
    hand: [{card}]
    battlefield: [Plains*4]
  - name: Bob
    library: [Island*3]
    battlefield: [Leatherback Baloth]
actions:
  - cast: {card}
    adventure: true
{extra}"""


def test_a_card_without_an_adventure_cannot_be_cast_as_one() -> None:
    with pytest.raises(ScenarioError, match=r"cannot cast 'Grizzly Bears' as its Adventure from hand now; "
                                            r"legal: pass priority"):
        run_scenario(parse_scenario(_cast("Grizzly Bears", "")))


def test_adventure_and_an_alternative_cost_together_are_an_error() -> None:
    with pytest.raises(ScenarioError, match=r"`adventure: true` casts the Adventure for its own cost; "
                                            r"drop `cost: flashback`"):
        run_scenario(parse_scenario(_cast("Giant Killer", "    cost: flashback\n")))


def test_adventure_must_be_true_or_false() -> None:
    with pytest.raises(ScenarioError, match=r"adventure"):
        parse_scenario(_cast("Giant Killer", "").replace("adventure: true", "adventure: maybe"))
