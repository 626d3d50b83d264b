"""Playing a deck whose cards are not all implemented yet: its implemented part.

Until every card of the eight Commander precons is implemented (issue 11), the four-player
precon runs (``tools/precon_games.py``) and the precon property test play each precon with
its unimplemented cards replaced by basic lands of its commander's color identity — the
same number of cards, still a legal Commander deck (CR 903.5b, 903.5c) — and say which
cards stood in. A deck whose commander is not implemented cannot be played at all. Once a
deck is complete, nothing stands in and the deck plays exactly as listed.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.registry import is_implemented
from undercity.decks import Decklist

#: The basic land of each color (CR 305.6); Wastes for a colorless identity (CR 903.5d
#: forbids no colorless land).
BASIC_OF = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
COLOR_ORDER = "WUBRG"


@dataclass(frozen=True)
class PlayableDeck:
    """A deck's main cards with basics standing in for what is not implemented."""

    name: str
    commanders: tuple[str, ...]
    main: tuple[str, ...]
    #: The cards that were replaced, in deck order (repeats kept).
    replaced: tuple[str, ...]


def commanders_implemented(deck: Decklist) -> bool:
    """Whether every commander of the deck is implemented (a game needs them, CR 903.3)."""
    return bool(deck.commanders) and all(is_implemented(c) for c in deck.commanders)


def playable(deck: Decklist) -> PlayableDeck:
    """``deck`` with each unimplemented main-deck card replaced by a basic land of the
    commanders' color identity, cycling through the colors in WUBRG order."""
    from undercity.formats import color_identity

    colors = [c for c in COLOR_ORDER if any(c in color_identity(n) for n in deck.commanders)]
    basics = [BASIC_OF[c] for c in colors] or ["Wastes"]
    main: list[str] = []
    replaced: list[str] = []
    for name in deck.main:
        if is_implemented(name):
            main.append(name)
        else:
            main.append(basics[len(replaced) % len(basics)])
            replaced.append(name)
    return PlayableDeck(deck.name, tuple(deck.commanders), tuple(main), tuple(replaced))
