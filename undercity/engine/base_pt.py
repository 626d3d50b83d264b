"""Base power and toughness set until end of turn (CR 613.4b, 611.2a): a layer-7b effect of a
resolving spell or ability, by :func:`undercity.engine.layers.add_effect` (its own timestamp,
CR 613.7b), ending in the cleanup step with the other "until end of turn" effects (CR 514.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.base_pt import SetBasePTUntilEOT
from undercity.cards.language.continuous import SetPT
from undercity.engine import events as ev
from undercity.engine import layers
from undercity.engine.effects import handles, ref_objects

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem


@handles(SetBasePTUntilEOT)
def h_set_base_pt(g: Game, job: Job, item: StackItem, e: SetBasePTUntilEOT, key: str) -> None:
    s = g.s
    for oid in ref_objects(g, e.what, item, job):
        o = s.objs[oid]
        layers.add_effect(g, oid, (SetPT(e.p, e.t),), until="eot", player=item.controller, source=item.source,
                          text=f"base power and toughness {e.p}/{e.t}")
        g.emit(ev.EffectBegan(rule="613.4b", description=f"{o.name} has base power and toughness {e.p}/{e.t} "
                                                         "until end of turn"))
