"""A card's legality in a format, from the card data: the one answer the card page and
``undercity deck check`` both give.

The data says, per card, the formats where it is legal, banned or restricted, as of a date
(``legalities_as_of``) and from a source (``legalities_source``) that knows a set of formats.
:func:`card_legality` reads that as:

* a status the data lists: ``legal``, ``banned`` or ``restricted``;
* a basic land (CR 205.4c, 100.2a: any number of basic lands in a deck): ``legal`` in every
  format — what a format restricts about basic lands is their colors (the commander's color
  identity, CR 903.5d), which is a deck check, not a card's legality;
* the card has no legality data at all, or its source doesn't know the format (a format newer
  than the data, such as Timeless for data of April 2022): ``unknown``;
* otherwise ``not legal`` — the source knows the format and doesn't list the card in it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["LEGAL", "PLAYABLE", "STATUSES", "UNKNOWN", "Legality", "card_legality"]

LEGAL, BANNED, RESTRICTED, NOT_LEGAL, UNKNOWN = "legal", "banned", "restricted", "not legal", "unknown"
STATUSES = (LEGAL, BANNED, RESTRICTED, NOT_LEGAL, UNKNOWN)
#: The statuses a card may be played with (restricted: one copy, CR 100.6b).
PLAYABLE = frozenset({LEGAL, RESTRICTED})


@dataclass(frozen=True, slots=True)
class Legality:
    """A card's status in one format, with the date and source of the data it comes from."""

    status: str
    as_of: str | None = None
    source: str | None = None

    @property
    def playable(self) -> bool:
        return self.status in PLAYABLE


def is_basic_land(card: Mapping[str, Any]) -> bool:
    """CR 205.4c: a land with the supertype basic."""
    return "Basic" in (card.get("supertypes") or ()) and "Land" in (card.get("types") or ())


def card_legality(card: Mapping[str, Any], fmt: str, source_formats: Collection[str] | None) -> Legality:
    """The card's legality in ``fmt`` (see the module docstring).

    ``card`` has the fields of :mod:`undercity.cards.corpus` (``legalities``,
    ``legalities_as_of``, ``legalities_source``, ``supertypes``, ``types``); ``source_formats``
    are the formats its legality source knows (``None``: unknown, so only listed statuses count).
    """
    fmt = fmt.casefold()
    as_of, source = card.get("legalities_as_of"), card.get("legalities_source")
    legalities = {k.casefold(): v.casefold() for k, v in (card.get("legalities") or {}).items()}
    status = legalities.get(fmt)
    if status in (LEGAL, BANNED, RESTRICTED):
        return Legality(status, as_of, source)
    if is_basic_land(card):
        return Legality(LEGAL, as_of, source)
    if not legalities or source_formats is None or fmt not in source_formats:
        return Legality(UNKNOWN, as_of, source)
    return Legality(NOT_LEGAL, as_of, source)
