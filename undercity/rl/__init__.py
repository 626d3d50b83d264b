"""Reinforcement-learning environments over the decision API (docs/rl.md).

* :class:`UndercityAEC` — a PettingZoo AEC environment, every seat an agent;
* ``Undercity-v0`` — a Gymnasium environment (:class:`UndercityEnv`), one learning seat
  against built-in opponents; registered with Gymnasium when this package is imported.

Install with the ``rl`` extra: ``pip install undercity[rl]``.
"""

from __future__ import annotations

import gymnasium

from undercity.rl.aec import UndercityAEC
from undercity.rl.gym_env import UndercityEnv

__all__ = ["ENV_ID", "UndercityAEC", "UndercityEnv"]

ENV_ID = "Undercity-v0"

if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="undercity.rl.gym_env:UndercityEnv")
