"""The PettingZoo AEC environment: every seat of a game is an agent.

>>> from undercity.rl import UndercityAEC
>>> env = UndercityAEC(players=3, variant="free-for-all", turn_cap=10)   # doctest: +SKIP
>>> env.reset(seed=1)                                                    # doctest: +SKIP
>>> for agent in env.agent_iter():                                       # doctest: +SKIP
...     obs, reward, terminated, truncated, info = env.last()
...     env.step(None if terminated or truncated else policy(obs))

The agent to act (``agent_selection``) is the player the pending decision belongs to — a
Magic game is not played in rounds: the player with priority, the one declaring attackers,
the one choosing targets. Decisions with a single legal option never reach an agent (the
engine answers them).

Rewards come at the end: +1 to each winner (both players of a winning Two-Headed Giant team,
CR 810), -1 to each loser, 0 to everyone in a draw. In a multiplayer game a player who loses
leaves it (CR 800.4a): their agent is terminated with -1 at once and removed from
``agents`` after its final step (PettingZoo's dead step, action None), while the others play
on. A game still going at the turn cap (``turn_cap``) ends as a draw (CR 104.4a) and every
remaining agent is truncated with 0.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from undercity.engine.game import Game
from undercity.rl import observation as obs_mod
from undercity.rl.actions import Page, option_index, page_of
from undercity.rl.table import DEFAULT_TURN_CAP, Table, make_table

RENDER_MODES = ("ansi", "human")


def agent_name(seat: int) -> str:
    return f"player_{seat}"


@cache
def observation_space(max_options: int) -> spaces.Dict:
    """The observation space: a Dict of int32 Boxes (``action_mask``: int8 zeros and ones)."""
    b = obs_mod.BOUND
    shapes = obs_mod.space_shapes(max_options)
    return spaces.Dict({
        key: (spaces.Box(0, 1, shape, dtype=np.int8) if key == "action_mask"
              else spaces.Box(-b, b, shape, dtype=np.int32))
        for key, shape in shapes.items()
    })


def winners_and_truncated(game: Game) -> tuple[tuple[int, ...], bool]:
    """The winners of a finished game and whether it ended at the turn cap (CR 104.4a)."""
    s = game.s
    truncated = not s.winners and bool(s.turn_cap) and s.turn >= s.turn_cap
    return tuple(s.winners), truncated


class UndercityAEC(AECEnv):
    """A game of Magic for 2 to 6 agents (see the module docstring and docs/rl.md)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4, "name": "undercity_v0",
                "is_parallelizable": False}

    def __init__(self, decks: Sequence[str] | None = None, *, players: int | None = None,
                 variant: str | None = None, turn_cap: int = DEFAULT_TURN_CAP,
                 max_options: int = obs_mod.MAX_OPTIONS, render_mode: str | None = None,
                 table: Table | None = None) -> None:
        super().__init__()
        from undercity.errors import UndercityError

        if render_mode is not None and render_mode not in RENDER_MODES:
            raise UndercityError(f"render_mode {render_mode!r}: choose one of {', '.join(RENDER_MODES)} or None")
        if isinstance(max_options, bool) or not isinstance(max_options, int) or max_options < 2:
            raise UndercityError(f"max_options must be an integer of at least 2 (got {max_options!r})")
        self.table = table or make_table(decks, players=players, variant=variant, turn_cap=turn_cap)
        self.max_options = max_options
        self.render_mode = render_mode
        self.possible_agents = [agent_name(i) for i in range(self.table.players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._action_space = spaces.Discrete(max_options)
        self._seed_rng = np.random.default_rng()
        self.game: Game | None = None
        self._page = 0
        self._out: set[int] = set()

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Dict:
        return observation_space(self.max_options)

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space

    # ------------------------------------------------------------------ lifecycle
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. The same ``seed`` gives the same game, deal and all; without one the
        next seed comes from the last seed given (or the operating system's entropy)."""
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        self.game = self.table.new_game(int(self._seed_rng.integers(2**31 - 1)))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._page = 0
        self._out = set()
        self._skip_agent_selection = None
        self._update()
        self.agent_selection = self._decider_agent()

    def _decider_agent(self) -> str:
        g = self.game
        assert g is not None
        if g.pending is not None and not g.over:
            return agent_name(g.pending.player)
        return self.agents[0] if self.agents else self.possible_agents[0]

    def page(self) -> Page | None:
        """The actions the pending decision offers now."""
        g = self.game
        if g is None or g.pending is None or g.over:
            return None
        return page_of(g.pending, self._page, self.max_options)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.game is not None, "reset() the environment before observing it"
        seat = self._seat[agent]
        g = self.game
        page = self.page() if (g.pending is not None and g.pending.player == seat and seat not in self._out) else None
        return obs_mod.observe(g, seat, page, self.max_options)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        g = self.game
        assert g is not None and g.pending is not None
        page = self.page()
        assert page is not None
        if action is None:
            raise ValueError(f"{agent} must act: give an action from 0 to {self.max_options - 1} (see the mask)")
        k = option_index(page, int(action))
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        if k is None:  # "more options": the next page, same decision
            self._page = page.page + 1
        else:
            self._page = 0
            g.apply(k)
            self._update()
        self.agent_selection = self._decider_agent()
        self._accumulate_rewards()
        self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    def _update(self) -> None:
        """Rewards, terminations and truncations after the game moved on."""
        g = self.game
        assert g is not None
        s = g.s
        if g.over:
            winners, truncated = winners_and_truncated(g)
            for i, a in enumerate(self.possible_agents):
                if i in self._out or a not in self.agents:
                    continue
                self._out.add(i)
                if truncated:
                    self.truncations[a] = True
                else:
                    self.terminations[a] = True
                    self.rewards[a] = 1.0 if i in winners else (-1.0 if winners else 0.0)
                self.infos[a] = self._final_info(i, winners, truncated)
            return
        for i, p in enumerate(s.players):  # CR 800.4a: a player who lost has left the game
            a = self.possible_agents[i]
            if (p.lost or p.left) and i not in self._out:
                self._out.add(i)
                self.terminations[a] = True
                self.rewards[a] = -1.0
                self.infos[a] = {"seat": i, "result": "lost"}

    def _final_info(self, seat: int, winners: tuple[int, ...], truncated: bool) -> dict[str, Any]:
        result = "truncated" if truncated else ("won" if seat in winners else ("lost" if winners else "draw"))
        return {"seat": seat, "result": result}

    # ------------------------------------------------------------------ search access
    def state(self) -> Game:
        """An independent copy of the game (:meth:`Game.copy`): everything, hidden cards
        included — for search agents that determinize it themselves (see agents/mcts.py)."""
        assert self.game is not None, "reset() the environment first"
        return self.game.copy()

    # ------------------------------------------------------------------ display
    def render(self) -> str | None:
        """The board as the seat to act sees it (their hand, nobody else's), the pending
        decision and their actions, as text."""
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("render() called without render_mode; use render_mode='ansi' or 'human'")
            return None
        text = self.render_text(self._seat[self.agent_selection])
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def render_text(self, seat: int) -> str:
        from rich.console import Console

        from undercity.ui.board import board

        g = self.game
        assert g is not None, "reset() the environment first"
        out = io.StringIO()
        con = Console(file=out, width=110, color_system=None, force_terminal=False)
        con.print(board(g, seat))
        page = self.page()
        if g.over:
            con.print(g.log_lines(seat)[-1])  # how the game ended
        elif page is not None and g.pending is not None and g.pending.player == seat:
            con.print(f"{g.pending.prompt} ({g.pending.kind})"
                      + (f", page {page.page + 1} of {page.pages}" if page.pages > 1 else ""))
            for i, o in enumerate(page.options):
                con.print(f"  {i}: {o.label}")
            if page.more:
                con.print(f"  {len(page.options)}: more options")
        elif g.pending is not None:
            con.print(f"Waiting for {g.player_name(g.pending.player)} ({g.pending.kind})")
        return out.getvalue()

    def close(self) -> None:
        self.game = None
