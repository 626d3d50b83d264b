"""{X} in an activated ability's cost (Kessig Wolf Run's "{X}{R}{G}, {T}: …").

The engine chooses X only while casting a spell (CR 601.2b), not while activating an
ability (CR 602.2b, 107.3). Such an ability used to reach the payment planner with X
unchosen and stop the game with "unchosen X"; it is now refused where cards are made: the
compiler names it, and a hand-written definition is a clear error naming the card.
"""

from __future__ import annotations

import pytest

from undercity.cards import model as m
from undercity.cards import registry
from undercity.cards.oracle import load_oracle
from undercity.cards.text.compile import compile_fields, oracle_fields
from undercity.mana import parse_cost


def test_the_compiler_refuses_x_in_an_activation_cost() -> None:
    c = compile_fields(oracle_fields(load_oracle()["Kessig Wolf Run"]))
    assert (c.stage, c.reason) == ("lower", "{X} in an activation cost")
    assert not registry.is_implemented("Kessig Wolf Run")


def test_a_hand_written_ability_with_x_in_its_cost_is_refused() -> None:
    pump = m.Activated("{X}{R}{G}, {T}: Target creature gets +X/+0.",
                       cost=m.Cost(mana=parse_cost("{X}{R}{G}"), tap=True), effects=())
    with pytest.raises(ValueError, match=r"Kessig Wolf Run: \{X\} in the activation cost"):
        registry.define("Kessig Wolf Run", activated=(pump,))
    assert not registry.is_implemented("Kessig Wolf Run")


def test_a_token_with_x_in_an_activation_cost_is_refused() -> None:
    boom = m.Activated("{X}, {T}: It deals X damage to any target.",
                       cost=m.Cost(mana=parse_cost("{X}"), tap=True), effects=())
    with pytest.raises(ValueError, match=r"\{X\} in the activation cost"):
        registry.token("Test Bomb", "Artifact", activated=(boom,))
