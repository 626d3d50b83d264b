"""Base power and toughness set until end of turn (CR 613.4b, 611.2a): a layer-7b effect of a
resolving spell or ability, by :func:`undercity.engine.layers.add_effect` (its own timestamp,
CR 613.7b), ending in the cleanup step with the other "until end of turn" effects (CR 514.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.base_pt import SetBasePTUntilEOT, SetBasePTUntilYourNextTurn
from undercity.cards.language.continuous import AddTypes, LoseAbilities, Mod, SetPT
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


@handles(SetBasePTUntilYourNextTurn)
def h_set_base_pt_until_next_turn(g: Game, job: Job, item: StackItem, e: SetBasePTUntilYourNextTurn,
                                  key: str) -> None:
    """Layers 7b and 6 in one effect (CR 613.4b, 613.1f): a later base-P/T effect overwrites it and
    an ability gained later is kept (rulings 2018-06-08, Will Kenrith); it ends as its controller's
    next turn begins (CR 611.2b, ``turn.expire_until_next_turn``)."""
    s = g.s
    mods: tuple[Mod, ...] = (SetPT(e.p, e.t),) + ((LoseAbilities(),) if e.lose_abilities else ())
    also = " and loses all abilities" if e.lose_abilities else ""
    for oid in ref_objects(g, e.what, item, job):
        o = s.objs[oid]
        layers.add_effect(g, oid, mods, until="your_next_turn", player=item.controller, source=item.source,
                          text=f"base power and toughness {e.p}/{e.t}{also}")
        g.emit(ev.EffectBegan(rule="613.4b", description=f"{o.name} has base power and toughness {e.p}/{e.t}{also} "
                                                         f"until {g.player_name(item.controller)}'s next turn"))

