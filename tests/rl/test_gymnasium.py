"""The Gymnasium environment ``Undercity-v0``: Gymnasium's checker, determinism under a seed,
the opponents, rewards at the end, vector environments, and refused input."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import undercity.rl  # noqa: F401 - registers Undercity-v0
from undercity.errors import UndercityError
from undercity.rl import UndercityEnv


def masked_random(obs: dict, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


def play(env: gymnasium.Env, seed: int) -> tuple[list[dict], float, bool, bool]:
    """One game with random legal actions: the observations, the last reward, terminated, truncated."""
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = [obs]
    while True:
        obs, reward, term, trunc, _ = env.step(masked_random(obs, rng))
        seen.append(obs)
        if term or trunc:
            return seen, reward, term, trunc


def test_gymnasium_check_env_passes() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about unbounded-looking Box spaces
        check_env(gymnasium.make("Undercity-v0", turn_cap=6).unwrapped)
        check_env(UndercityEnv(players=3, variant="free-for-all", turn_cap=4, opponent="heuristic"))


def test_the_same_seed_plays_the_same_game() -> None:
    a, b = UndercityEnv(turn_cap=10), UndercityEnv(turn_cap=10)
    seen_a, *end_a = play(a, 7)
    seen_b, *end_b = play(b, 7)
    assert end_a == end_b and len(seen_a) == len(seen_b)
    for x, y in zip(seen_a, seen_b, strict=True):
        assert all(np.array_equal(x[k], y[k]) for k in x)
    seen_c, *_ = play(a, 8)
    assert len(seen_c) != len(seen_a) or any(
        not np.array_equal(x["objects"], y["objects"]) for x, y in zip(seen_a, seen_c, strict=True))


def test_the_reward_is_the_learning_seat_s_result_at_the_end() -> None:
    env = UndercityEnv(turn_cap=40, opponent="random", seat=1)
    results = set()
    for seed in range(6):
        _, reward, term, trunc = play(env, seed)
        g = env.game
        if trunc:
            assert reward == 0.0 and not g.s.winners
        else:
            assert term and reward == (1.0 if 1 in g.s.winners else -1.0)
        results.add(reward)
    assert {1.0, -1.0} <= results


def test_a_learning_seat_that_loses_a_multiplayer_game_is_done_at_once() -> None:
    """CR 800.4a: it leaves the game; the episode ends with -1 though the others play on."""
    env = UndercityEnv(players=4, variant="free-for-all", turn_cap=40)
    for seed in range(40):
        _, reward, term, _ = play(env, seed)
        if term and not env.game.over:
            assert reward == -1.0 and env.game.s.players[0].lost
            with pytest.raises(UndercityError, match="reset"):
                env.step(0)
            return
    pytest.fail("the learning seat never lost before the end of a game")


@pytest.mark.parametrize("opponent", ["random", "heuristic", "mcts"])
def test_built_in_opponents_play_the_other_seats(opponent: str) -> None:
    env = UndercityEnv(turn_cap=3 if opponent == "mcts" else 8, opponent=opponent)
    obs, _ = env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(30 if opponent == "mcts" else 500):
        assert env.game.over or env.game.pending.player == 0
        obs, _, term, trunc, _ = env.step(masked_random(obs, rng))
        if term or trunc:
            break


def test_an_opponent_may_be_a_function_and_a_bad_answer_is_named() -> None:
    asked = []

    def first(game, decision) -> int:
        asked.append(decision.kind)
        return 0

    env = UndercityEnv(turn_cap=4, opponent=first)
    play(env, 0)
    assert "mulligan" in asked
    env = UndercityEnv(turn_cap=4, opponent=lambda game, decision: 99)
    with pytest.raises(UndercityError, match="must return an option index from 0 to"):
        play(env, 0)


def test_one_policy_per_other_seat() -> None:
    env = UndercityEnv(players=3, variant="free-for-all", turn_cap=4, opponent=["random", "heuristic"])
    play(env, 1)
    with pytest.raises(UndercityError, match="2 opponent policies for 1 other seats"):
        UndercityEnv(turn_cap=4, opponent=["random", "heuristic"])


def test_a_vector_environment_steps_several_games() -> None:
    envs = gymnasium.vector.SyncVectorEnv([lambda: UndercityEnv(turn_cap=5) for _ in range(2)])
    obs, _ = envs.reset(seed=3)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(300):
        # A finished game's last observation offers nothing; the next step starts a new game.
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]]
        obs, _, term, trunc, _ = envs.step(np.array(actions))
        ended += int(np.sum(term | trunc))
    assert obs["objects"].shape[0] == 2 and ended >= 2
    envs.close()


def test_a_masked_action_wraps_unless_strict() -> None:
    env = UndercityEnv(turn_cap=4)
    env.reset(seed=0)
    n = len(env.game.pending.options)
    before = len(env.game.choices)
    env.step(n)  # read as action 0
    assert env.game.choices[before] == 0
    strict = UndercityEnv(turn_cap=4, strict=True)
    strict.reset(seed=0)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(n)


@pytest.mark.parametrize("kwargs, message", [
    ({"opponent": "alphazero"}, "unknown opponent policy 'alphazero'"),
    ({"opponent": 3}, "neither a policy name"),
    ({"seat": 2}, "seat must be a seat number from 0 to 1"),
])
def test_bad_arguments_are_refused(kwargs: dict, message: str) -> None:
    with pytest.raises(UndercityError, match=message):
        UndercityEnv(**kwargs)


def test_render_ansi_shows_the_learning_seat_s_board() -> None:
    env = gymnasium.make("Undercity-v0", turn_cap=4, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert "Alice (you)" in text and "Your hand" in text
