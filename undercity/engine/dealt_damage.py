"""Triggers on a permanent being dealt damage (CR 120.3, 603.2; language
:mod:`undercity.cards.language.dealt_damage`): "Whenever ~ is dealt damage" triggers for each
damage event that deals it damage — all the combat damage of one combat damage step is one
event (CR 510.2) — with the damage dealt as the trigger's amount ("it deals that much damage")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.dealt_damage import IS_DEALT_DAMAGE
from undercity.engine import abilities as ab
from undercity.engine import events as ev
from undercity.engine import triggers

if TYPE_CHECKING:
    from undercity.engine.game import Game

#: ``State.extra`` key: permanent -> the combat damage dealt to it so far in this step.
_STEP = "dealt_damage_this_step"


def _trigger(g: Game, oid: int, n: int) -> None:
    o = g.s.objs.get(oid)
    if o is None or o.zone != "battlefield" or n <= 0:
        return
    for a in ab.triggered(g, o):
        if a.when.event == IS_DEALT_DAMAGE:
            triggers.add_pending(g, o, a, o.controller, o.name, amount=n)


@triggers.watches("damage_dealt")
def damage_dealt(g: Game, e: ev.DamageDealt) -> None:
    if e.target_obj is None:
        return
    if e.combat:  # CR 510.2: the step's combat damage is dealt at once — one trigger, all of it
        step = g.s.extra.setdefault(_STEP, {})
        step[e.target_obj] = step.get(e.target_obj, 0) + e.amount
        return
    _trigger(g, e.target_obj, e.amount)


@triggers.watches("combat_damage_dealt")
def combat_damage_dealt(g: Game, e: ev.CombatDamageDealt) -> None:
    for oid, n in g.s.extra.pop(_STEP, {}).items():
        _trigger(g, oid, n)
