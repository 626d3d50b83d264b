"""Partner abilities in the game (CR 702.124): "partner with [name]"'s triggered ability
(702.124j). The deck-construction half of every partner ability is in
:mod:`undercity.formats.commander`. Handled by :mod:`undercity.engine.partner`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Ref, T, TargetSpec, Trigger, Triggered


@dataclass(frozen=True, slots=True)
class SearchForPartner(Effect):
    """"Target player may search their library for a card named [name], reveal it, put it into
    their hand, then shuffle" (CR 702.124j): ``player`` chooses whether to search (CR 701.23)."""

    name: str
    player: Ref = T(0)


def partner_with(name: str) -> Triggered:
    """"Partner with [name]"'s triggered ability (CR 702.124j): "When this permanent enters,
    target player may search their library for a card named [name], reveal it, put it into their
    hand, then shuffle." """
    return Triggered(f"Partner with {name}", when=Trigger("enters"),
                     targets=(TargetSpec("player", text="target player"),), effects=(SearchForPartner(name),))
