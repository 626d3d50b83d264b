"""``Game.copy()`` is structural (``undercity.engine.state.copy_state``), not a pickle round
trip: these tests keep it exact as fields are added to the state classes (issue 14).

- Every field of ``Obj``, ``Player``, ``StackItem`` and ``State`` says how it is copied
  (``COPY_PLAN``, ``STATE_COPY_PLAN``): a new field fails here until it is written down.
- What a plan calls shared is immutable, and what it copies one level holds only immutable
  values, in real mid-game positions of every variant.
- From many seeded mid-game positions of every variant (random and heuristic agents), the copy
  and the original played on with the same choices give identical logs; the copy shares no
  mutable container with the original; and playing the copy to its end leaves the original
  exactly as it was.
"""

from __future__ import annotations

import dataclasses
import pickle
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from undercity.agents import make_agent
from undercity.cards.model import Ability, CardDef
from undercity.decks import load_deck
from undercity.engine import state as st
from undercity.engine.game import Game
from undercity.engine.state import (
    COPY_PLAN,
    DEEP,
    SHALLOW,
    SHARE,
    STATE_COPY_PLAN,
    Obj,
    Player,
    StackItem,
    State,
)

DECKS = ("gruul-stompy", "orzhov-knights", "orzhov-initiative", "simic-initiative")
COMMANDER = ("commander-linden", "commander-erinis", "commander-sefris", "commander-barrowin")
#: (variant, players, turn cap, seeds, decisions played before the copy).
POSITIONS: tuple[tuple[str, int, int, tuple[int, ...], tuple[int, ...]], ...] = (
    ("two-player", 2, 30, (1, 2, 3, 4, 5, 6), (0, 15, 40, 80, 120, 200)),
    ("free-for-all", 3, 20, (7, 8), (30, 90)),
    ("free-for-all", 4, 20, (9, 10), (50, 150)),
    ("commander", 4, 12, (11, 12, 13), (25, 80, 160)),
    ("two-headed-giant", 4, 20, (14, 15), (40, 110)),
)


