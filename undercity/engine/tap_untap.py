"""Tapping and untapping (CR 701.26), "doesn't untap during its controller's next untap
step" (CR 502.3; the untap step uses the effect up) and the static abilities that keep
permanents tapped (:func:`kept_tapped`, asked by the untap step): the handlers of
:mod:`undercity.cards.language.tap_untap`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.tap_untap import DoesntUntap, DoesntUntapNext, Tap, Untap, UntapOne
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import targeting, zones
from undercity.engine.decisions import Option
from undercity.engine.effects import handles, ref_objects
from undercity.engine.state import ContinuousEffect, Job, StackItem
from undercity.engine.static_abilities import static_kind

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


def kept_tapped(g: Game) -> set[int]:
    """The permanents static abilities keep from untapping in their controller's untap step
    (CR 502.3): "~ doesn't untap during your untap step", the permanent an Aura is attached to,
    "Islands don't untap during their controllers' untap steps" — evaluated as the step begins,
    after layers (CR 613.1d: "Islands" by their types now)."""
    s = g.s
    ids = ch.permanents_with(s, static_kind(DoesntUntap))
    if not ids:
        return set()
    out: set[int] = set()
    for sid in ab.with_abilities(g, ids):
        src = s.objs[sid]
        for st in ab.static(g, src):
            if not isinstance(st, DoesntUntap):
                continue
            ref = st.affects
            if ref.kind == "self":
                out.add(sid)
            elif ref.kind == "enchanted" and src.attached_to in s.objs:
                out.add(src.attached_to)
            elif ref.kind == "all":
                out.update(oid for oid in s.battlefield
                           if targeting.matches(g, s.objs[oid], ref.filter, src.controller, sid))
    return out
