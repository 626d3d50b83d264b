"""Land plays (CR 305.2): a player may play one land each of their turns; "You may play an
additional land this turn" (CR 305.2a) lets them play one more — handled by
:mod:`undercity.engine.land_plays`.

**For the Oracle-text compiler.** That sentence is ``AdditionalLandPlay()``.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect


@dataclass(frozen=True, slots=True)
class AdditionalLandPlay(Effect):
    """Its controller may play ``n`` additional lands this turn (CR 305.2a)."""

    n: int = 1
