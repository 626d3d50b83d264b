"""Looking at the top cards of a library and sorting them (CR 401.5): "Look at the top N cards
of your library. Put one of them into your hand and the rest into your graveyard." The player
chooses while the ability resolves (identical cards are one option), then the cards move."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.library_top import LookPutOneIntoHand
from undercity.engine import events as ev
from undercity.engine import zones
from undercity.engine.effects import choose_cards, handles

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem


@handles(LookPutOneIntoHand)
def h_look_put_one_into_hand(g: Game, job: Job, item: StackItem, e: LookPutOneIntoHand, key: str) -> None:
    s = g.s
    p = item.controller
    top = list(s.players[p].library[:e.n])
    if not top:
        return
    names = ", ".join(s.objs[c].name for c in top)
    pick = choose_cards(g, job, key + ":hand", p, "to_hand",
                        lambda k: f"{item.source_name}: put one of {names} into your hand", top, 1)
    g.emit(ev.Note(rule="401.5", player=p,  # what they saw stays hidden (CR 401.5)
                   message=f"{g.player_name(p)} looks at the top {len(top)} cards of their library"))
    for c in top:
        if c in pick:
            zones.move(g, c, "hand", rule="608.2c", verb="is put into its owner's hand")
        else:
            zones.move(g, c, "graveyard", rule="608.2c", verb="is put into the graveyard")
