"""Running a game with a human seat (``undercity play --seat human``).

:func:`seat_kinds` turns the ``--seat`` options into one agent kind per seat,
:func:`make_agents` builds the agents, and :func:`play_session` answers every decision until
the game ends. When the human leaves (concedes, or their input ends) they concede for real
(CR 104.3a); in a multiplayer game the remaining AI seats then finish it without a log.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console

from undercity.agents import Agent, make_agent
from undercity.agents.human import HumanAgent, HumanLeft
from undercity.engine.game import Game
from undercity.errors import UndercityError


def seat_kinds(seats: list[str] | None, ai: str, players: int) -> list[str]:
    """One agent kind per seat: the ``--seat`` options in seat order, then ``ai`` for the rest."""
    kinds = [k.strip().lower() for k in seats or []]
    if len(kinds) > players:
        raise UndercityError(f"{len(kinds)} --seat options for {players} players")
    kinds += [ai] * (players - len(kinds))
    if kinds.count("human") > 1:
        raise UndercityError("at most one human seat: players sharing a terminal would see each "
                             "other's hands")
    return kinds


def make_agents(kinds: list[str], seed: int, console: Console,
                read: Callable[[str], str] | None = None) -> list[Agent]:
    """The agents for the seats; AI seats get the seeds plain ``undercity play`` gives them."""
    agents: list[Agent] = []
    for i, kind in enumerate(kinds):
        if kind == "human":
            agents.append(HumanAgent(i, console, read))
            continue
        try:
            agents.append(make_agent(kind, seed * 100 + i))
        except UndercityError as e:
            raise UndercityError(f"seat {i + 1}: {e} (or human)") from None
    return agents


def play_session(game: Game, agents: list[Agent], console: Console) -> int:
    """Play the game to its end; the exit code is 1 if a human's input ended, else 0."""
    code = 0
    while not game.over:
        d = game.pending
        assert d is not None
        gone = game.s.players[d.player]
        if gone.left or gone.lost:
            # A procedure still asking a player who has left (the mulligan job does not drop a
            # departed player's part yet): their answer no longer matters; take the first.
            game.apply(0)
            continue
        try:
            choice = agents[d.player].choose(game, d)
        except HumanLeft as left:
            console.print(left.message, markup=False)
            code = max(code, left.exit_code)
            game.concede(d.player)
            if not game.over:
                console.print("The other players finish the game without you.", markup=False)
                game.log_listeners.clear()
            continue
        game.apply(choice)
    return code
