"""Learning works through the environment: a linear softmax policy over option features,
trained with REINFORCE in numpy alone against the random agent, wins more after training."""

from __future__ import annotations

import math

from undercity.rl import UndercityEnv
from undercity.rl.linear import LinearSoftmaxPolicy, win_rate

EVALUATION = range(10_000, 10_100)  # the same 100 deals before and after
EPISODES = 300


def test_reinforce_on_option_features_beats_its_untrained_self_against_the_random_agent() -> None:
    """The untrained policy (all weights 0) plays uniformly at random. After 300 seeded games
    of REINFORCE its win rate on the same 100 deals must be at least 20 points higher, and
    the difference significant by a two-proportion z-test (z > 3, one-sided p < 0.0015)."""
    env = UndercityEnv(turn_cap=25, opponent="random")
    policy = LinearSoftmaxPolicy(seed=0, learning_rate=0.05)
    before = win_rate(policy, env, EVALUATION)
    for episode in range(EPISODES):
        policy.play(env, episode, learn=True)
    after = win_rate(policy, env, EVALUATION)
    n = len(EVALUATION)
    pooled = (before + after) / 2
    z = (after - before) / math.sqrt(pooled * (1 - pooled) * 2 / n)
    assert after - before >= 0.2 and z > 3, (before, after, z)
