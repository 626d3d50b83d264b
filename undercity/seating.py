"""Who sits at the table: the player count, the variant, the turn cap and the decks from the
command line of ``undercity play`` and ``undercity sim``, checked once for both.

Contradictory or out-of-range options are refused with one line naming the problem, never
silently reinterpreted (``--players 3 --variant two-player`` is not a free-for-all).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from undercity.errors import UndercityError

NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Heidi")

T = TypeVar("T")


def resolve_seating(players: int | None, variant: str | None, decks: int = 0) -> tuple[int, str]:
    """The player count and variant. Unset, the variant follows the count (two players: a
    two-player game, CR 103; more: free-for-all, CR 806) and the count follows the variant
    (Two-Headed Giant: two teams of two, CR 810.1) or the number of ``--deck`` options."""
    from undercity.engine.variants import check_player_count, get_variant

    if players is not None and players < 2:
        raise UndercityError(f"--players must be at least 2 (got {players})")
    if players is not None and players > len(NAMES):
        raise UndercityError(f"--players: at most {len(NAMES)} players (got {players})")
    if variant is not None:
        v = get_variant(variant)
        if players is None:
            players = max(v.min_players, min(decks, v.max_players)) if decks >= 2 else max(2, v.min_players)
        if variant == "two-player" and players != 2:
            raise UndercityError(f"--variant two-player is for 2 players, not {players}: use --variant "
                                 "free-for-all (or leave out --variant) for a multiplayer game")
        check_player_count(v, players)
        return players, variant
    if players is None:
        players = min(max(decks, 2), len(NAMES))
    return players, "two-player" if players == 2 else "free-for-all"


def check_turn_cap(turn_cap: int) -> None:
    """A turn cap is a positive number of turns (a game still going after it is a draw)."""
    if turn_cap < 1:
        raise UndercityError(f"--turn-cap must be at least 1 turn (got {turn_cap})")


def deck_choices(decks: Sequence[str] | None, players: int, variant: str) -> list[str]:
    """The ``--deck`` options to load: as given (at most one per player), or none given, the
    bundled decks in turn (the 100-card Commander decks for ``commander``)."""
    from undercity.decks import BUNDLED, COMMANDER_DECKS

    given = list(decks or [])
    if not given:
        bundled = COMMANDER_DECKS if variant == "commander" else BUNDLED
        return [bundled[i % len(bundled)] for i in range(players)]
    seat_decks(given, players)  # more decks than seats is an error, before any file is read
    return given


def seat_decks(decks: Sequence[T], players: int) -> list[T]:
    """One deck per seat: the decks given, repeated in order when there are fewer than the
    players (``--deck a --deck b`` for four players seats a, b, a, b)."""
    if not decks:
        raise UndercityError("no decks")
    if len(decks) > players:
        raise UndercityError(f"{len(decks)} --deck options for {players} players: give at most one per player")
    return [decks[i % len(decks)] for i in range(players)]


def view_option(view: str | None, names: Sequence[str], default: int | None, option: str) -> int | None:
    """The seat whose view a log takes (None: every hidden card shown, CR 400.2 set aside):
    ``all``, a seat number from 1, or a player's name; unset, ``default``."""
    if view is None:
        return default
    v = view.strip()
    if v.casefold() == "all":
        return None
    if v.isdigit() and 1 <= int(v) <= len(names):
        return int(v) - 1
    for i, n in enumerate(names):
        if n.casefold() == v.casefold():
            return i
    raise UndercityError(f"{option} {view!r}: use all, a seat number from 1 to {len(names)}, or a "
                         f"player name ({', '.join(names)})")
