"""Who plays what: decks, variant and turn cap of an environment, checked once, and new games.

Decks, players and variant are resolved exactly as ``undercity sim`` resolves them
(:func:`undercity.sim.runner.make_config`): bundled deck names or decklist files, cycled
over the seats; no decks, the bundled ones (the Commander decks for ``commander``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from undercity.engine.game import Game
from undercity.errors import UndercityError
from undercity.rl.observation import MAX_PLAYERS

#: Turn cap of the environments: a game still going after it is truncated (CR 104.4a: a
#: game that can't end is a draw).
DEFAULT_TURN_CAP = 30


@dataclass(frozen=True)
class Table:
    """Everything needed to start a game, but the seed."""

    decks: tuple[tuple[str, ...], ...]
    deck_names: tuple[str, ...]
    names: tuple[str, ...]
    variant: str
    turn_cap: int
    commanders: tuple[tuple[str, ...], ...] | None

    @property
    def players(self) -> int:
        return len(self.decks)

    def new_game(self, seed: int) -> Game:
        return Game.new([list(d) for d in self.decks], list(self.names), seed=seed, variant=self.variant,
                        turn_cap=self.turn_cap,
                        commanders=[list(c) for c in self.commanders] if self.commanders else None)


def make_table(decks: Sequence[str] | None = None, *, players: int | None = None, variant: str | None = None,
               turn_cap: int = DEFAULT_TURN_CAP) -> Table:
    """A table from deck names or files, a player count (2 to 6) and a variant (two-player,
    free-for-all, commander, two-headed-giant); bad input raises UndercityError naming it."""
    from undercity.sim.runner import make_config

    if isinstance(decks, str):
        raise UndercityError(f"decks must be a list of deck names or files, not the string {decks!r} "
                             f"(write decks=[{decks!r}])")
    if players is not None and players > MAX_PLAYERS:
        raise UndercityError(f"the environments seat at most {MAX_PLAYERS} players (got {players})")
    cfg = make_config(list(decks) if decks else None, players=players, variant=variant, games=1,
                      turn_cap=turn_cap)
    if cfg.players > MAX_PLAYERS:
        raise UndercityError(f"the environments seat at most {MAX_PLAYERS} players (got {cfg.players})")
    return Table(decks=cfg.decks, deck_names=cfg.deck_names, names=cfg.seat_names, variant=cfg.variant,
                 turn_cap=turn_cap, commanders=cfg.commanders)
