"""Returning a permanent chosen on resolution (CR 608.2d): the handler of
:class:`undercity.cards.language.return_chosen.ReturnChosen`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.return_chosen import ReturnChosen
from undercity.engine import targeting
from undercity.engine.effects import card_option, distinct_permanents, handles, move_asking
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game


@handles(ReturnChosen)
def h_return_chosen(g: Game, job: Job, item: StackItem, e: ReturnChosen, key: str) -> None:
    # CR 608.2d: the choice is made as the effect happens, among the permanents the player
    # controls then — the source itself among them (a Karoo may return itself).
    p = item.controller
    mine = targeting.controlled_matching(g, p, e.filter, item.source)
    if not mine:
        return
    oid = g.ask(job, f"{key}:pick", p, "return_to_hand", f"{g.player_name(p)}: return a permanent to its owner's hand",
                [card_option(g, c) for c in distinct_permanents(g, job, mine)])
    move_asking(g, job, f"{key}:move", oid, "hand", rule="608.2c", verb="returns to its owner's hand")
