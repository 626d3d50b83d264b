"""The random agent: a uniformly random legal option, from its own seeded RNG."""

from __future__ import annotations

import random

from undercity.engine.decisions import Decision
from undercity.engine.game import Game


class RandomAgent:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, decision: Decision) -> int:
        return self.rng.randrange(len(decision.options))
