"""{X} in an activated ability's cost (Kessig Wolf Run's "{X}{R}{G}, {T}: …").

X is announced as the ability is activated (CR 602.2b, 601.2b) — at most what the other
sources can pay — and the ability's effects read it as it resolves (CR 107.3a). A mana ability
is not activated that way (the payment planner activates it, choosing no X), so one with {X} in
its cost is refused where cards are made.
"""

from __future__ import annotations

import pytest

from undercity.cards import model as m
from undercity.cards import registry
from undercity.cards.oracle import load_oracle
from undercity.cards.text.compile import compile_fields, oracle_fields
from undercity.mana import parse_cost


def test_the_compiler_reads_x_in_an_activation_cost() -> None:
    c = compile_fields(oracle_fields(load_oracle()["Kessig Wolf Run"]))
    assert c.stage == "implemented"
    assert registry.is_implemented("Kessig Wolf Run")


def test_a_hand_written_mana_ability_with_x_in_its_cost_is_refused() -> None:
    mana = m.Activated("{X}, {T}: Add {C}.", cost=m.Cost(mana=parse_cost("{X}"), tap=True),
                       effects=(m.AddMana("C"),), mana_ability=True)
    with pytest.raises(ValueError, match=r"Test Rock: \{X\} in the activation cost of the mana ability"):
        registry.token("Test Rock", "Artifact", activated=(mana,))


def test_a_token_with_x_in_a_non_mana_activation_cost_is_defined() -> None:
    boom = m.Activated("{X}, {T}: It deals X damage to any target.",
                       cost=m.Cost(mana=parse_cost("{X}"), tap=True), effects=(m.DealDamage(m.X, m.T(0)),),
                       targets=(m.ANY_TARGET,))
    assert registry.token("Test Bomb", "Artifact", activated=(boom,)).activated[0].cost.mana.x == 1
