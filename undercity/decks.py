"""Decklists: plain text ("4 Lightning Bolt", sideboard after a blank line or a
"Sideboard" line; a "Commander" section names the commander(s), as MTG Arena exports do,
followed by a blank line or a "Deck" line) and the bundled decks."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from undercity.errors import DecklistError, UnknownCardError

_LINE = re.compile(r"^\s*(\d+)\s*x?\s+(.+?)\s*$")


@dataclass
class Decklist:
    name: str
    main: list[str] = field(default_factory=list)
    sideboard: list[str] = field(default_factory=list)
    #: The commander(s) of a Commander deck (CR 903.3), not counted in ``main``.
    commanders: list[str] = field(default_factory=list)


def parse_decklist(text: str, name: str = "deck", *, check: bool = True) -> Decklist:
    """Read a plain-text decklist. Unknown card names raise with "did you mean"."""
    from undercity.cards.registry import get_card

    deck = Decklist(name)
    target = deck.main
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        low = line.lower().rstrip(":")
        if low == "commander":
            target = deck.commanders
            continue
        if low == "deck":
            target = deck.main
            continue
        if not line and target is deck.commanders:
            target = deck.main  # the Commander section ends at a blank line
            continue
        if not line or low == "sideboard":
            if deck.main:
                target = deck.sideboard
            continue
        if line.startswith(("#", "//")):
            continue
        m = _LINE.match(line)
        if not m:
            raise DecklistError(f"{name}:{lineno}: expected 'COUNT NAME' (e.g. '4 Lightning Bolt'), got {raw!r}")
        count, card = int(m.group(1)), m.group(2)
        if check:
            try:
                card = get_card(card).name
            except UnknownCardError as e:
                raise DecklistError(f"{name}:{lineno}: {e}") from None
        target.extend([card] * count)
    if not deck.main:
        raise DecklistError(f"{name}: the decklist has no cards")
    return deck


BUNDLED = ("gruul-stompy", "orzhov-knights")
#: Bundled 100-card Commander decks (CR 903.5), played by ``undercity play --variant commander``.
COMMANDER_DECKS = ("commander-linden", "commander-erinis")


def load_deck(name_or_path: str) -> Decklist:
    """A bundled deck by name, or a decklist file."""
    if name_or_path in BUNDLED or name_or_path in COMMANDER_DECKS:
        text = resources.files("undercity.data").joinpath(f"decks/{name_or_path}.txt").read_text("utf-8")
        return parse_decklist(text, name_or_path)
    p = Path(name_or_path)
    if not p.exists():
        raise DecklistError(f"no deck named {name_or_path!r}: not a bundled deck "
                            f"({', '.join(BUNDLED + COMMANDER_DECKS)}) and no such file")
    return parse_decklist(p.read_text("utf-8"), p.stem)
