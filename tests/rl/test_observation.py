"""Observations: what a seat sees (CR 400.2: hands and libraries are hidden zones; CR 810.5:
Two-Headed Giant teammates may review each other's hands) and that the numbers are the game's."""

from __future__ import annotations

import random

import numpy as np
import pytest

from undercity.agents.mcts import determinize
from undercity.rl import UndercityAEC
from undercity.rl.observation import (
    GLOBAL_COLUMNS,
    KIND_CODE,
    OBJECT_COLUMNS,
    OPTION_COLUMNS,
    PLAYER_COLUMNS,
    ZONE_CODE,
    card_index,
)

P = {c: i for i, c in enumerate(PLAYER_COLUMNS)}
OB = {c: i for i, c in enumerate(OBJECT_COLUMNS)}
Q = {c: i for i, c in enumerate(OPTION_COLUMNS)}
G = {c: i for i, c in enumerate(GLOBAL_COLUMNS)}


def observe_seat(env: UndercityAEC, game, seat: int) -> dict[str, np.ndarray]:
    """``seat``'s observation, by the environment, of ``game`` (a copy of its game, altered)."""
    real = env.game
    env.game = game
    try:
        return env.observe(f"player_{seat}")
    finally:
        env.game = real


@pytest.mark.parametrize("table, seeds", [
    ({}, range(6)),
    ({"players": 4, "variant": "free-for-all"}, range(3)),
    ({"players": 3, "variant": "commander"}, range(2)),
    ({"variant": "two-headed-giant"}, range(3)),
])
def test_no_observation_changes_when_the_cards_a_seat_cannot_see_are_dealt_differently(table, seeds) -> None:
    """At every decision of many games, every seat's observation is the same after the cards
    it cannot see are redealt — the other players' hands and libraries shuffled together, its
    own library shuffled (teammates' hands kept, CR 810.5) — by the search agent's own
    determinization: so no observation holds another seat's hand or any library order."""
    env = UndercityAEC(turn_cap=12, **table)
    redealt = 0
    for seed in seeds:
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        shuffle = random.Random(seed)
        for _ in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            g = env.game
            for seat in range(len(g.s.players)):
                mine = observe_seat(env, g, seat)
                other = g.copy()
                determinize(other, seat, shuffle)
                redealt += any(a.hand != b.hand for a, b in zip(g.s.players, other.s.players, strict=True))
                theirs = observe_seat(env, other, seat)
                for key in mine:
                    assert np.array_equal(mine[key], theirs[key]), (seed, g.s.turn, seat, key)
            env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert redealt > 100  # the redeal did change hands


def test_a_seat_sees_its_own_hand_and_a_teammate_s_but_no_opponent_s() -> None:
    """CR 400.2, 810.5."""
    env = UndercityAEC(variant="two-headed-giant", turn_cap=3)
    env.reset(seed=4)
    g = env.game
    obs = env.observe("player_0")
    hand_rows = obs["objects"][obs["objects"][:, OB["zone"]] == ZONE_CODE["hand"]]
    owners = sorted(set(hand_rows[:, OB["owner"]].tolist()))
    mate = [p.idx for p in g.s.players if p.team == g.s.players[0].team and p.idx != 0][0]
    assert owners == sorted({0, mate})
    assert len(hand_rows) == len(g.s.players[0].hand) + len(g.s.players[mate].hand)


def test_player_rows_are_the_players_relative_to_the_observer() -> None:
    env = UndercityAEC(players=3, variant="free-for-all", turn_cap=5)
    env.reset(seed=0)
    g = env.game
    g.s.players[2].life = 13
    g.s.players[2].poison = 4
    g.s.players[0].commander_damage = {99: 7, 98: 2}
    obs = env.observe("player_1")  # seat 1 sees itself first, then seat 2, then seat 0
    rows = obs["players"]
    assert rows[0, P["life"]] == g.s.players[1].life
    assert (rows[1, P["life"]], rows[1, P["poison"]]) == (13, 4)
    assert rows[2, P["commander_damage"]] == 7
    assert rows[:3, P["hand"]].tolist() == [len(g.s.players[i].hand) for i in (1, 2, 0)]
    assert rows[:3, P["library"]].tolist() == [len(g.s.players[i].library) for i in (1, 2, 0)]
    assert rows[3:, P["present"]].tolist() == [0, 0, 0]


