"""How many times an ability has resolved this turn: "If this is the second time this ability has
resolved this turn, draw a card instead." (Rumor Gatherer; CR 608.2c, 608.2h) — counted for the
object the ability is of, which a zone change makes a new one (CR 400.7). Handled by
:mod:`undercity.engine.resolution_count`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect


@dataclass(frozen=True, slots=True)
class IfNthResolution(Effect):
    """``then`` instead of ``otherwise`` if this is the ``n``-th time this ability of this object
    has resolved this turn, this resolution included (CR 608.2c: "… instead")."""

    n: int
    then: tuple[Effect, ...]
    otherwise: tuple[Effect, ...]
