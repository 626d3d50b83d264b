"""Searching a library (CR 701.23) beyond the core ``Search``: for cards matching any of several
filters, and for a number of cards computed as the effect resolves. Handled by
:mod:`undercity.engine.search`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Amount, Effect, Filter


@dataclass(frozen=True, slots=True)
class SearchAny(Effect):
    """Search your library for up to ``n`` cards each matching any of ``filters``, put them
    onto the battlefield (``tapped``), then shuffle (CR 701.23). Explore the Underdark."""

    filters: tuple[Filter, ...]
    n: int = 1
    tapped: bool = True


@dataclass(frozen=True, slots=True)
class SearchUpTo(Effect):
    """:class:`undercity.cards.model.Search` for up to ``n`` cards, ``n`` an amount computed as
    this resolves (Traverse the Outlands: the greatest power among creatures you control)."""

    filter: Filter
    n: Amount
    to: str = "battlefield"
    tapped: bool = False
