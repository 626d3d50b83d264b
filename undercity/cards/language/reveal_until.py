"""Revealing (or exiling) cards from the top of a library until a card of a kind turns up
(CR 701.20a: revealed cards stay where they are until moved; CR 406.3 for exiled ones), then
putting that card somewhere and the rest on the bottom of the library in a random order
(CR 401.4) — Bag of Tricks, Venture Forth. Handled by :mod:`undercity.engine.reveal_until`.

**For the Oracle-text compiler.** ``cards/text/lower.py`` reads "Reveal cards from the top of
your library until you reveal a creature card with mana value equal to the result. Put that
card onto the battlefield and the rest on the bottom of your library in a random order." (and
the same with "exile … until you exile") into one :class:`RevealUntil`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Amount, Effect, Filter

#: Where the card found goes (CR 401.4, 404.1).
HAND, BATTLEFIELD = "hand", "battlefield"


@dataclass(frozen=True, slots=True)
class RevealUntilSeveral(Effect):
    """Reveal cards from the top of your library until ``n`` cards matching ``filter`` (counted as
    it resolves) are revealed, or the library runs out; those cards are put onto the battlefield
    together under your control, then the library (the rest of the revealed cards in it) is
    shuffled (Kindred Summons; CR 701.20a, 701.24a; ruling 2017-08-25: fewer if the library holds
    fewer)."""

    filter: Filter
    n: Amount


@dataclass(frozen=True, slots=True)
class RevealUntil(Effect):
    """Reveal (``exile``: exile) cards from the top of your library one at a time until a card
    matching ``filter`` — with mana value ``mv`` if given, counted as it resolves — or the
    library runs out; that card goes ``to`` (onto the battlefield under your control, CR 110.2,
    or into your hand), and the rest go on the bottom of your library in a random order, which
    isn't shuffling (ruling 2021-07-23, Bag of Tricks)."""

    filter: Filter
    to: str = BATTLEFIELD
    mv: Amount | None = None
    exile: bool = False
    #: "a creature card that shares a creature type with it": with the creature the trigger names
    #: — as it last existed on the battlefield if it died (ruling 2017-08-25, Heirloom Blade);
    #: nothing shares a type with a creature that has none.
    shares_creature_type: bool = False
