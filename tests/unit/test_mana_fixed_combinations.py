"""The payment planner with mana abilities that add two or more types of mana at once (a Karoo:
"{T}: Add {W}{U}", Ancient Spring's "{T}, Sacrifice ~: Add {W}{B}").

CR 106.1, 605.1a: one activation adds every symbol it names — {W} and {U}, never {W}{W} or
{U}{U}. Without a cost of its own, such an ability can be activated before any other, so its
mana may pay another mana ability's cost (a Signet's {1}, CR 605.3a).
"""

from __future__ import annotations

import pytest

from undercity.engine import costs
from undercity.mana import ManaPool, ManaSource, can_pay, find_payment, max_affordable_x, parse_cost

KAROO = ManaSource(1, frozenset("WU"), amount=2, yields="WU")
PLAINS = ManaSource(2, frozenset("W"))
SIGNET = ManaSource(3, frozenset("WB"), amount=2, cost=parse_cost("{1}"), yields="WB")


@pytest.mark.parametrize(("cost", "payable"), [
    ("{W}{U}", True),
    ("{2}", True),
    ("{W}{W}", False),  # one activation makes one {W}
    ("{U}{U}", False),
    ("{W}{U}{U}", False),
])
def test_a_karoo_adds_both_of_its_types(cost: str, payable: bool) -> None:
    assert can_pay(parse_cost(cost), [KAROO]) is payable
    assert (find_payment(parse_cost(cost), [KAROO]) is not None) is payable


def test_with_a_plains_the_leftover_stays_in_the_pool() -> None:
    """{W}{W}: the Plains and the Karoo's {W}; its {U} is left over (CR 106.4)."""
    p = find_payment(parse_cost("{W}{W}"), [KAROO, PLAINS])
    assert p is not None
    assert sorted(p.activations) == [(1, "WU"), (2, "W")]
    assert p.leftover == {"U": 1}
    assert not can_pay(parse_cost("{U}{U}"), [KAROO, PLAINS])


def test_its_mana_pays_a_signets_cost() -> None:
    """The Karoo's {W} pays the Signet's {1} (CR 605.3a), its {U} and the Signet's {W}{B} the
    spell: three mana from two sources."""
    assert can_pay(parse_cost("{U}{W}{B}"), [KAROO, SIGNET])
    assert not can_pay(parse_cost("{U}{U}{B}"), [KAROO, SIGNET])
    assert max_affordable_x(parse_cost("{X}"), [KAROO, SIGNET]) == 3
    pool = ManaPool()
    pool.add("U")
    assert can_pay(parse_cost("{U}{U}{W}{B}"), [KAROO, SIGNET], pool)


def test_the_engine_gives_a_two_type_ability_its_whole_output() -> None:
    src = costs._make_source(7, "WU", 0)
    assert src.yields == "WU" and src.amount == 2
    assert costs._make_source(8, "CC", 0).yields == ""  # two of one type: one choice, as before
    assert costs._make_source(9, "any", 0).yields == ""


def test_a_yields_that_does_not_match_is_refused() -> None:
    with pytest.raises(ValueError, match="yields"):
        ManaSource(1, frozenset("WU"), amount=2, yields="WB")
