"""Playing environments with uniformly random legal actions, for the tests of undercity.rl."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from undercity.rl import UndercityAEC

Finished = list[tuple[str, float, dict, bool]]


def play_random(env: UndercityAEC, seed: int,
                on_step: Callable[[UndercityAEC, str, dict[str, Any]], None] | None = None) -> Finished:
    """Play one game of ``env`` with uniformly random legal actions, calling
    ``on_step(env, agent, observation)`` before each step; the (agent, reward, info, whether
    the game is over) of every agent as it finishes."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    finished = []
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if on_step is not None:
            on_step(env, agent, obs)
        if term or trunc:
            finished.append((agent, reward, info, env.game.over))
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return finished


@pytest.fixture(name="play_random")
def play_random_fixture() -> Callable[..., Finished]:
    return play_random
