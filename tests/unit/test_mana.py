"""Unit tests for undercity.mana: costs (CR 107.4, 202), cost changes (CR 118.7, 601.2f) and
paying costs (CR 118.3, 601.2g-h)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from undercity.mana import (
    COLORS,
    MANA_TYPES,
    NO_COST,
    ManaCost,
    ManaPool,
    ManaSource,
    Payment,
    available_colors,
    can_pay,
    find_payment,
    max_affordable_x,
    parse_cost,
    total_available,
)

_KEY = itertools.count(1000)


def src(produces: str, amount: int = 1, rank: int = 0, key: int | None = None) -> ManaSource:
    return ManaSource(next(_KEY) if key is None else key, frozenset(produces), amount, rank)


def forest(key: int | None = None) -> ManaSource:
    return src("G", key=key)


def treasure(key: int | None = None) -> ManaSource:
    return src("WUBRG", rank=2, key=key)


def spent(payment: Payment, sources: list[ManaSource]) -> dict[str, int]:
    """Mana actually spent on the cost: produced + taken from the pool - leftover."""
    by_key = {s.key: s for s in sources}
    out = dict.fromkeys(MANA_TYPES, 0)
    for key, color in payment.activations:
        assert color in by_key[key].produces
        out[color] += by_key[key].amount
    for color, n in payment.from_pool.items():
        out[color] += n
    for color, n in payment.leftover.items():
        out[color] -= n
    assert min(out.values()) >= 0
    return out


def resolutions(cost: ManaCost) -> list[tuple[list[int], int]]:
    """Every way to pay the hybrid symbols, as (need per WUBRGC, generic); brute force."""
    base = [*cost.colored, cost.colorless]
    out = [(base, cost.generic)]
    for h in cost.hybrid:
        nxt = []
        for need, g in out:
            for part in h:
                if part == "P":
                    continue
                if part == "2":
                    nxt.append((need, g + 2))
                else:
                    n2 = need.copy()
                    n2[MANA_TYPES.index(part)] += 1
                    nxt.append((n2, g))
        out = nxt
    return out


def pays_exactly(cost: ManaCost, mana: dict[str, int]) -> bool:
    have = [mana[t] for t in MANA_TYPES]
    return any(all(h >= n for h, n in zip(have, need, strict=True)) and sum(have) == sum(need) + g
               for need, g in resolutions(cost))


def assert_valid(cost: ManaCost, sources: list[ManaSource], payment: Payment | None,
                 pool: ManaPool | None = None) -> None:
    assert payment is not None
    keys = [k for k, _ in payment.activations]
    assert len(keys) == len(set(keys)), "a source was activated twice"
    if pool is not None:
        for color, n in payment.from_pool.items():
            assert pool[color] >= n
    else:
        assert payment.from_pool == {}
    assert pays_exactly(cost, spent(payment, sources))


# --- parsing (CR 107.4) -------------------------------------------------------


def test_parse_generic_and_colored() -> None:
    c = parse_cost("{3}{B}")
    assert c.generic == 3
    assert c.colored == (0, 0, 1, 0, 0)
    assert (c.colorless, c.hybrid, c.x) == (0, (), 0)
    assert parse_cost("{10}{W}{W}").generic == 10
    assert parse_cost("{1}{2}").generic == 3


def test_parse_x_symbols() -> None:
    c = parse_cost("{X}{R}")
    assert c.x == 1 and c.colored == (0, 0, 0, 1, 0)
    assert parse_cost("{X}{X}{G}").x == 2


def test_parse_colorless_symbol() -> None:
    c = parse_cost("{C}{C}{3}")
    assert c.colorless == 2 and c.generic == 3 and c.colors == frozenset()


def test_parse_hybrid_symbols_are_normalized() -> None:
    assert parse_cost("{W/U}").hybrid == (("W", "U"),)
    assert parse_cost("{U/W}") == parse_cost("{W/U}")
    assert parse_cost("{W/G}").hybrid == (("G", "W"),)  # printed order {G/W}
    assert parse_cost("{2/W}").hybrid == (("2", "W"),)
    assert parse_cost("{W/2}") == parse_cost("{2/W}")
    assert parse_cost("{C/U}").hybrid == (("C", "U"),)
    assert parse_cost("{b/p}").hybrid == (("B", "P"),)
    assert parse_cost("{U/W/P}").hybrid == (("W", "U", "P"),)


def test_parse_no_cost_and_zero() -> None:
    for text in (None, "", "   "):
        c = parse_cost(text)
        assert c is NO_COST
        assert c.is_empty and not c.has_mana_cost and c.mana_value == 0 and str(c) == ""
    zero = parse_cost("{0}")
    assert zero.is_empty and zero.has_mana_cost and str(zero) == "{0}"
    assert zero != NO_COST


@pytest.mark.parametrize("text", [
    "{3", "3B", "{3}B", "{}", "{Q}", "{T}", "{S}", "{Y}", "{W/W}", "{2/3}", "{3/W}",
    "{W/U/B}", "{W/C/P}", "{HW}", "{½}", "{-1}", "}{",
])
def test_parse_malformed_raises_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="mana"):
        parse_cost(text)


def test_parse_is_cached() -> None:
    assert parse_cost("{1}{U}{U}") is parse_cost("{1}{U}{U}")


# --- mana value, colors, text (CR 202.2, 202.3) --------------------------------


@pytest.mark.parametrize(("text", "mv"), [
    ("{3}{B}", 4), ("{X}{R}", 1), ("{X}{X}{G}", 1), ("{2/W}", 2), ("{2/W}{2/U}{2/B}{2/R}{2/G}", 10),
    ("{1}{G/W}{G/W}", 3), ("{C/W}", 1), ("{W/P}", 1), ("{1}{B/P}{B/P}", 3), ("{C}{C}", 2), ("{0}", 0),
])
def test_mana_value(text: str, mv: int) -> None:
    assert parse_cost(text).mana_value == mv


def test_mana_value_with_x_chosen_on_the_stack() -> None:
    assert parse_cost("{X}{X}{R}").with_x(3).mana_value == 7  # CR 202.3e


def test_colors() -> None:
    assert parse_cost("{2}{W}{U}").colors == {"W", "U"}
    assert parse_cost("{1}{G/W}{G/W}").colors == {"G", "W"}
    assert parse_cost("{2/B}").colors == {"B"}
    assert parse_cost("{R/P}").colors == {"R"}
    assert parse_cost("{3}{C}").colors == frozenset()


@pytest.mark.parametrize(("text", "canonical"), [
    ("{W}{2}{W}", "{2}{W}{W}"), ("{G}{1}{U}", "{1}{U}{G}"), ("{R}{X}", "{X}{R}"),
    ("{G/W}{1}{G/W}", "{1}{G/W}{G/W}"), ("{C}{3}", "{3}{C}"), ("{0}", "{0}"), ("{0}{1}", "{1}"),
    ("{w}{u}", "{W}{U}"), ("{2} {B}", "{2}{B}"),
])
def test_canonical_text(text: str, canonical: str) -> None:
    c = parse_cost(text)
    assert str(c) == canonical == c.text
    assert parse_cost(str(c)) == c


def test_direct_construction_computes_text() -> None:
    c = ManaCost(generic=2, colored=(2, 0, 0, 0, 0))
    assert str(c) == "{2}{W}{W}" and c == parse_cost("{W}{W}{2}")


# --- cost arithmetic (CR 118.7, 601.2f) ------------------------------------------


def test_with_x_replaces_x_by_generic() -> None:
    c = parse_cost("{X}{X}{R}").with_x(2)
    assert (c.x, c.generic, str(c)) == (0, 4, "{4}{R}")
    assert parse_cost("{X}{R}").with_x(0) == parse_cost("{R}")
    assert parse_cost("{2}").with_x(5) == parse_cost("{2}")
    with pytest.raises(ValueError):
        parse_cost("{X}").with_x(-1)


def test_add_and_increase() -> None:
    assert parse_cost("{1}{G}").add(parse_cost("{2}{G}{U/P}")) == parse_cost("{3}{G}{G}{U/P}")
    assert parse_cost("{1}{G}") + parse_cost("{W}") == parse_cost("{1}{W}{G}")
    assert parse_cost("{W}").increase_generic(2) == parse_cost("{2}{W}")
    assert parse_cost("{0}").add(parse_cost("{0}")) == parse_cost("{0}")
    with pytest.raises(ValueError):
        parse_cost("{W}").increase_generic(-1)


def test_reduce_generic_never_below_zero() -> None:
    assert parse_cost("{3}{U}").reduce_generic(2) == parse_cost("{1}{U}")
    assert parse_cost("{3}{U}").reduce_generic(5) == parse_cost("{U}")  # CR 118.7a: only generic
    assert parse_cost("{2}").reduce_generic(9) == parse_cost("{0}")  # CR 601.2f: {0}, not less
    assert parse_cost("{2}").reduce_generic(9).has_mana_cost
    assert parse_cost("{2/W}").reduce_generic(1) == parse_cost("{2/W}")
    assert NO_COST.reduce_generic(1) is NO_COST
    with pytest.raises(ValueError):
        parse_cost("{1}").reduce_generic(-1)


# --- pool (CR 106.4) ---------------------------------------------------------------


def test_mana_pool() -> None:
    pool = ManaPool()
    pool.add("R")
    pool.add("C", 2)
    assert pool.total() == 3 and pool["C"] == 2 and pool.as_dict() == {"R": 1, "C": 2}
    other = pool.copy()
    pool.remove("C")
    assert other.C == 2 and pool.C == 1
    assert pool.empty() == {"R": 1, "C": 1}
    assert pool.total() == 0 and pool.as_dict() == {}
    with pytest.raises(ValueError):
        pool.add("X")
    with pytest.raises(ValueError):
        pool.remove("G")


def test_source_validation_and_helpers() -> None:
    s = ManaSource(1, "WU")  # type: ignore[arg-type]
    assert s.produces == frozenset({"W", "U"})
    with pytest.raises(ValueError):
        ManaSource(2, frozenset({"Q"}))
    with pytest.raises(ValueError):
        ManaSource(3, frozenset({"C"}), amount=0)
    sources = [s, src("C", amount=2)]
    assert available_colors(sources) == {"W", "U", "C"}
    assert available_colors(sources, ManaPool(R=1)) == {"W", "U", "C", "R"}
    assert total_available(sources, ManaPool(G=2)) == 5


# --- payment (CR 601.2g-h) ---------------------------------------------------------


def test_empty_cost_needs_nothing() -> None:
    assert find_payment(parse_cost("{0}"), [forest()]) == Payment()
    assert can_pay(parse_cost("{0}"), [])


def test_pay_colored_and_generic() -> None:
    sources = [forest(1), forest(2), src("U", key=3)]
    cost = parse_cost("{1}{G}")
    pay = find_payment(cost, sources)
    assert_valid(cost, sources, pay)
    assert pay is not None and len(pay.activations) == 2 and ("G" in {c for _, c in pay.activations})
    assert can_pay(cost, sources)


def test_dual_source_goes_to_the_pip_only_it_can_pay() -> None:
    sources = [src("WU", key=1), src("W", key=2)]
    pay = find_payment(parse_cost("{W}{U}"), sources)
    assert pay is not None
    assert sorted(pay.activations) == [(1, "U"), (2, "W")]
    # Same with the dual listed second and a third color in the mix.
    sources = [src("W", key=2), src("WU", key=1), src("B", key=3)]
    pay = find_payment(parse_cost("{B}{U}{W}"), sources)
    assert pay is not None and sorted(pay.activations) == [(1, "U"), (2, "W"), (3, "B")]
    # A {W/U} hybrid goes to the dual, the {W} pip to the Plains.
    pay = find_payment(parse_cost("{W/U}{W}"), sources)
    assert pay is not None and sorted(k for k, _ in pay.activations) == [1, 2]


def test_matching_reroutes_an_earlier_choice() -> None:
    # Offered first, the {G,W} land is given to {W}; the {W,B} land can then only pay {W},
    # so the augmenting path moves the {G,W} land over to {G}.
    sources = [src("GW", key=1), src("WB", key=2)]
    cost = parse_cost("{G}{W}")
    pay = find_payment(cost, sources)
    assert_valid(cost, sources, pay)
    assert pay is not None and sorted(pay.activations) == [(1, "G"), (2, "W")]
    sources = [src("GW", key=1), src("G", key=2), src("RG", key=3)]
    cost = parse_cost("{R/G}{G/W}{W}")
    pay = find_payment(cost, sources)
    assert_valid(cost, sources, pay)
    assert pay is not None and (1, "W") in pay.activations


def test_prefers_lands_over_creatures_over_treasures() -> None:
    land, elf, trea = src("G", key=1), src("G", rank=1, key=2), treasure(key=3)
    pay = find_payment(parse_cost("{G}"), [trea, elf, land])
    assert pay is not None and pay.activations == [(1, "G")]
    pay = find_payment(parse_cost("{1}{G}"), [trea, elf, land])
    assert pay is not None and sorted(k for k, _ in pay.activations) == [1, 2]
    # Three lands beat one Treasure; a Treasure only when nothing else can pay.
    lands = [forest(10), forest(11), forest(12)]
    pay = find_payment(parse_cost("{2}{G}"), [trea, *lands])
    assert pay is not None and 3 not in {k for k, _ in pay.activations}
    pay = find_payment(parse_cost("{U}"), [trea, *lands])
    assert pay is not None and pay.activations == [(3, "U")]


def test_treasure_kept_when_a_dual_land_can_be_rerouted() -> None:
    # Greedy would tap the {W,U} land for {W} and need the Treasure for {U}.
    sources = [treasure(key=9), src("WU", key=1), src("WB", key=2)]
    pay = find_payment(parse_cost("{W}{U}"), sources)
    assert pay is not None and sorted(pay.activations) == [(1, "U"), (2, "W")]


def test_sol_ring_makes_two_with_leftover() -> None:
    sol_ring = src("C", amount=2, key=7)
    pay = find_payment(parse_cost("{1}"), [sol_ring])
    assert pay == Payment([(7, "C")], {}, {"C": 1})
    pay = find_payment(parse_cost("{2}"), [sol_ring])
    assert pay == Payment([(7, "C")], {}, {})
    pay = find_payment(parse_cost("{C}{C}{G}"), [sol_ring, forest(8)])
    assert pay is not None and sorted(pay.activations) == [(7, "C"), (8, "G")] and pay.leftover == {}


def test_sol_ring_not_wasted_when_a_land_pays_exactly() -> None:
    sources = [src("C", amount=2, key=7), forest(8)]
    pay = find_payment(parse_cost("{1}"), sources)
    assert pay == Payment([(8, "G")], {}, {})


def test_multi_mana_source_produces_one_color() -> None:
    lotus = src("WUBRG", amount=3, rank=0, key=5)  # Gilded Lotus: three mana of any one color
    cost = parse_cost("{1}{U}{U}")
    pay = find_payment(cost, [lotus])
    assert pay == Payment([(5, "U")], {}, {})
    assert find_payment(parse_cost("{W}{U}"), [lotus]) is None


def test_hybrid_payment() -> None:
    sources = [forest(1), src("W", key=2)]
    cost = parse_cost("{G/W}{G/W}")
    pay = find_payment(cost, sources)
    assert_valid(cost, sources, pay)
    # {2/W} without white mana: two generic (CR 107.4e).
    sources = [forest(3), forest(4)]
    cost = parse_cost("{2/W}")
    pay = find_payment(cost, sources)
    assert_valid(cost, sources, pay)
    assert pay is not None and len(pay.activations) == 2
    # ...but one white when possible, and two lands rather than a Treasure.
    pay = find_payment(cost, [forest(3), src("W", key=5)])
    assert pay is not None and pay.activations == [(5, "W")]
    pay = find_payment(cost, [treasure(key=6), forest(3), forest(4)])
    assert pay is not None and sorted(pay.activations) == [(3, "G"), (4, "G")]


def test_colorless_hybrid_and_phyrexian_paid_with_mana() -> None:
    sources = [src("C", key=1), src("B", key=2)]
    pay = find_payment(parse_cost("{C/U}{B/P}"), sources)
    assert pay is not None and sorted(pay.activations) == [(1, "C"), (2, "B")]
    assert find_payment(parse_cost("{B/P}"), [forest()]) is None  # life is the engine's choice


def test_pool_mana_is_spent_first() -> None:
    pool = ManaPool(R=1, C=1)
    sources = [src("R", key=1), forest(2)]
    cost = parse_cost("{1}{R}")
    pay = find_payment(cost, sources, pool)
    assert pay == Payment([], {"R": 1, "C": 1}, {})
    pay = find_payment(parse_cost("{2}{R}{G}"), sources, pool)
    assert pay is not None and pay.from_pool == {"R": 1, "C": 1}
    assert_valid(parse_cost("{2}{R}{G}"), sources, pay, pool)
    pool.apply(pay)
    assert pool.total() == 0


def test_pool_apply_keeps_leftover() -> None:
    pool = ManaPool()
    pay = find_payment(parse_cost("{1}"), [src("C", amount=2, key=1)], pool)
    assert pay is not None
    pool.apply(pay)
    assert pool.as_dict() == {"C": 1}


def test_impossible_payments_return_none() -> None:
    assert find_payment(parse_cost("{B}"), [forest(), forest()]) is None
    assert find_payment(parse_cost("{3}"), [forest(), forest()]) is None
    assert find_payment(parse_cost("{C}"), [src("WUBRG")]) is None
    # Enough white in total, but one land cannot pay two pips (each source once).
    sources = [src("WU"), src("U")]
    assert find_payment(parse_cost("{W}{W}"), sources) is None
    assert not can_pay(parse_cost("{W}{W}"), sources)
    # Hall violation: three pips, two sources can make W or U.
    assert not can_pay(parse_cost("{W}{U}{W/U}"), [src("WU"), src("WU"), src("G")])
    assert find_payment(parse_cost("{W}{U}{W/U}"), [src("WU"), src("WU"), src("G")]) is None


def test_unchosen_x_must_be_chosen_before_paying() -> None:
    with pytest.raises(ValueError, match="with_x"):
        find_payment(parse_cost("{X}{R}"), [src("R")])
    assert can_pay(parse_cost("{X}{R}"), [src("R")])  # X = 0


def test_max_affordable_x() -> None:
    sources = [src("R"), forest(), forest(), src("C", amount=2)]
    assert max_affordable_x(parse_cost("{X}{R}"), sources) == 4
    assert max_affordable_x(parse_cost("{X}{X}{R}"), sources) == 2
    assert max_affordable_x(parse_cost("{X}{R}"), sources, ManaPool(G=1)) == 5
    assert max_affordable_x(parse_cost("{X}{U}"), sources) == -1
    assert max_affordable_x(parse_cost("{1}{R}"), sources) == 0
    assert max_affordable_x(parse_cost("{X}{R}{R}"), sources) == -1
    lands = [src("R"), forest(), forest()]
    assert max_affordable_x(parse_cost("{X}{G}{G}"), lands) == 1
    assert max_affordable_x(parse_cost("{X}{2/R}"), lands) == 2
    assert max_affordable_x(parse_cost("{X}"), []) == 0


# --- exhaustive cross-check against brute force --------------------------------------

_SYMBOLS = ["{1}", "{2}", "{W}", "{U}", "{G}", "{C}", "{W/U}", "{G/W}", "{2/W}", "{C/U}", "{U/P}"]
_PRODUCES = ["W", "U", "G", "C", "WU", "GW", "UC", "WUBRG"]


def _brute_best(cost: ManaCost, sources: list[ManaSource], pool: ManaPool | None) -> tuple[int, ...] | None:
    """Best rank profile (ranks of activated sources, highest first) over every activation."""
    best = None
    base = pool.counts() if pool else (0,) * 6
    for assign in itertools.product(*[[None, *sorted(s.produces)] for s in sources]):
        have = list(base)
        for s, c in zip(sources, assign, strict=True):
            if c is not None:
                have[MANA_TYPES.index(c)] += s.amount
        if any(all(h >= n for h, n in zip(have, need, strict=True)) and sum(have) >= sum(need) + g
               for need, g in resolutions(cost)):
            ranks = tuple(sorted((s.cost_rank for s, c in zip(sources, assign, strict=True) if c), reverse=True))
            best = ranks if best is None or ranks < best else best
    return best


@settings(max_examples=250, deadline=None)
@given(
    symbols=st.lists(st.sampled_from(_SYMBOLS), max_size=4),
    raw_sources=st.lists(st.tuples(st.sampled_from(_PRODUCES), st.sampled_from([1, 1, 2]),
                                   st.sampled_from([0, 0, 1, 2])), max_size=5),
    pool_counts=st.lists(st.integers(0, 1), min_size=6, max_size=6),
)
def test_find_payment_matches_brute_force(symbols: list[str], raw_sources: list[tuple[str, int, int]],
                                          pool_counts: list[int]) -> None:
    cost = parse_cost("".join(symbols))
    sources = [ManaSource(i, frozenset(p), a, r) for i, (p, a, r) in enumerate(raw_sources)]
    pool = ManaPool(*pool_counts) if any(pool_counts) else None
    best = _brute_best(cost, sources, pool)
    pay = find_payment(cost, sources, pool)
    assert (pay is None) == (best is None)
    assert can_pay(cost, sources, pool) == (best is not None)
    if pay is not None:
        assert_valid(cost, sources, pay, pool)
        rank = {s.key: s.cost_rank for s in sources}
        assert tuple(sorted((rank[k] for k, _ in pay.activations), reverse=True)) == best


def test_colors_constant() -> None:
    assert COLORS == ("W", "U", "B", "R", "G")


# ---------------------------------------------------------------------------
# One object, several mana abilities (Find the Path: "{T}: Add {G}" or "{T}: Add {G}{G}")
# ---------------------------------------------------------------------------


def test_alternatives_of_one_object_are_activated_at_most_once() -> None:
    """CR 605.3a, 601.2g: a land with two {T} mana abilities taps once. {G}{G} for {1}{G}{G}
    from a Forest enchanted by Find the Path plus a Plains: the Forest's second ability."""
    forest_g = ManaSource(1, "G")
    forest_gg = ManaSource(1, "G", amount=2, ability=1)
    plains = ManaSource(2, "W")
    plan = find_payment(parse_cost("{1}{G}{G}"), [forest_g, forest_gg, plains])
    assert plan is not None
    assert sorted(k for k, _ in plan.activations) == [1, 2]
    assert plan.abilities == {1: 1}
    # Both alternatives together would pay {G}{G}{G}; one activation can't.
    assert not can_pay(parse_cost("{G}{G}{G}"), [forest_g, forest_gg, plains])
    assert total_available([forest_g, forest_gg, plains]) == 3


def test_undominated_alternatives_are_each_planned() -> None:
    """A source that makes {W} or (by another ability) {G}{G}: {W}{1} needs the first, {G}{G}
    the second; the payment says which (Payment.abilities)."""
    w = ManaSource(1, "W")
    gg = ManaSource(1, "G", amount=2, ability=1)
    other = ManaSource(2, "C")
    plan = find_payment(parse_cost("{1}{W}"), [w, gg, other])
    assert plan is not None and plan.abilities.get(1, 0) == 0
    plan = find_payment(parse_cost("{G}{G}"), [w, gg, other])
    assert plan is not None and plan.abilities == {1: 1} and [k for k, _ in plan.activations] == [1]
    assert max_affordable_x(parse_cost("{X}{G}"), [w, gg, other]) == 2
