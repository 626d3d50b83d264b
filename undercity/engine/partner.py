"""Partner abilities in the game (CR 702.124j): the search of "partner with [name]"'s trigger."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.partner import SearchForPartner
from undercity.engine import events as ev
from undercity.engine import zones
from undercity.engine.decisions import Option
from undercity.engine.effects import distinct_card_options, handles, ref_players
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game


@handles(SearchForPartner)
def h_search_for_partner(g: Game, job: Job, item: StackItem, e: SearchForPartner, key: str) -> None:
    """CR 702.124j: the target player may search (ruling 2018-06-08: they search, and the card
    found is revealed); a search may fail to find (CR 701.23b); the library is shuffled if they
    searched."""
    from undercity.engine.search import searchable

    for p in ref_players(g, e.player, item, job):
        if not g.ask(job, f"{key}:may{p}", p, "yes_no", f"{g.player_name(p)}: search your library for {e.name}?",
                     [Option(f"search for {e.name}", True), Option("don't search", False)]):
            continue
        lib = searchable(g, p, p)  # CR 614.1a: a search may see only part of it
        opts = distinct_card_options(g, (c for c in lib if g.s.objs[c].card.name == e.name))
        opts.append(Option("find nothing", None))
        found = g.ask(job, f"{key}:s{p}", p, "search", f"{g.player_name(p)}: search for a card named {e.name}", opts)
        if found is not None:
            g.emit(ev.Revealed(rule="701.20a", player=p, cards=(g.s.objs[found].name,)))
            zones.move(g, found, "hand", rule="701.23a", verb="is put into its owner's hand")
        zones.shuffle(g, p)
