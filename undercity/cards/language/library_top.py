"""Looking at the top of a library and sorting those cards (CR 401.5: a library's cards may be
looked at only as an effect allows): "Look at the top N cards of your library. Put one of them
into your hand and the rest into your graveyard." (Warlock Class) — handled by
:mod:`undercity.engine.library_top`.

**For the Oracle-text compiler.** That sentence is ``LookPutOneIntoHand(n=N)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect


@dataclass(frozen=True, slots=True)
class LookPutOneIntoHand(Effect):
    """Look at the top ``n`` cards of your library; put one of them into your hand and the rest
    into your graveyard (fewer if the library holds fewer, CR 401.5)."""

    n: int
