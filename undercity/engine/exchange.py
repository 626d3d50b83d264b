"""Exchanges of control (CR 701.12): the language of :mod:`undercity.cards.language.exchange`.
Control itself is layer 2 (:func:`undercity.engine.layers.add_effect` with ``GainControl``,
CR 613.1b)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.continuous import GainControl
from undercity.cards.language.exchange import ExchangeControl, TradeCreaturesUntilEndOfTurn
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import layers, zones
from undercity.engine.effects import handles, ref_objects, ref_players
from undercity.engine.state import ContinuousEffect

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem


@handles(ExchangeControl)
def h_exchange_control(g: Game, job: Job, item: StackItem, e: ExchangeControl, key: str) -> None:
    """CR 701.12a-b: all of the exchange or none of it."""
    s = g.s
    a = [o for o in ref_objects(g, e.first, item, job) if s.objs[o].zone == "battlefield"]
    b = [o for o in ref_objects(g, e.second, item, job) if s.objs[o].zone == "battlefield"]
    if len(a) != 1 or len(b) != 1 or a[0] == b[0]:
        g.emit(ev.Note(rule="701.12a", message="the exchange can't be completed: nothing happens"))
        return
    x, y = s.objs[a[0]], s.objs[b[0]]
    cx, cy = x.controller, y.controller
    if cx == cy:
        g.emit(ev.Note(rule="701.12b", message=f"{g.player_name(cx)} controls both: the exchange does nothing"))
        return
    g.emit(ev.EffectBegan(rule="701.12b", description=f"{g.player_name(cx)} and {g.player_name(cy)} exchange "
                                                      f"control of {x.name} and {y.name}"))
    layers.add_effect(g, x.id, (GainControl(cy),), until="always", player=cy, source=item.source)
    layers.add_effect(g, y.id, (GainControl(cx),), until="always", player=cx, source=item.source)


@handles(TradeCreaturesUntilEndOfTurn)
def h_trade_creatures(g: Game, job: Job, item: StackItem, e: TradeCreaturesUntilEndOfTurn, key: str) -> None:
    """Reins of Power: untap both players' creatures, each gains control of the other's until end
    of turn (613.1b, 611.2a), and those creatures gain haste until end of turn."""
    s = g.s
    me = item.controller
    them = ref_players(g, e.player, item, job)
    if not them:
        return
    other = them[0]
    mine = [oid for oid in s.battlefield if s.objs[oid].controller == me and ch.is_creature(s.objs[oid], g)]
    theirs = [oid for oid in s.battlefield if s.objs[oid].controller == other and ch.is_creature(s.objs[oid], g)]
    for oid in mine + theirs:  # only the two players' creatures (ruling 2007-05-01)
        zones.set_tapped(g, s.objs[oid], False, "608.2c")
    g.emit(ev.EffectBegan(rule="613.1b", description=f"{g.player_name(me)} and {g.player_name(other)} each gain "
                                                      "control of the other's creatures until end of turn"))
    for oid in mine:
        layers.add_effect(g, oid, (GainControl(other),), until="eot", player=other, source=item.source)
    for oid in theirs:
        layers.add_effect(g, oid, (GainControl(me),), until="eot", player=me, source=item.source)
    for oid in mine + theirs:  # "Those creatures gain haste until end of turn" (CR 611.2c: the same set)
        s.effects.append(ContinuousEffect("pump", oid, 0, 0, frozenset({"haste"}), "eot",
                                          timestamp=s.next_timestamp()))
