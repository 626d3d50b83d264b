"""Formats and variants as rule objects (CR 100.2, 103, 800-810, 903).

The engine asks the game's variant for the numbers and switches that differ between
variants, instead of testing variant names where the rules apply.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from undercity.errors import UndercityError


@dataclass(frozen=True, slots=True)
class Variant:
    name: str
    rule: str
    starting_life: int
    min_players: int
    max_players: int
    #: CR 103.8a/b: the first player (or team) skips the draw step of their first turn.
    first_player_skips_draw: bool
    #: CR 103.5c: in multiplayer games the first mulligan doesn't count.
    free_first_mulligan: bool
    #: CR 810: players are in teams of two sharing a life total and turns.
    teams: bool = False


VARIANTS: dict[str, Variant] = {
    v.name: v for v in (
        Variant("two-player", "103", 20, 2, 2, first_player_skips_draw=True, free_first_mulligan=False),
        Variant("free-for-all", "806", 20, 2, 8, first_player_skips_draw=False, free_first_mulligan=True),
        Variant("commander", "903", 40, 2, 8, first_player_skips_draw=False, free_first_mulligan=True),
        Variant("two-headed-giant", "810", 30, 4, 4, first_player_skips_draw=True, free_first_mulligan=True,
                teams=True),
    )
}


def get_variant(name: str) -> Variant:
    v = VARIANTS.get(name)
    if v is None:
        close = difflib.get_close_matches(name, list(VARIANTS), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise UndercityError(f"unknown variant {name!r}{hint} (known: {', '.join(VARIANTS)})")
    return v


def check_player_count(v: Variant, n: int) -> None:
    if not v.min_players <= n <= v.max_players:
        span = str(v.min_players) if v.min_players == v.max_players else f"{v.min_players}-{v.max_players}"
        raise UndercityError(f"{v.name} is played by {span} players, not {n}")
