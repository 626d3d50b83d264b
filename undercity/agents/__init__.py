"""Agents answer decisions: ``choose(game, decision) -> option index``."""

from __future__ import annotations

from typing import Protocol

from undercity.engine.decisions import Decision
from undercity.engine.game import Game


class Agent(Protocol):
    def choose(self, game: Game, decision: Decision) -> int: ...


def make_agent(kind: str, seed: int = 0) -> Agent:
    from undercity.agents.heuristic import HeuristicAgent
    from undercity.agents.random_agent import RandomAgent
    from undercity.errors import UndercityError

    if kind == "random":
        return RandomAgent(seed)
    if kind == "heuristic":
        return HeuristicAgent(seed)
    if kind == "mcts":
        from undercity.agents.mcts import MCTSAgent

        return MCTSAgent(seed)
    raise UndercityError(f"unknown AI {kind!r}; choose random, heuristic or mcts")


def play_out(game: Game, agents: list[Agent]) -> Game:
    """Answer every decision with the deciding player's agent until the game ends."""
    while not game.over:
        d = game.pending
        assert d is not None
        game.apply(agents[d.player].choose(game, d))
    return game
