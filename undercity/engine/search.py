"""Searching a library (CR 701.23) for cards matching any of several filters, or for up to N
cards, N computed once as the search begins (CR 608.2h); and which cards a search may find
(:func:`searchable`), which a replacement effect may limit to the top of the library (CR 614.1a,
Aven Mindcensor).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards import model as m
from undercity.cards.language.search import SearchAny, SearchTopInstead, SearchUpTo
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import targeting, zones
from undercity.engine.decisions import Option
from undercity.engine.effects import HANDLERS, amount, distinct_card_options, handles
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game

def _limits_searches(card: object) -> bool:
    return any(isinstance(st, SearchTopInstead) for st in getattr(card, "static", ()))


def searchable(g: Game, searcher: int, owner: int) -> list[int]:
    """The cards of ``owner``'s library that ``searcher`` searches (CR 701.23): all of it, or only
    its top N cards while a permanent with "if an opponent would search a library, that player
    searches the top N cards of that library instead" is controlled by an opponent of the
    searcher (CR 614.1a; in Two-Headed Giant a teammate's isn't, CR 810.2). The caller takes this
    once, as the search begins: finding a card doesn't bring a fifth one into it (ruling
    2021-03-19, Aven Mindcensor)."""
    s = g.s
    lib = list(s.players[owner].library)
    for oid in ab.with_abilities(g, ch.permanents_with(s, _limits_searches)):
        o = s.objs[oid]
        if targeting._is_opponent(g, o.controller, searcher):
            for st in ab.static(g, o):
                if isinstance(st, SearchTopInstead):
                    lib = lib[:st.n]
    return lib


@handles(SearchAny)
def h_search_any(g: Game, job: Job, item: StackItem, e: SearchAny, key: str) -> None:
    """Search for up to ``n`` cards each matching one of the filters ("basic land cards and/or
    Gate cards"), put them onto the battlefield (tapped), then shuffle (CR 701.23)."""
    s = g.s
    p = item.controller
    lib = searchable(g, p, p)
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
