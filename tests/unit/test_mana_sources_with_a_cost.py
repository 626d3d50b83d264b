"""The payment planner with mana abilities that cost mana (a Signet: "{1}, {T}: Add {W}{B}").

CR 605.1a: such an ability is still a mana ability. CR 602.2b, 605.3a: its {1} is paid while
activating it, before it adds its mana, so it is paid from other sources or the pool — never
from the mana it makes. A Signet thus nets one mana and changes its type.
"""

from __future__ import annotations

import pytest

from undercity.mana import ManaPool, ManaSource, can_pay, find_payment, max_affordable_x, parse_cost


def plains(key: int) -> ManaSource:
    return ManaSource(key, frozenset("W"))


SIGNET = ManaSource(9, frozenset("WB"), amount=2, cost=parse_cost("{1}"), yields="WB")


@pytest.mark.parametrize(("cost", "payable"), [
    ("{W}{W}{B}", True),  # Plains -> the Signet's {1}; {W}{B}; the other Plains -> {W}
    ("{2}{B}", True),
    ("{3}", True),
    ("{W}{W}{W}{B}", False),  # three mana is all two Plains and a Signet make
    ("{4}", False),
    ("{B}{B}", False),  # one activation makes one {B}
])
def test_two_plains_and_a_signet(cost: str, payable: bool) -> None:
    sources = [plains(1), plains(2), SIGNET]
    assert can_pay(parse_cost(cost), sources) is payable
    assert (find_payment(parse_cost(cost), sources) is not None) is payable


def test_the_signet_cannot_pay_its_own_cost() -> None:
    """CR 605.3a: nothing else pays its {1}, so its {W}{B} can't be had."""
    assert not can_pay(parse_cost("{B}"), [SIGNET])
    assert find_payment(parse_cost("{B}"), [SIGNET]) is None
    assert max_affordable_x(parse_cost("{X}{B}"), [SIGNET]) == -1


def test_pool_mana_pays_the_signets_cost() -> None:
    pool = ManaPool(G=1)
    plan = find_payment(parse_cost("{B}"), [SIGNET], pool)
    assert plan is not None
    assert plan.activations == [(9, "WB")]
    assert plan.from_pool == {"G": 1}
    assert plan.leftover == {"W": 1}  # the unspent {W} stays in the pool (CR 106.4a)


def test_a_plan_through_the_signet_taps_the_plains_for_its_cost() -> None:
    plan = find_payment(parse_cost("{1}{B}"), [plains(1), SIGNET])
    assert plan is not None
    assert sorted(key for key, _ in plan.activations) == [1, 9]
    assert plan.leftover == {} and plan.from_pool == {}


def test_the_signet_is_not_used_when_lands_suffice() -> None:
    plan = find_payment(parse_cost("{W}"), [plains(1), plains(2), SIGNET])
    assert plan is not None and plan.activations == [(1, "W")]


def test_x_through_a_signet() -> None:
    """CR 107.3a: X is what the spare mana allows — the Signet adds one net mana."""
    assert max_affordable_x(parse_cost("{X}{B}"), [plains(1), plains(2), SIGNET]) == 2
    assert max_affordable_x(parse_cost("{X}{W}"), [plains(1), plains(2)]) == 1


def test_a_source_with_a_cost_must_say_what_it_makes() -> None:
    with pytest.raises(ValueError, match="yields"):
        ManaSource(3, frozenset("WB"), amount=2, cost=parse_cost("{1}"))
    with pytest.raises(ValueError, match="X"):
        ManaSource(3, frozenset("WB"), amount=2, cost=parse_cost("{X}"), yields="WB")


def test_a_signet_adds_one_mana_to_the_total_available() -> None:
    """Its {W}{B} less the {1} another source pays: one net mana (what the AI counts on)."""
    from undercity.mana import total_available

    assert total_available([plains(1), plains(2), SIGNET]) == 3
