"""Abilities that trigger when a permanent deals damage (CR 603.2, 120.1):

* "When this creature deals damage, sacrifice it." (the Dragon Spirit token of Vrondiss,
  Rage of Ancients) — ``DEALS_DAMAGE``;
* "Whenever a permanent deals damage to you, …" (Dissipation Field) —
  ``PERMANENT_DEALS_DAMAGE_TO_YOU``, once per damage event, the permanent its object;
* "Whenever equipped creature deals combat damage, …" (Sword of Hours) —
  ``EQUIPPED_DEALS_COMBAT_DAMAGE``, with the amount of damage dealt.

Combat damage is dealt simultaneously (CR 510.2): a creature dealing combat damage to
several objects or players in one step triggers once, when the step's damage has all been
dealt (the ``CombatDamageDealt`` event) and before state-based actions — so an equipped
creature that is dealt lethal damage at the same time still triggers its Equipment (ruling
2021-07-23, Sword of Hours). The first-strike and regular steps are two events. Damage dealt
any other way triggers on each damage event.

It also deals the damage of ``DamageEach`` (CR 120.2, 608.2c): to each permanent of the named
groups, each once, then to each player named.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from undercity.cards.language.damage import (
    DEALS_DAMAGE,
    EQUIPPED_DEALS_COMBAT_DAMAGE,
    PERMANENT_DEALS_DAMAGE_TO_YOU,
    DamageBlockers,
    DamageEach,
    DamageToItself,
    DealsDamageToCaster,
    OpponentsDealtCombatDamage,
    SourceDealsDamageToPlayer,
)
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import effects as fx
from undercity.engine import events as ev
from undercity.engine import targeting, triggers
from undercity.engine.effects import amount, deal_damage, handles, ref_objects, ref_players
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem

#: ``State.extra`` key: combat damage dealt in this step so far, source id -> total.
_STEP_DAMAGE = "combat_damage_by_source"


def _has_damage_triggers(card: object) -> bool:
    return any(a.when.event in (DEALS_DAMAGE, EQUIPPED_DEALS_COMBAT_DAMAGE) for a in getattr(card, "triggered", ()))


@lru_cache(maxsize=4096)
def _has_damage_to_you_trigger(card: CardDef) -> bool:
    return any(a.when.event == PERMANENT_DEALS_DAMAGE_TO_YOU for a in card.triggered)


def _damage_to_you(g: Game, e: ev.DamageDealt) -> None:
    """"Whenever a permanent deals damage to you" (CR 603.2, 120.3): once per damage event
    whose source is a permanent — anyone's, yours too (a ruling of Dissipation Field)."""
    s = g.s
    src = s.objs[e.source] if e.source is not None else None
    if src is None or src.zone != "battlefield" or e.amount <= 0:
        return
    for oid in ab.with_abilities(g, ch.permanents_with(s, _has_damage_to_you_trigger)):
        o = s.objs[oid]
        if o.controller != e.target_player:
            continue
        for a in ab.triggered(g, o):
            if a.when.event == PERMANENT_DEALS_DAMAGE_TO_YOU:
                triggers.add_pending(g, o, a, o.controller, o.name, object=src.id)


def _damage_to_caster(g: Game, e: ev.DamageDealt) -> None:
    """'When this permanent deals damage to the player who cast ~' (Hellish Rebuke): each damage
    event, combat or not, in which a permanent with that granted ability deals damage to that
    player (CR 603.2, 120.1)."""
    src = g.s.objs[e.source] if e.source is not None else None
    if src is None or src.zone != "battlefield" or e.amount <= 0 or src.id not in ab.receivers(g):
        return  # only ever a granted ability (CR 613.1f)
    for a in ab.triggered(g, src):
        if isinstance(a.when, DealsDamageToCaster) and a.when.player == e.target_player:
            triggers.add_pending(g, src, a, src.controller, src.name)


@triggers.reads(ev.CombatDamageDealt, ev.DamageDealt)
def watch(g: Game, e: ev.Event) -> None:
    s = g.s
    if isinstance(e, ev.CombatDamageDealt):
        dealt = s.extra.pop(_STEP_DAMAGE, {})
        if dealt:
            _combat_batch(g, dealt)
        return
    if not isinstance(e, ev.DamageDealt) or e.source not in s.objs:
        return
    if e.target_player is not None:
        _damage_to_you(g, e)
        _damage_to_caster(g, e)
    if e.combat:
        step = s.extra.setdefault(_STEP_DAMAGE, {})
        step[e.source] = step.get(e.source, 0) + e.amount
        return
    src = s.objs[e.source]
    if src.zone == "battlefield":
        for a in ab.triggered(g, src):
            if a.when.event == DEALS_DAMAGE:
                triggers.add_pending(g, src, a, src.controller, src.name)


def _has_source_trigger(card: object) -> bool:
    return any(isinstance(a.when, SourceDealsDamageToPlayer) for a in getattr(card, "triggered", ()))


