"""Tapping and untapping (CR 701.26) and "doesn't untap during its controller's next untap
step" (CR 502.3; the untap step uses the effect up): the handlers of
:mod:`undercity.cards.language.tap_untap`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.tap_untap import DoesntUntapNext, Tap, Untap, UntapOne
from undercity.engine import events as ev
from undercity.engine import targeting, zones
from undercity.engine.decisions import Option
from undercity.engine.effects import handles, ref_objects
from undercity.engine.state import ContinuousEffect, Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game

@handles(DoesntUntapNext)
def h_doesnt_untap(g: Game, job: Job, item: StackItem, e: DoesntUntapNext, key: str) -> None:
    for oid in ref_objects(g, e.what, item, job):
        o = g.s.objs[oid]
        # Lasts until its controller's next untap step (turn.begin_step uses it up).
        g.s.effects.append(ContinuousEffect("doesnt_untap_next", oid, until="untap", player=o.controller,
                                            timestamp=g.s.next_timestamp()))
        g.emit(ev.EffectBegan(rule="611.2a", description=f"{o.name} doesn't untap during "
                                                         f"{g.player_name(o.controller)}'s next untap step"))


@handles(Untap)
def h_untap(g: Game, job: Job, item: StackItem, e: Untap, key: str) -> None:
    for oid in ref_objects(g, e.what, item, job):
        zones.set_tapped(g, g.s.objs[oid], False, "608.2c")


@handles(UntapOne)
def h_untap_one(g: Game, job: Job, item: StackItem, e: UntapOne, key: str) -> None:
    """"Untap a creature you control": chosen as this resolves (tapped or not, CR 608.2c)."""
    s = g.s
    p = item.controller
    mine = targeting.controlled_matching(g, p, e.filter, item.source)
    if not mine:
        return
    oid = g.ask(job, key, p, "untap", f"{g.player_name(p)}: untap a creature you control",
                [Option(f"untap {s.objs[x].name}{' (untapped)' if not s.objs[x].tapped else ''}", x) for x in mine])
    zones.set_tapped(g, s.objs[oid], False, "608.2c")


# ----------------------------------------------------------------------------- effects


@handles(Tap)
def h_tap(g: Game, job: Job, item: StackItem, e: Tap, key: str) -> None:
    for oid in ref_objects(g, e.what, item, job):
        zones.set_tapped(g, g.s.objs[oid], True, "701.26a")
