"""Searching a library (CR 701.23) for cards matching any of several filters, or for up to N
cards, N computed once as the search begins (CR 608.2h).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards import model as m
from undercity.cards.language.search import SearchAny, SearchUpTo
from undercity.engine import events as ev
from undercity.engine import targeting, zones
from undercity.engine.decisions import Option
from undercity.engine.effects import HANDLERS, amount, distinct_card_options, handles
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game

@handles(SearchAny)
def h_search_any(g: Game, job: Job, item: StackItem, e: SearchAny, key: str) -> None:
    """Search for up to ``n`` cards each matching one of the filters ("basic land cards and/or
    Gate cards"), put them onto the battlefield (tapped), then shuffle (CR 701.23)."""
    s = g.s
    p = item.controller
    lib = s.players[p].library
    found: list[int] = []
    for k in range(e.n):
        opts = distinct_card_options(g, (c for c in lib if c not in found and any(
            targeting.matches(g, s.objs[c], f, p) for f in e.filters)))
        opts.append(Option("find nothing more", None))
        v = g.ask(job, f"{key}:s{k}", p, "search", f"{g.player_name(p)}: search your library", opts)
        if v is None:
            break
        found.append(v)
    for c in found:
        zones.put_onto_battlefield(g, c, p, rule="701.23a", tapped=e.tapped)
    zones.shuffle(g, p)


@handles(SearchUpTo)
def h_search_up_to(g: Game, job: Job, item: StackItem, e: SearchUpTo, key: str) -> None:
    """A search for up to N cards (CR 701.23), N computed once as it begins (CR 608.2h)."""
    nk = key + ":n"
    if nk not in job.data:
        job.data[nk] = amount(g, e.n, item, job)
    n = job.data[nk]
    if n <= 0:
        g.emit(ev.Note(rule="701.23b", message=f"{g.player_name(item.controller)} searches for no cards"))
        zones.shuffle(g, item.controller)
        return
    HANDLERS[m.Search](g, job, item, m.Search(e.filter, n=n, to=e.to, tapped=e.tapped), key)
