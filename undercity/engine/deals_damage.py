"""Abilities that trigger when their permanent deals damage: "When this creature deals
damage, sacrifice it." (CR 603.2, 120.1; the Dragon Spirit token of Vrondiss, Rage of
Ancients). Trigger event ``DEALS_DAMAGE`` (:mod:`undercity.cards.language.damage`).

Combat damage is dealt simultaneously (CR 510.2): a creature dealing combat damage to
several objects or players in one step triggers once; in the first-strike and regular steps
it is two events. Damage dealt any other way triggers on each damage event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.damage import DEALS_DAMAGE
from undercity.engine import abilities as ab
from undercity.engine import events as ev
from undercity.engine import triggers

if TYPE_CHECKING:
    from undercity.engine.game import Game

#: ``State.extra`` key: (turn, step, source) of the combat damage batches already triggered.
_BATCHES = "deals_damage_batches"


def watch(g: Game, e: ev.Event) -> None:
    if not isinstance(e, ev.DamageDealt) or e.source not in g.s.objs:
        return
    s = g.s
    src = s.objs[e.source]
    if src.zone != "battlefield":
        return
    mine = [a for a in ab.triggered(g, src) if a.when.event == DEALS_DAMAGE]
    if not mine:
        return
    if e.combat:
        seen = s.extra.setdefault(_BATCHES, set())
        batch = (s.turn, s.step, src.id)
        if batch in seen:
            return
        seen.add(batch)
    for a in mine:
        triggers.add_pending(g, src, a, src.controller, src.name)


triggers.GLOBAL_WATCHERS.append(watch)
