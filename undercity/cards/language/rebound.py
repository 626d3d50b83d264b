"""Rebound (CR 702.88) and casting a card from exile without paying its mana cost.

"Rebound" means "If this spell was cast from your hand, instead of putting it into your
graveyard as it resolves, exile it and, at the beginning of your next upkeep, you may cast this
card from exile without paying its mana cost." (702.88a) The keyword stays a keyword of the card
(``"rebound"`` in its keywords); the rules are in :mod:`undercity.engine.rebound`.

:class:`CastFromExileFree` is the delayed trigger's effect: its controller may cast the card the
trigger names (its ``object``) from exile without paying its mana cost, as it resolves (CR
608.2g: timing permissions don't apply).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect

REBOUND = "rebound"
REBOUND_TEXT = "At the beginning of your upkeep, you may cast this card from exile without paying its mana cost."


@dataclass(frozen=True, slots=True)
class CastFromExileFree(Effect):
    """"You may cast this card from exile without paying its mana cost" (CR 118.9, 608.2g)."""
