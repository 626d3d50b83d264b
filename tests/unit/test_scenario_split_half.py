"""The scenario key ``half: NAME`` of a ``cast`` action (CR 709.3): the half of a split card cast.
Naming a half the rules don't let be cast from there — Dusk from a graveyard, Dawn from a hand
(CR 702.127a) — or an alternative cost too, is an error saying so."""

from __future__ import annotations

import pytest

from undercity.errors import ScenarioError
from undercity.scenario.runner import run_scenario
from undercity.scenario.schema import parse_scenario


def _cast(zone: str, extra: str) -> str:
    return f"""
format: 1
name: cast a half
game: {{turn: 3, active: Alice}}
players:
  - name: Alice
    library: [Plains*3]
    {zone}: [{{card: Dusk // Dawn, id: dd}}]
    battlefield: [Plains*5]
  - name: Bob
    library: [Island*3]
actions:
  - cast: dd
    from: {zone}
{extra}"""


def test_dusk_cannot_be_cast_from_the_graveyard() -> None:
    with pytest.raises(ScenarioError, match=r"cannot cast 'dd' as its half Dusk from graveyard now; legal: "
                                            r"pass priority; cast Dawn \(Dusk // Dawn\) from your graveyard"):
        run_scenario(parse_scenario(_cast("graveyard", "    half: Dusk\n")))


def test_dawn_cannot_be_cast_from_the_hand() -> None:
    with pytest.raises(ScenarioError, match=r"cannot cast 'dd' as its half Dawn from hand now; legal: "
                                            r"pass priority; cast Dusk \(Dusk // Dawn\)$"):
        run_scenario(parse_scenario(_cast("hand", "    half: Dawn\n")))


def test_a_half_and_an_alternative_cost_together_are_an_error() -> None:
    with pytest.raises(ScenarioError, match=r"`half: Dawn` casts that half for its own cost; drop `cost: flashback`"):
        run_scenario(parse_scenario(_cast("graveyard", "    half: Dawn\n    cost: flashback\n")))


def test_a_half_named_by_its_own_name_is_cast() -> None:
    result = run_scenario(parse_scenario(_cast("graveyard", "  - expect: {stack: [Dawn]}\n").replace(
        "  - cast: dd\n", "  - cast: Dawn\n")))
    assert result.ok, result.failures
