"""The built-in opponents of the Gymnasium environment: a policy per seat that answers the
decisions the learning seat doesn't make."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from undercity.engine.decisions import Decision
from undercity.engine.game import Game
from undercity.errors import UndercityError

POLICIES = ("random", "heuristic", "mcts")


class Opponent(Protocol):
    def choose(self, game: Game, decision: Decision) -> int: ...


class _Callable:
    """A function ``f(game, decision) -> option index`` as an agent."""

    def __init__(self, fn: Callable[[Game, Decision], int]) -> None:
        self.fn = fn

    def choose(self, game: Game, decision: Decision) -> int:
        return self.fn(game, decision)


def make_opponent(policy: Any, seed: int) -> Opponent:
    """An agent from a policy: ``"random"``, ``"heuristic"`` or ``"mcts"`` (undercity/agents/),
    an object with ``choose(game, decision)``, or a callable ``f(game, decision) -> index``."""
    if isinstance(policy, str):
        if policy not in POLICIES:
            raise UndercityError(f"unknown opponent policy {policy!r}: choose {', '.join(POLICIES)}, an agent "
                                 "with choose(game, decision), or a function (game, decision) -> option index")
        from undercity.agents import make_agent

        return make_agent(policy, seed)
    if hasattr(policy, "choose"):
        return policy  # type: ignore[no-any-return]
    if callable(policy):
        return _Callable(policy)
    raise UndercityError(f"opponent policy {policy!r} is neither a policy name ({', '.join(POLICIES)}), an agent "
                         "nor a function (game, decision) -> option index")


def checked_choice(agent: Opponent, game: Game, decision: Decision) -> int:
    """The agent's answer, refused with a clear message if it is not an option index."""
    k = agent.choose(game, decision)
    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < len(decision.options):
        raise UndercityError(f"opponent policy answered {k!r} to {decision.kind!r} ({decision.prompt}); it must "
                             f"return an option index from 0 to {len(decision.options) - 1}")
    return k