@cache
def _deck(name: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    d = load_deck(name)
    return tuple(d.main), tuple(d.commanders)


def new_game(variant: str, players: int, seed: int, cap: int) -> Game:
    pool = COMMANDER if variant == "commander" else DECKS
    decks = [_deck(pool[(seed + p) % len(pool)]) for p in range(players)]
    return Game.new([list(m) for m, _ in decks], [f"P{p + 1}" for p in range(players)], seed=seed,
                    variant=variant, turn_cap=cap,
                    commanders=[list(c) for _, c in decks] if variant == "commander" else None)


class Seat:
    """Answers with a seeded agent (random or heuristic, by seat and seed)."""

    def __init__(self, seed: int, players: int) -> None:
        kinds = ("random", "heuristic") if seed % 2 else ("heuristic", "random")
        self.agents = [make_agent(kinds[p % 2], 1000 * seed + p) for p in range(players)]

    def play(self, g: Game, limit: int | None = None) -> Game:
        n = 0
        while not g.over and (limit is None or n < limit):
            d = g.pending
            assert d is not None
            g.apply(self.agents[d.player].choose(g, d))
            n += 1
        return g


def positions() -> Iterator[Any]:
    for variant, players, cap, seeds, ats in POSITIONS:
        for seed, at in zip(seeds, ats, strict=True):
            yield pytest.param(variant, players, cap, seed, at, id=f"{variant}-{players}p-seed{seed}-at{at}")


# ----------------------------------------------------------------------------- the plans

@pytest.mark.parametrize("cls", [Obj, Player, StackItem])
def test_every_slot_says_how_it_is_copied(cls: type) -> None:
    plan = COPY_PLAN[cls]
    missing = [f for f in cls.__slots__ if f not in plan]
    assert not missing, (f"{cls.__name__} has fields that undercity/engine/state.py's COPY_PLAN doesn't list: "
                         f"{missing}; say how each is copied (share: immutable; copy: a list/dict/set of "
                         "immutable values; deep: anything)")
    stale = [f for f in plan if f not in cls.__slots__]
    assert not stale, f"COPY_PLAN[{cls.__name__}] lists fields the class doesn't have: {stale}"
    assert set(plan.values()) <= {SHARE, SHALLOW, DEEP}


def _state_attributes_missing(s: State) -> list[str]:
    return [k for k in vars(s) if k not in STATE_COPY_PLAN]


def test_every_state_attribute_says_how_it_is_copied() -> None:
    assert not _state_attributes_missing(State(0)), (
        "State has attributes that STATE_COPY_PLAN in undercity/engine/state.py doesn't list: "
        f"{_state_attributes_missing(State(0))}")
    stale = [k for k in STATE_COPY_PLAN if k not in vars(State(0))]
    assert not stale, f"STATE_COPY_PLAN lists attributes State doesn't have: {stale}"


def immutable(v: Any) -> bool:
    """Deeply immutable: safe to share between a game and its copy."""
    t = type(v)
    if t in (int, str, bool, float, type(None), bytes):
        return True
    if t in (tuple, frozenset):
        return all(immutable(x) for x in v)
    if isinstance(v, (CardDef, Ability)):  # registry objects, never changed by a game
        return True
    if dataclasses.is_dataclass(v) and type(v).__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return all(immutable(getattr(v, f.name)) for f in dataclasses.fields(v))
    return False


def check_plan_holds(g: Game) -> None:
    """What the plans share is immutable; what they copy one level holds immutable values."""
    s = g.s
    assert not _state_attributes_missing(s), f"State attributes not in STATE_COPY_PLAN: {_state_attributes_missing(s)}"
    for k, how in STATE_COPY_PLAN.items():
        v = getattr(s, k)
        if how == SHARE:
            assert immutable(v), f"State.{k} is shared by copy() but holds {v!r}"
        elif how == SHALLOW:
            vals = v.values() if isinstance(v, dict) else v
            assert all(immutable(x) for x in vals), f"State.{k} is copied one level but holds {v!r}"
    holders: list[Any] = [*s.objs.values(), *s.players, *s.stack]
    for o in holders:
        for f, how in COPY_PLAN[type(o)].items():
            v = getattr(o, f)
            if how == SHARE:
                assert immutable(v), f"{type(o).__name__}.{f} is shared by copy() but holds {v!r}"
            elif how == SHALLOW:
                assert isinstance(v, (list, dict, set)), f"{type(o).__name__}.{f} is not a container: {v!r}"
                vals = v.values() if isinstance(v, dict) else v
                assert all(immutable(x) for x in vals), f"{type(o).__name__}.{f} is copied one level but holds {v!r}"


def shares_nothing_mutable(a: Any, b: Any, path: str = "game") -> None:
    """``b`` (the copy) has no mutable object in common with ``a``, however deep."""
    if immutable(a):
        assert a == b or a != a, f"{path}: {a!r} copied as {b!r}"
        return
    assert a is not b, f"{path}: the copy shares the mutable {type(a).__name__} {a!r}"
    assert type(a) is type(b), f"{path}: {type(a).__name__} copied as {type(b).__name__}"
    if isinstance(a, dict):
        assert list(a) == list(b), f"{path}: keys differ"
        for k in a:
            shares_nothing_mutable(a[k], b[k], f"{path}[{k!r}]")
    elif isinstance(a, (list, tuple)):
        assert len(a) == len(b), f"{path}: lengths differ"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            shares_nothing_mutable(x, y, f"{path}[{i}]")
    elif isinstance(a, (set, frozenset)):
        assert a == b, f"{path}: {a!r} copied as {b!r}"
    elif isinstance(a, random.Random):
        assert a.getstate() == b.getstate(), f"{path}: the generator's state differs"
    elif isinstance(a, State):
        assert list(vars(a)) == list(vars(b))
        for k in vars(a):
            shares_nothing_mutable(getattr(a, k), getattr(b, k), f"{path}.{k}")
    elif type(a) in COPY_PLAN:
        for f in type(a).__slots__:
            shares_nothing_mutable(getattr(a, f), getattr(b, f), f"{path}.{f}")
    elif dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            shares_nothing_mutable(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")
    else:
        raise AssertionError(f"{path}: a {type(a).__name__} in the state that this test (and copy()) doesn't know")


# ----------------------------------------------------------------------------- the games

@pytest.mark.parametrize(("variant", "players", "cap", "seed", "at"), list(positions()))
def test_copy_plays_on_identically_and_independently(variant: str, players: int, cap: int, seed: int,
                                                     at: int) -> None:
    g = Seat(seed, players).play(new_game(variant, players, seed, cap), limit=at)
    check_plan_holds(g)
    c = g.copy()
    shares_nothing_mutable((g.s, g.pending), (c.s, c.pending))
    assert c.log_lines() == g.log_lines() and c.choices == g.choices and c.decisions == g.decisions
    before = pickle.dumps((g.s, g.pending))
    before_log = g.log_lines()
    # Playing the copy on (with other choices) never changes the original.
    c.s.players[0].life -= 1
    Seat(seed + 1, players).play(c)
    assert pickle.dumps((g.s, g.pending)) == before
    assert g.log_lines() == before_log
    # A fresh copy and the original, played on with the same choices, give the same game.
    c2 = g.copy()
    Seat(seed, players).play(c2)
    Seat(seed, players).play(g)
    assert c2.log_lines() == g.log_lines()
    assert (c2.s.winners, c2.decisions, c2.s.turn) == (g.s.winners, g.decisions, g.s.turn)
    assert not st.UNKNOWN_TYPES, f"copy() met types it has no structural copy for: {st.UNKNOWN_TYPES}"


def test_a_copy_of_a_copy_is_the_same_game() -> None:
    g = Seat(3, 2).play(new_game("two-player", 2, 3, 30), limit=60)
    cc = g.copy().copy()
    Seat(5, 2).play(g)
    Seat(5, 2).play(cc)
    assert cc.log_lines() == g.log_lines()


def test_copy_value_shares_only_what_is_immutable() -> None:
    from collections import defaultdict

    from undercity.cards.registry import get_card
    from undercity.engine.decisions import Option

    card = get_card("Forest")
    opt = Option("pass", ("pass",))
    assert st.copy_value(card) is card and st.copy_value(opt) is opt
    t = (1, "a", (2, 3))
    assert st.copy_value(t) is t
    mixed = (1, [2, 3])
    c = st.copy_value(mixed)
    assert c == mixed and c[1] is not mixed[1]
    d: defaultdict[str, list[int]] = defaultdict(list, {"a": [1]})
    cd = st.copy_value(d)  # not the engine's own class: copied (by the pickle fallback), not shared
    assert cd == d and cd is not d and cd["a"] is not d["a"]
    assert defaultdict in st.UNKNOWN_TYPES  # and reported, so that a real use gets a structural copy
    st.UNKNOWN_TYPES.discard(defaultdict)
