"""``Undercity-v0``: a Gymnasium environment, one learning seat against built-in opponents.

>>> import gymnasium, undercity.rl                                           # doctest: +SKIP
>>> env = gymnasium.make("Undercity-v0", opponent="heuristic", turn_cap=20)  # doctest: +SKIP
>>> obs, info = env.reset(seed=0)                                            # doctest: +SKIP

Observations and actions are those of the PettingZoo environment (:mod:`undercity.rl.aec`,
docs/rl.md) for the learning seat; each ``step`` answers one decision of the learning seat,
then lets the opponents answer theirs until the learning seat must decide again or the game
ends. The reward is +1 for a win (the team's, in Two-Headed Giant), -1 for a loss (as soon as
the learning seat loses, even if the others play on) and 0 for a draw, at the end;
``truncated`` is true when the game reached the turn cap.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from undercity.errors import UndercityError
from undercity.rl import observation as obs_mod
from undercity.rl.aec import RENDER_MODES, UndercityAEC, agent_name, observation_space, winners_and_truncated
from undercity.rl.opponents import Opponent, checked_choice, make_opponent
from undercity.rl.table import DEFAULT_TURN_CAP

#: Opponents' decisions answered within one ``step`` before giving up (a policy that never
#: lets the game end would otherwise hang the environment).
MAX_OPPONENT_DECISIONS = 100_000


class UndercityEnv(gymnasium.Env):
    """One learning seat (``seat``) against ``opponent`` policies in every other seat.

    ``opponent``: ``"random"``, ``"heuristic"``, ``"mcts"``, an agent with
    ``choose(game, decision)`` or a function ``(game, decision) -> option index``; or a list
    with one of those per other seat, in seat order.

    A masked-out action (``action_mask`` 0) is an error with ``strict=True``; by default it
    is read modulo the number of legal actions, so that unmasked agents (and Gymnasium's
    checker, which samples without the mask) still play legal moves."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}

    def __init__(self, decks: Sequence[str] | None = None, *, players: int | None = None,
                 variant: str | None = None, turn_cap: int = DEFAULT_TURN_CAP, opponent: Any = "random",
                 seat: int = 0, max_options: int = obs_mod.MAX_OPTIONS, render_mode: str | None = None,
                 strict: bool = False) -> None:
        self.aec = UndercityAEC(decks, players=players, variant=variant, turn_cap=turn_cap,
                                max_options=max_options, render_mode=render_mode)
        n = self.aec.table.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise UndercityError(f"seat must be a seat number from 0 to {n - 1} (got {seat!r})")
        if isinstance(opponent, (list, tuple)):
            if len(opponent) != n - 1:
                raise UndercityError(f"{len(opponent)} opponent policies for {n - 1} other seats")
            self._policies = list(opponent)
        else:
            self._policies = [opponent] * (n - 1)
        for p in self._policies:
            make_opponent(p, 0)  # a bad policy is refused now, not at the first reset
        self.seat = seat
        self.strict = strict
        self.agent = agent_name(seat)
        self.render_mode = render_mode
        self.observation_space = observation_space(max_options)
        self.action_space = gymnasium.spaces.Discrete(max_options)
        self.opponents: dict[int, Opponent] = {}

    @property
    def game(self) -> Any:
        """The game in progress (:class:`undercity.engine.game.Game`)."""
        return self.aec.game

    def state(self) -> Any:
        """An independent copy of the game, for search (see :meth:`UndercityAEC.state`)."""
        return self.aec.state()

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        # One seed stream: the game's seed and the opponents' seeds both follow ``seed``.
        self.aec.reset(seed=int(self.np_random.integers(2**31 - 1)) if seed is not None or self.aec.game is None
                       else None)
        others = [i for i in range(self.aec.table.players) if i != self.seat]
        self.opponents = {i: make_opponent(p, int(self.np_random.integers(2**31 - 1)))
                          for i, p in zip(others, self._policies, strict=True)}
        self._play_opponents()
        return self._obs(), self._info()

    def _play_opponents(self) -> None:
        g = self.aec.game
        assert g is not None
        for _ in range(MAX_OPPONENT_DECISIONS):
            if g.over or self._done() or g.pending is None or g.pending.player == self.seat:
                return
            d = g.pending
            g.apply(checked_choice(self.opponents[d.player], g, d))
        raise UndercityError(f"the opponents made {MAX_OPPONENT_DECISIONS} decisions in a row without the "
                             "learning seat deciding; is the turn cap set?")

    def _done(self) -> bool:
        p = self.aec.game.s.players[self.seat]
        return p.lost or p.left

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        g = self.aec.game
        if g is None:
            raise UndercityError("reset() the environment before stepping it")
        if g.over or self._done():
            raise UndercityError("the game is over: reset() the environment")
        page = self.aec.page()
        assert page is not None and g.pending is not None and g.pending.player == self.seat
        from undercity.rl.actions import mask_length, option_index

        action = int(action)
        if not self.strict and action >= 0:
            action %= mask_length(page)
        k = option_index(page, action)
        if k is None:
            self.aec._page = page.page + 1
        else:
            self.aec._page = 0
            g.apply(k)
            self._play_opponents()
        reward, terminated, truncated = 0.0, False, False
        if self._done() and not g.over:
            reward, terminated = -1.0, True
        elif g.over:
            winners, truncated = winners_and_truncated(g)
            if not truncated:
                terminated = True
                reward = 1.0 if self.seat in winners else (-1.0 if winners else 0.0)
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, terminated, truncated, self._info()

    def _obs(self) -> dict[str, np.ndarray]:
        return self.aec.observe(self.agent) if not self._done() else obs_mod.observe(
            self.aec.game, self.seat, None, self.aec.max_options)

    def _info(self) -> dict[str, Any]:
        g = self.aec.game
        return {"turn": g.s.turn, "decisions": g.decisions}

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without render_mode; use render_mode='ansi' or 'human'")
            return None
        text = self.aec.render_text(self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.aec.close()
