"""The random agent: a uniformly random legal option, from its own seeded RNG.

One exception keeps its games finite. An ability that costs nothing ("{0}: Switch this
creature's power and toughness", Wandering Fumarole) can be activated again each time its
controller has priority, and a uniformly random player adds one to the stack about as often as
everyone passes to resolve one: a random walk with no end in sight (one four-player precon game
stacked 5,000 copies in a single upkeep). Such a loop has an optional action in it, so it is not
a draw (CR 104.4b); CR 732.2-732.3 has a player name how many times the loop repeats and then
choose differently. The random agent does that: after :data:`ACTIONS_PER_STEP` actions of its own
in one step of one turn, it passes priority whenever it may.
"""

from __future__ import annotations

import random

from undercity.engine.decisions import Decision
from undercity.engine.game import Game
from undercity.engine.priority import PASS

#: Priority actions (casting, activating, playing a land) one random player takes in one step
#: before it only passes: far more than a real step needs, few enough to end a free loop.
ACTIONS_PER_STEP = 24


class RandomAgent:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._step: tuple[int, str] | None = None
        self._actions = 0

    def choose(self, game: Game, decision: Decision) -> int:
        if decision.kind == "priority":
            step = (game.s.turn, game.s.step)
            if step != self._step:
                self._step, self._actions = step, 0
            if self._actions >= ACTIONS_PER_STEP:
                for i, o in enumerate(decision.options):
                    if o.value == PASS:
                        return i
            pick = self.rng.randrange(len(decision.options))
            if decision.options[pick].value != PASS:
                self._actions += 1
            return pick
        return self.rng.randrange(len(decision.options))