@triggers.watches("damage_dealt")
def _source_dealt_damage(g: Game, e: ev.DamageDealt) -> None:
    """"Whenever a source you control deals 5 or more damage to a player": the source's
    controller as it dealt it — a permanent's or a spell's, or as it last existed (CR 608.2h)."""
    if e.target_player is None or e.source is None:
        return
    s = g.s
    src = s.objs.get(e.source)
    controller = src.controller if src is not None else (s.lki.get(e.source) or {}).get("controller")
    for o, trig in ab.with_triggered(g, ch.permanents_with(s, _has_source_trigger)):
        for a in trig:
            if isinstance(a.when, SourceDealsDamageToPlayer) and e.amount >= a.when.at_least \
                    and controller == o.controller:
                triggers.add_pending(g, o, a, o.controller, o.name, amount=e.amount)


#: ``State.extra`` key: the "whenever your opponents are dealt combat damage" abilities (source
#: id, ability) that this combat damage step's damage so far triggers.
_OPPONENTS_DEALT = "opponents_dealt_combat_damage"


def _has_opponents_trigger(card: object) -> bool:
    return any(isinstance(a.when, OpponentsDealtCombatDamage) for a in getattr(card, "triggered", ()))


@triggers.watches("damage_dealt")
def _opponent_dealt_combat_damage(g: Game, e: ev.DamageDealt) -> None:
    """Combat damage to a player: the abilities it will trigger once the step's damage is all
    dealt (CR 510.2), its source matched as it is as it deals it."""
    if not e.combat or e.target_player is None or e.source not in g.s.objs:
        return
    s = g.s
    src = s.objs[e.source]
    for o, trig in ab.with_triggered(g, ch.permanents_with(s, _has_opponents_trigger)):
        if not targeting._is_opponent(g, o.controller, e.target_player):
            continue
        for a in trig:
            if isinstance(a.when, OpponentsDealtCombatDamage) and targeting.matches(
                    g, src, a.when.filter, o.controller, o.id):
                s.extra.setdefault(_OPPONENTS_DEALT, set()).add((o.id, a))


@triggers.watches("combat_damage_dealt")
def _opponents_were_dealt(g: Game, e: ev.CombatDamageDealt) -> None:
    """Once per step and ability, however many opponents and sources (CR 603.2c)."""
    s = g.s
    hit = s.extra.pop(_OPPONENTS_DEALT, None)
    if not hit:
        return
    for o, trig in ab.with_triggered(g, ch.permanents_with(s, _has_opponents_trigger)):
        for a in trig:
            if (o.id, a) in hit:
                triggers.add_pending(g, o, a, o.controller, o.name)


def _combat_batch(g: Game, dealt: dict[int, int]) -> None:
    s = g.s
    for oid in ab.with_abilities(g, ch.permanents_with(s, _has_damage_triggers)):
        o = s.objs[oid]
        for a in ab.triggered(g, o):
            if a.when.event == DEALS_DAMAGE and dealt.get(oid, 0) > 0:
                triggers.add_pending(g, o, a, o.controller, o.name)
            elif a.when.event == EQUIPPED_DEALS_COMBAT_DAMAGE and dealt.get(o.attached_to or 0, 0) > 0:
                triggers.add_pending(g, o, a, o.controller, o.name, object=o.attached_to,
                                     amount=dealt[o.attached_to])



@handles(DamageEach)
def h_damage_each(g: Game, job: Job, item: StackItem, e: DamageEach, key: str) -> None:
    """"~ deals 1 damage to each creature and each player": the objects and players are those
    of the groups as the effect happens (CR 608.2c); a permanent matching two groups is still
    one object, dealt the damage once."""
    s = g.s
    n = amount(g, e.amount, item, job)
    owners = None if e.controlled_by is None else set(ref_players(g, e.controlled_by, item, job))
    hit = [oid for oid in s.battlefield if (owners is None or s.objs[oid].controller in owners)
           and any(targeting.matches(g, s.objs[oid], f, item.controller, item.source) for f in e.groups)]
    for oid in hit:
        if oid in s.objs:
            deal_damage(g, item.source, item.source_name, ("o", oid), n)
    for p in ref_players(g, e.players, item, job) if e.players is not None else ():
        deal_damage(g, item.source, item.source_name, ("p", p), n)


@handles(DamageToItself)
def h_damage_to_itself(g: Game, job: Job, item: StackItem, e: DamageToItself, key: str) -> None:
    """Each matching permanent deals damage to itself equal to its power, the amounts read first
    (CR 608.2h) and the damage dealt simultaneously (CR 120.3: its lifelink, deathtouch apply)."""
    s = g.s
    hits = [(oid, ch.power(g, s.objs[oid])) for oid in s.battlefield
            if targeting.matches(g, s.objs[oid], e.filter, item.controller, item.source)]
    for oid, n in hits:
        if oid in s.objs and n > 0:
            deal_damage(g, oid, s.objs[oid].name, ("o", oid), n)


@handles(DamageBlockers)
def h_damage_blockers(g: Game, job: Job, item: StackItem, e: DamageBlockers, key: str) -> None:
    """The attacking creature deals the damage (its deathtouch and lifelink apply) to each
    creature blocking it now; if it has left the battlefield, none is blocking it."""
    s = g.s
    n = amount(g, e.n, item, job)
    c = s.combat
    for att in ref_objects(g, e.of, item, job):
        blockers = [b for b in (c.blocked_by.get(att, []) if c else []) if b in s.objs]
        for b in blockers:
            fx.deal_damage(g, att, s.objs[att].name, ("o", b), n)
