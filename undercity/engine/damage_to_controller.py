"""Each creature dealing damage to its controller (CR 120.3): the sources are the permanents
matching the filter as the effect begins, each dealing its damage to the player controlling it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.damage_to_controller import EachDealsDamageToController
from undercity.engine import targeting
from undercity.engine.effects import deal_damage, handles

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem


@handles(EachDealsDamageToController)
def h_each_deals_damage_to_controller(g: Game, job: Job, item: StackItem, e: EachDealsDamageToController,
                                      key: str) -> None:
    s = g.s
    sources = [(oid, s.objs[oid].controller) for oid in s.battlefield
               if targeting.matches(g, s.objs[oid], e.filter, item.controller, item.source)]
    for oid, controller in sources:
        if oid in s.objs and not s.players[controller].left:
            deal_damage(g, oid, s.objs[oid].name, ("p", controller), e.n)
