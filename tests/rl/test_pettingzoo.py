"""The PettingZoo AEC environment: PettingZoo's own checkers, rewards at the end, players
leaving a multiplayer game (CR 800.4a), the turn cap (CR 104.4a), paging of long decisions."""

from __future__ import annotations

import warnings

import pytest
from pettingzoo.test import api_test, seed_test

from undercity.errors import UndercityError
from undercity.rl import UndercityAEC
from undercity.rl.observation import GLOBAL_COLUMNS, OPTION_COLUMNS, TAG_CODE

TABLES = [
    pytest.param({}, id="two-player"),
    pytest.param({"players": 3, "variant": "free-for-all"}, id="free-for-all-3"),
    pytest.param({"players": 6, "variant": "free-for-all"}, id="free-for-all-6"),
    pytest.param({"players": 4, "variant": "commander"}, id="commander-4"),
    pytest.param({"variant": "two-headed-giant"}, id="two-headed-giant"),
]


@pytest.mark.parametrize("table", TABLES)
def test_pettingzoo_api_test_passes_for_every_variant(table: dict) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about Dict observations, all-zero masks of dead agents
        api_test(UndercityAEC(turn_cap=8, **table), num_cycles=150)


def test_pettingzoo_seed_test_passes() -> None:
    seed_test(lambda: UndercityAEC(players=3, variant="free-for-all", turn_cap=8), num_cycles=100)


def test_the_agent_to_act_is_the_player_the_pending_decision_belongs_to(play_random) -> None:
    seen = []

    def check(env: UndercityAEC, agent: str, obs: dict) -> None:
        g = env.game
        if not g.over and not (env.terminations[agent] or env.truncations[agent]):
            assert agent == f"player_{g.pending.player}"
            assert obs["global"][GLOBAL_COLUMNS.index("you_decide")] == 1
            assert obs["action_mask"].sum() == len(g.pending.options)
            seen.append(g.pending.kind)

    play_random(UndercityAEC(players=3, variant="free-for-all", turn_cap=6), 3, check)
    assert {"mulligan", "priority"} <= set(seen)


def test_two_player_rewards_are_plus_one_and_minus_one_at_the_end(play_random) -> None:
    """CR 104.2a/104.3: one player wins, the other loses; nothing is rewarded before."""
    env = UndercityAEC(turn_cap=40)
    finished = play_random(env, 0)
    winners = env.game.s.winners
    assert len(winners) == 1
    rewards = {a: r for a, r, _, _ in finished}
    assert rewards == {f"player_{winners[0]}": 1.0, f"player_{1 - winners[0]}": -1.0}
    assert env.agents == []


def test_a_player_who_loses_a_multiplayer_game_is_removed_while_the_others_play_on(play_random) -> None:
    """CR 800.4a: the player leaves the game; their agent is terminated with -1 and, after its
    dead step, is no longer among the agents, while the game goes on."""
    env = UndercityAEC(players=4, variant="free-for-all", turn_cap=40)
    for seed in range(20):
        removed_mid_game: list[str] = []

        def check(env: UndercityAEC, agent: str, obs: dict, out: list[str] = removed_mid_game) -> None:
            if env.terminations[agent] and not env.game.over:
                out.append(agent)

        finished = play_random(env, seed, check)
        if removed_mid_game:
            agent = removed_mid_game[0]
            first = next(f for f in finished if f[0] == agent)
            assert first[1] == -1.0 and first[2]["result"] == "lost" and not first[3]
            assert agent not in env.agents
            return
    pytest.fail("no seed had a player lose before the end of the game")


def test_a_winning_two_headed_giant_team_is_rewarded_both_players(play_random) -> None:
    """CR 810.8a: a team wins or loses together."""
    env = UndercityAEC(variant="two-headed-giant", turn_cap=40)
    for seed in range(20):
        finished = play_random(env, seed)
        winners = env.game.s.winners
        if winners:
            rewards = {a: r for a, r, _, _ in finished}
            teams = {i: env.game.s.players[i].team for i in range(4)}
            won = teams[winners[0]]
            assert rewards == {f"player_{i}": (1.0 if teams[i] == won else -1.0) for i in range(4)}
            return
    pytest.fail("no Two-Headed Giant game ended before the turn cap")


