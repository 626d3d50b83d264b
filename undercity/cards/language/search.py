"""Searching a library (CR 701.23) beyond the core ``Search``: for cards matching any of several
filters, and for a number of cards computed as the effect resolves; and the replacement effect
"if an opponent would search a library, that player searches the top four cards of that
library instead" (CR 614.1a). Handled by :mod:`undercity.engine.search`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Amount, Effect, Filter, Static


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


@dataclass(frozen=True, slots=True, eq=False)
class SearchTopInstead(Static):
    """"If an opponent would search a library, that player searches the top ``n`` cards of that
    library instead" (CR 614.1a, 701.23; Aven Mindcensor): a search by an opponent of this
    permanent's controller sees only the top ``n`` cards, the same ones throughout the search."""

    kind: str = "search_top_instead"
    n: int = 4
