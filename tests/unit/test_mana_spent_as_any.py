"""Spending mana "as though it were mana of any color [type]" (CR 609.4b, 118.14): what the
payment planner is asked to pay — the cost itself doesn't change."""

from __future__ import annotations

from undercity.mana import ManaPool, ManaSource, can_pay, parse_cost


def test_colored_symbols_are_paid_by_any_mana() -> None:
    cost = parse_cost("{2}{B}{R}")
    assert str(cost.spent_as_any()) == "{4}"
    assert str(cost) == "{2}{B}{R}"  # CR 609.4b: it doesn't change the cost
    assert cost.mana_value == 4


def test_colorless_symbols_need_any_type() -> None:
    """{C} needs colorless mana; "any color" doesn't make colored mana colorless, "any type" does."""
    cost = parse_cost("{C}{C}{U}")
    assert str(cost.spent_as_any()) == "{1}{C}{C}"
    assert str(cost.spent_as_any(colorless_too=True)) == "{3}"


def test_hybrid_symbols_take_one_mana_and_phyrexian_keep_their_life_option() -> None:
    cost = parse_cost("{W/U}{2/B}{G/P}")
    assert str(cost.spent_as_any()) == "{2}{G/P}"


def test_swamps_pay_a_green_spell_only_with_the_permission() -> None:
    swamps = [ManaSource(key=i, produces=frozenset("B")) for i in range(2)]
    bears = parse_cost("{1}{G}")
    assert not can_pay(bears, swamps, ManaPool())
    assert can_pay(bears.spent_as_any(), swamps, ManaPool())