def test_a_game_at_the_turn_cap_truncates_every_agent_with_no_reward(play_random) -> None:
    """CR 104.4a: the game is a draw; the environment truncates it."""
    env = UndercityAEC(turn_cap=2)
    finished = play_random(env, 1)
    assert env.game.s.winners == ()
    assert [(a, r, info["result"]) for a, r, info, _ in finished] == [
        ("player_0", 0.0, "truncated"), ("player_1", 0.0, "truncated")]


def test_a_decision_with_more_options_than_actions_is_paged() -> None:
    """With max_options=3, a decision of 7 options (bottom a card) shows 2 per page and
    'more options' as the last action; every option is reachable."""
    env = UndercityAEC(turn_cap=3, max_options=3)
    env.reset(seed=2)
    for _ in range(500):
        d = env.game.pending
        if len(d.options) > 3:
            break
        env.step(1 if d.kind == "mulligan" else 0)  # mulligan until a bottom decision comes
    else:
        pytest.fail("no decision with more than 3 options")
    agent = env.agent_selection
    d = env.game.pending
    labels = []
    for page in range(-(-len(d.options) // 2)):
        obs = env.observe(agent)
        assert obs["global"][GLOBAL_COLUMNS.index("page")] == page
        assert obs["action_mask"].tolist() == [1, 1, 1] or page == -(-len(d.options) // 2) - 1
        more = obs["options"][int(obs["action_mask"].sum()) - 1]
        assert more[OPTION_COLUMNS.index("tag")] == TAG_CODE["more"]
        labels += [o.label for o in env.page().options]
        env.step(int(obs["action_mask"].sum()) - 1)  # more options
        assert env.game.pending is d and env.agent_selection == agent
    assert labels == [o.label for o in d.options]
    assert env.page().page == 0  # wrapped around
    env.step(2)  # more options: page 1 shows options 2 and 3
    n = len(env.game.choices)
    env.step(0)
    assert env.game.choices[n] == 2  # the third option was the answer


def test_render_shows_the_seat_to_act_its_own_hand_and_its_options() -> None:
    env = UndercityAEC(turn_cap=3, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    me = env.game.pending.player
    hand = {env.game.obj(o).name for o in env.game.s.players[me].hand}
    theirs = {env.game.obj(o).name for o in env.game.s.players[1 - me].hand} - hand
    assert "Your hand" in text and all(n in text for n in hand)
    assert not any(n in text for n in theirs)
    assert "0: Keep 7" in text


@pytest.mark.parametrize("kwargs, message", [
    ({"players": 7, "variant": "free-for-all"}, "at most 6 players"),
    ({"decks": "gruul-stompy"}, "must be a list"),
    ({"decks": ["no-such-deck"]}, "no-such-deck"),
    ({"variant": "two-headed-gaint"}, "did you mean 'two-headed-giant'"),
    ({"max_options": 1}, "max_options"),
    ({"render_mode": "rgb_array"}, "render_mode"),
])
def test_bad_arguments_are_refused_with_the_problem_named(kwargs: dict, message: str) -> None:
    with pytest.raises(UndercityError, match=message):
        UndercityAEC(**kwargs)


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    env = UndercityAEC(turn_cap=3)
    env.reset(seed=0)
    before = env.game.save()
    with pytest.raises(ValueError, match="offers actions 0 to 1"):
        env.step(5)
    assert env.game.save() == before


def test_state_is_an_independent_copy_of_the_game() -> None:
    env = UndercityAEC(turn_cap=3)
    env.reset(seed=0)
    g = env.state()
    g.apply(0)
    assert env.game.choices == [] and g.choices == [0]
