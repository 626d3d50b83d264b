"""A spinner on the terminal while a searching AI thinks (``--ai mcts``): "Bob is thinking…
decision 12, playout 17 of 32". It is shown on stderr only when stderr is a terminal, and it
is transient: nothing of it is left in the output.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Console

if TYPE_CHECKING:
    from rich.status import Status

    from undercity.agents import Agent
    from undercity.engine.decisions import Decision
    from undercity.engine.game import Game


class ShowThinking:
    """Wraps an agent with a progress hook (``on_progress(done, budget)``, as
    :class:`undercity.agents.mcts.MCTSAgent` has); the status appears once a search starts and
    goes when the answer is given. Decisions answered without a search show nothing."""

    def __init__(self, agent: Any, console: Console) -> None:
        self.agent = agent
        self.console = console
        self.decisions = 0

    def choose(self, game: Game, d: Decision) -> int:
        self.decisions += 1
        status: Status | None = None
        who = game.player_name(d.player)

        def progress(done: int, budget: int) -> None:
            nonlocal status
            text = f"{who} is thinking… decision {self.decisions}, playout {done + 1} of {budget}"
            if status is None:
                status = self.console.status(text)
                status.start()
            else:
                status.update(text)

        self.agent.on_progress = progress
        try:
            return self.agent.choose(game, d)
        finally:
            self.agent.on_progress = None
            if status is not None:
                status.stop()


def show_thinking(agents: list[Agent], console: Console | None = None) -> list[Agent]:
    """The agents, the searching ones wrapped to show their progress when stderr is a terminal."""
    err = console or Console(stderr=True, highlight=False)
    if not err.is_terminal:
        return agents
    return [ShowThinking(a, err) if hasattr(a, "on_progress") else a for a in agents]  # type: ignore[misc]
