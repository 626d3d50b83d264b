"""Base power and toughness set until end of turn (CR 613.4b, 611.2a): a layer-7b effect of a
resolving spell or ability, by :func:`undercity.engine.layers.add_effect` (its own timestamp,
CR 613.7b), ending in the cleanup step with the other "until end of turn" effects (CR 514.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.base_pt import SetBasePTUntilEOT
from undercity.cards.language.continuous import AddTypes, Mod, SetPT
from undercity.engine import events as ev
from undercity.engine import layers
from undercity.engine.effects import amount, handles, ref_objects

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem


@handles(SetBasePTUntilEOT)
def h_set_base_pt(g: Game, job: Job, item: StackItem, e: SetBasePTUntilEOT, key: str) -> None:
    s = g.s
    # X is known as the ability resolves (CR 107.3a); the set of objects is fixed then (611.2c).
    p, t = amount(g, e.p, item, job), amount(g, e.t, item, job)
    mods: tuple[Mod, ...] = (SetPT(p, t),)
    also = ""
    if e.add_subtypes:
        mods += (AddTypes(subtypes=e.add_subtypes),)  # layer 4 (CR 613.1d), this effect's timestamp
        also = " and gains all creature types"
    for oid in ref_objects(g, e.what, item, job):
        o = s.objs[oid]
        layers.add_effect(g, oid, mods, until="eot", player=item.controller, source=item.source,
                          text=f"base power and toughness {p}/{t}")
        g.emit(ev.EffectBegan(rule="613.4b", description=f"{o.name} has base power and toughness {p}/{t}{also} "
                                                         "until end of turn"))
