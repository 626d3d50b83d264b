"""A tiny baseline learner in numpy alone: a linear softmax policy over the features of the
options on offer, trained with REINFORCE (Williams 1992) through ``Undercity-v0``.

Each option row of the observation (:data:`undercity.rl.observation.OPTION_COLUMNS`) becomes
a feature vector — what the option is (pass, play, cast, keep, mulligan, an object, …) for
the kind of decision it answers, and the card it names (zone, creature, power, toughness,
mana value, whose) — and the policy picks option ``k`` with probability proportional to
``exp(w · phi_k)`` among the legal actions. After each game every choice's log-probability
is pushed along the game's return (+1 win, -1 loss, 0 draw) less a running baseline.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from undercity.rl.observation import (
    GLOBAL_COLUMNS,
    KINDS,
    OPTION_COLUMNS,
    TAGS,
    ZONES,
)

_C = {c: i for i, c in enumerate(OPTION_COLUMNS)}
_KIND = GLOBAL_COLUMNS.index("kind")
#: Decision kinds whose options get their own "what" features (the others share one set).
OWN_KINDS = ("priority", "mulligan", "attacker", "blocker", "target", "bottom", "cleanup_discard")
_KIND_GROUP = {KINDS.index(k): i + 1 for i, k in enumerate(OWN_KINDS)}
_GROUPS = len(OWN_KINDS) + 1
_CARD_FEATURES = len(ZONES) + 7
FEATURES = _GROUPS * len(TAGS) + _CARD_FEATURES


def option_features(obs: dict[str, np.ndarray]) -> np.ndarray:
    """One feature row per legal action: (legal actions, FEATURES) floats."""
    opts = obs["options"][obs["action_mask"].astype(bool)]
    n = len(opts)
    phi = np.zeros((n, FEATURES))
    group = _KIND_GROUP.get(int(obs["global"][_KIND]), 0)
    phi[np.arange(n), group * len(TAGS) + opts[:, _C["tag"]]] = 1.0
    base = _GROUPS * len(TAGS)
    named = opts[:, _C["card"]] > 0
    phi[np.arange(n)[named], base + opts[named, _C["zone"]]] = 1.0
    z = base + len(ZONES)
    phi[:, z] = opts[:, _C["creature"]]
    phi[:, z + 1] = opts[:, _C["power"]] / 4.0
    phi[:, z + 2] = opts[:, _C["toughness"]] / 4.0
    phi[:, z + 3] = opts[:, _C["mana_value"]] / 4.0
    phi[:, z + 4] = named & (opts[:, _C["controller"]] == 0)
    phi[:, z + 5] = opts[:, _C["player"]] == 0
    phi[:, z + 6] = opts[:, _C["player"]] > 0
    return phi


@dataclass
class LinearSoftmaxPolicy:
    """``w · phi`` scores, softmax over the legal actions."""

    seed: int = 0
    learning_rate: float = 0.05
    weights: np.ndarray = field(default_factory=lambda: np.zeros(FEATURES))
    baseline: float = 0.0

    def __post_init__(self) -> None:
        self.rng = np.random.default_rng(self.seed)

    def probabilities(self, phi: np.ndarray) -> np.ndarray:
        z = phi @ self.weights
        z -= z.max()
        p = np.exp(z)
        return p / p.sum()

    def act(self, obs: dict[str, np.ndarray]) -> tuple[int, np.ndarray]:
        """An action (an index among the legal actions, which are the first ones) and the
        gradient of its log-probability."""
        phi = option_features(obs)
        p = self.probabilities(phi)
        k = int(self.rng.choice(len(p), p=p))
        return k, phi[k] - p @ phi

    def play(self, env: Any, seed: int, learn: bool = False) -> float:
        """One game in ``env`` (an ``Undercity-v0``); its return; with ``learn``, one
        REINFORCE update from it."""
        obs, _ = env.reset(seed=seed)
        grads = []
        reward = 0.0
        while True:
            k, g = self.act(obs)
            grads.append(g)
            obs, reward, term, trunc, _ = env.step(k)
            if term or trunc:
                break
        if learn:
            advantage = reward - self.baseline
            self.baseline += 0.05 * (reward - self.baseline)
            self.weights += self.learning_rate * advantage * np.sum(grads, axis=0)
        return float(reward)


def win_rate(policy: LinearSoftmaxPolicy, env: Any, seeds: range) -> float:
    """The share of games won (draws and losses count as not won)."""
    return float(np.mean([policy.play(env, s) > 0 for s in seeds]))
