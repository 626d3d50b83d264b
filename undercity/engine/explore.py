"""Explore (CR 701.44): reveal the top card; a land goes to the hand, otherwise a +1/+1 counter
and the card may go to the graveyard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.explore import Explore
from undercity.engine import events as ev
from undercity.engine import zones
from undercity.engine.decisions import Option
from undercity.engine.effects import handles, ref_objects
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game

@handles(Explore)
def h_explore(g: Game, job: Job, item: StackItem, e: Explore, key: str) -> None:
    """CR 701.44a: its controller reveals the top card of their library; a land goes to their
    hand; otherwise the permanent gets a +1/+1 counter and they may put the card into their
    graveyard. With no card to reveal it still gets the counter (ruling on explore)."""
    s = g.s
    ids = ref_objects(g, e.what, item, job)
    if not ids:
        return
    oid = ids[0]
    player = s.objs[oid].controller
    rk = key + ":top"
    if rk not in job.data:
        lib = s.players[player].library
        job.data[rk] = lib[0] if lib else None
        if lib:
            g.emit(ev.Revealed(rule="701.44a", player=player, cards=(s.objs[lib[0]].name,)))
        else:
            g.emit(ev.Note(rule="701.44a", message=f"{g.player_name(player)} has no card to reveal"))
    top = job.data[rk]
    if top is not None and "Land" in s.objs[top].card.types:
        zones.move(g, top, "hand", rule="701.44a", verb="is put into its owner's hand")
        return
    to_graveyard = False
    if top is not None:
        name = s.objs[top].name
        to_graveyard = g.ask(job, key + ":gy", player, "explore", f"{g.player_name(player)}: {s.objs[oid].name} "
                             f"explores — put {name} into your graveyard?",
                             [Option(f"put {name} into the graveyard", True),
                              Option(f"leave {name} on top of the library", False)])
    if oid in s.objs and s.objs[oid].zone == "battlefield":
        zones.add_counters(g, s.objs[oid], "+1/+1", 1, "701.44a")
    if to_graveyard:
        zones.move(g, top, "graveyard", rule="701.44a", verb="is put into the graveyard")