def test_the_initiative_and_the_dungeon_are_observed(play_random) -> None:
    """CR 726, 309: whoever has the initiative, their dungeon and room, for everyone to see."""
    from undercity.rl.observation import _dungeon_codes

    env = UndercityAEC(["orzhov-initiative", "simic-initiative"], turn_cap=20)
    codes = _dungeon_codes()
    seen = []

    def check(env: UndercityAEC, agent: str, obs: dict) -> None:
        g = env.game
        seat = int(agent.split("_")[1])
        for who in (0, 1):
            p = g.s.players[who]
            row = obs["players"][(who - seat) % 2]
            assert row[P["initiative"]] == int(g.s.initiative == who)
            assert row[P["dungeon"]] == codes.get(p.dungeon, 0) and row[P["room"]] == codes.get(p.room, 0)
            assert row[P["dungeons_completed"]] == len(p.completed)
            if g.s.initiative == who and p.room is not None:
                seen.append(p.room)

    for seed in range(4):
        play_random(env, seed, check)
    assert len(set(seen)) >= 2  # the initiative taken, and Undercity ventured into, room after room


def test_objects_and_options_say_what_the_decision_refers_to() -> None:
    """A priority decision offering to play a land: the option names the land in hand, the
    option's object_row points at its row, and that row is marked as referenced."""
    env = UndercityAEC(turn_cap=5)
    env.reset(seed=0)
    for _ in range(200):
        d = env.game.pending
        plays = [k for k, o in enumerate(d.options) if d.kind == "priority" and o.value[0] == "play"]
        if plays:
            break
        env.step(0)
    else:
        pytest.fail("no land to play")
    g = env.game
    obs = env.observe(env.agent_selection)
    assert obs["global"][G["kind"]] == KIND_CODE["priority"]
    opt = obs["options"][plays[0]]
    land = g.obj(d.options[plays[0]].value[1])
    assert opt[Q["card"]] == card_index(land.name)
    row = obs["objects"][opt[Q["object_row"]]]
    assert row[OB["card"]] == card_index(land.name) and row[OB["zone"]] == ZONE_CODE["hand"]
    assert row[OB["referenced"]] == 1 and row[OB["controller"]] == 0
    assert obs["options"][0][Q["tag"]] != opt[Q["tag"]]  # pass, then play


def test_another_seat_s_decision_shows_its_kind_but_not_its_options() -> None:
    env = UndercityAEC(turn_cap=5)
    env.reset(seed=0)
    waiting = f"player_{1 - env.game.pending.player}"
    obs = env.observe(waiting)
    assert obs["global"][G["kind"]] == KIND_CODE[env.game.pending.kind]
    assert obs["global"][G["you_decide"]] == 0
    assert not obs["options"][:, 0].any() and not obs["action_mask"].any()


def test_battlefield_rows_are_the_permanents_as_the_rules_see_them(play_random) -> None:
    """Power and toughness after effects (CR 613), tapped, counters."""
    from undercity.engine import characteristics as ch

    env = UndercityAEC(["gruul-stompy"], turn_cap=12)
    checked = []

    def check(env: UndercityAEC, agent: str, obs: dict) -> None:
        g = env.game
        seat = int(agent.split("_")[1])
        rows = [r for r in obs["objects"] if r[OB["zone"]] == ZONE_CODE["battlefield"]]
        assert len(rows) == len(g.s.battlefield)
        for r, oid in zip(rows, g.s.battlefield, strict=True):
            o = g.obj(oid)
            assert r[OB["card"]] == card_index(o.name) and r[OB["tapped"]] == int(o.tapped)
            assert r[OB["controller"]] == (o.controller - seat) % 2
            assert r[OB["plus_counters"]] == o.counters.get("+1/+1", 0)
            if ch.is_creature(o):
                assert (r[OB["power"]], r[OB["toughness"]]) == (ch.power(g, o), ch.toughness(g, o))
                checked.append(o.id)

    for seed in range(4):
        play_random(env, seed, check)
    assert len(checked) > 20
