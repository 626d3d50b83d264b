"""Trigger events (CR 603.2) beyond those :mod:`undercity.engine.triggers` checks: the
vocabulary of :mod:`undercity.cards.language.event_triggers`.

:func:`watch`, asked by ``triggers.check`` for every event, turns events into waiting triggers, in
this order:

* combat damage to a player, being dealt damage (simultaneous combat damage is one event),
  completing a dungeon (also from a graveyard, CR 113.6m), an equipped creature attacking,
  "whenever you attack" (once per combat), sacrificing (it looks back in time, CR 603.10a),
  creature cards put into your graveyard, "this or another creature enters", once-each-turn
  cast triggers, ward's "becomes the target" (CR 702.21a) and "becomes untapped"; they also
  keep the turn's history that :mod:`undercity.engine.conditions` reads;
* "whenever you attack the player who has the initiative" (CR 508.3e) and "becomes blocked
  [by a creature]" (CR 509.3c-d);
* "whenever a player / an opponent casts a spell" (CR 601.2i; a copy isn't cast, 707.10) and
  "whenever a creature you control deals combat damage to a player" (CR 510.2);
* "whenever you gain life" (CR 119.9), "whenever another … you control leaves the
  battlefield" and "whenever equipped creature dies" (CR 603.10a).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from undercity.cards import model as m
from undercity.cards.language.damage import EQUIPPED_COMBAT_DAMAGE_TO_PLAYER
from undercity.cards.language.event_triggers import (
    ACTIVATE_NONMANA,
    EQUIPPED_ATTACKS_OR_BLOCKS,
    EQUIPPED_DEALT_DAMAGE,
    AttackPlayer,
    AttacksUnblocked,
    AttacksWithOthers,
    BecomesBlocked,
    CombatDamageToPlayer,
    OpponentLosesGame,
    PlayerCasts,
)
from undercity.cards.language.prevention import BECOMES_TARGET_OF_SPELL
from undercity.cards.model import CardDef
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import entering, resolve, targeting, triggers, zones
from undercity.engine import events as ev
from undercity.engine.cast_permissions import end_play_permissions
from undercity.engine.conditions import DIED, LAND_ENTERED, attack_power, record_creature_card_to_graveyard
from undercity.engine.state import StackItem

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

ATTACKED = "you_attacked_turn"  # player -> the last turn "whenever you attack" triggered for them
ONCE = "triggered_once_each_turn"  # (object id, ability) -> the last turn it triggered ("only once each turn")
DAMAGED = "dealt_damage_batch"  # objects dealt combat damage in this damage step, in order
#: ``State.extra`` key: object -> the combat damage dealt to it in this damage step ("that much").
DAMAGED_AMOUNTS = "dealt_damage_amounts"
#: ``State.extra`` key: (Equipment, creature) pairs whose creature was dealt combat damage in
#: this damage step, in order ("whenever equipped creature is dealt damage").
EQUIPPED_DAMAGED = "equipped_dealt_damage_batch"

#: The string trigger events of language.event_triggers watched here.
EVENTS = frozenset({
    "combat_damage_to_player", "one_or_more_combat_damage_to_player", "dealt_damage", "complete_dungeon",
    "equipped_attacks", "you_attack", "sacrifice", "creature_cards_to_your_graveyard", "self_or_other_enters",
    "cast_once", "becomes_target", BECOMES_TARGET_OF_SPELL, "permanent_becomes_target", EQUIPPED_DEALT_DAMAGE,
    EQUIPPED_ATTACKS_OR_BLOCKS, EQUIPPED_COMBAT_DAMAGE_TO_PLAYER})


def _event_triggers_in(c: CardDef | Any) -> bool:
    """Whether a card, or a permanent's characteristics now (``layers.Chars``), has a trigger of
    this module."""
    return any(a.when.event in EVENTS for a in c.triggered)


#: :func:`_event_triggers_in` of a card, cached: the battlefield index's test.
_has_event_triggers = lru_cache(maxsize=4096)(_event_triggers_in)


def _triggering(g: Game) -> list[Obj]:
    """Permanents that may have a trigger of this module: by card, or given one (613.1f)."""
    s = g.s
    return [s.objs[oid] for oid in ab.with_given(g, ch.permanents_with(s, _has_event_triggers), _event_triggers_in)]


# ----------------------------------------------------------------------------- triggers


def _add(g: Game, o: Obj, a: m.Triggered, controller: int, **data: Any) -> None:
    """Record that ``a`` of ``o`` triggered (with its intervening "if", CR 603.4), at most once
    each turn if it says so."""
    w = a.when
    if getattr(w, "once_each_turn", False):
        once = g.s.extra.setdefault(ONCE, {})
        if once.get((o.id, a)) == g.s.turn:
            return
        if a.if_ is None or resolve.condition_holds(g, a.if_, controller):
            once[(o.id, a)] = g.s.turn
    triggers._add(g, o, a, controller, o.name, **data)


def _with_event(g: Game, event: str) -> list[tuple[Obj, m.Triggered]]:
    """(permanent, ability) for every triggered ability with this event on the battlefield."""
    out = []
    for o in _triggering(g):
        for a in ab.triggered(g, o):
            if a.when.event == event and getattr(a.when, "zone", "battlefield") == "battlefield":
                out.append((o, a))
    return out


def _on_damage(g: Game, e: ev.DamageDealt) -> None:
    s = g.s
    if e.combat and e.target_player is not None and e.source in s.objs:
        src = s.objs[e.source]
        if src.zone == "battlefield":
            # Granted abilities included ("Enchanted creature has 'Whenever this creature deals
            # combat damage to a player, …'"; Fly; CR 613.1f).
            for a in ab.triggered(g, src):
                if a.when.event != "combat_damage_to_player":
                    continue
                _add(g, src, a, src.controller, damaged=e.target_player, object=src.id, amount=e.amount)
            for eq, a in _with_event(g, EQUIPPED_COMBAT_DAMAGE_TO_PLAYER):
                if eq.attached_to == src.id:  # CR 510.2: the damage this one event dealt that player
                    _add(g, eq, a, eq.controller, damaged=e.target_player, object=src.id, amount=e.amount)
    if e.target_obj is not None and e.target_obj in s.objs:
        _equipped_damaged(g, e)
        o = s.objs[e.target_obj]
        if not any(a.when.event == "dealt_damage" for a in ab.triggered(g, o)):
            return
        if e.combat:  # simultaneous combat damage is one event: trigger once, when it is all dealt
            batch = s.extra.setdefault(DAMAGED, [])
            if o.id not in batch:
                batch.append(o.id)
            amounts = s.extra.setdefault(DAMAGED_AMOUNTS, {})
            amounts[o.id] = amounts.get(o.id, 0) + e.amount
            return
        for a in ab.triggered(g, o):
            if a.when.event == "dealt_damage":  # "that much": the damage it was dealt (Stuffy Doll)
                _add(g, o, a, o.controller, object=o.id, amount=e.amount)


def _equipped_damaged(g: Game, e: ev.DamageDealt) -> None:
    """"Whenever equipped creature is dealt damage" (CR 603.2): each Equipment attached to the
    damaged creature triggers, with that creature as the trigger's object; combat damage dealt
    at once is one event (CR 510.2), so it triggers once, when all of it is dealt."""
    for eq, a in _with_event(g, EQUIPPED_DEALT_DAMAGE):
        if eq.attached_to != e.target_obj:
            continue
        if e.combat:
            batch = g.s.extra.setdefault(EQUIPPED_DAMAGED, [])
            if (eq.id, e.target_obj) not in batch:
                batch.append((eq.id, e.target_obj))
        else:
            _add(g, eq, a, eq.controller, object=e.target_obj)


def _on_combat_damage(g: Game, e: ev.CombatDamageDealt) -> None:
    s = g.s
    for eid, oid in s.extra.pop(EQUIPPED_DAMAGED, []):
        eq = s.objs.get(eid)
        if eq is not None and eq.zone == "battlefield":
            for a in ab.triggered(g, eq):
                if a.when.event == EQUIPPED_DEALT_DAMAGE:
                    _add(g, eq, a, eq.controller, object=oid)
    amounts = s.extra.pop(DAMAGED_AMOUNTS, {})
    for oid in s.extra.pop(DAMAGED, []):
        o = s.objs.get(oid)
        if o is not None:
            for a in ab.triggered(g, o):
                if a.when.event == "dealt_damage":
                    _add(g, o, a, o.controller, object=o.id, amount=amounts.get(oid, 0))
    for o, a in _with_event(g, "one_or_more_combat_damage_to_player"):
        for damaged, controllers in sorted(e.to_players.items()):
            if o.controller in controllers:
                _add(g, o, a, o.controller, damaged=damaged)


def _on_completed(g: Game, e: ev.DungeonCompleted) -> None:
    s = g.s
    for o, a in _with_event(g, "complete_dungeon"):
        if o.controller == e.player:
            _add(g, o, a, o.controller, dungeon=e.dungeon)
    for oid in list(s.players[e.player].graveyard):  # CR 113.6m: abilities that work from there
        o = s.objs[oid]
        for a in ab.triggered(g, o):
            if a.when.event == "complete_dungeon" and getattr(a.when, "zone", "") == "graveyard":
                _add(g, o, a, o.owner, dungeon=e.dungeon)


def _on_zone_change(g: Game, e: ev.ZoneChanged) -> None:
    s = g.s
    if e.from_zone == "battlefield":
        lki = s.lki.get(e.obj) or {}
        if e.to_zone == "graveyard" and "Creature" in lki.get("types", ()):
            s.extra[DIED] = s.turn  # a creature died this turn (Zombie Ogre)
        if e.to_zone == "graveyard" and "sacrificed" in e.verb and lki:
            _on_sacrifice(g, e, lki)
        _sefris_left(g, e)
    new = s.objs.get(e.new_obj)
    if new is None:
        return
    if e.to_zone == "battlefield":
        if "Land" in new.card.types:
            s.extra.setdefault(LAND_ENTERED, {})[new.controller] = s.turn
        for o, a in _with_event(g, "self_or_other_enters"):
            w = a.when
            if o.id == new.id or (new.controller == o.controller and ch.is_creature(new)
                                  and targeting.matches(g, new, w.filter, o.controller, o.id)):
                _add(g, o, a, o.controller, object=new.id)
    if e.to_zone == "graveyard" and not new.token and "Creature" in new.card.types:
        # "Whenever one or more creature cards are put into your graveyard from anywhere" looks
        # at the card in the graveyard (ruling 2021-07-23, Sefris of the Hidden Ways).
        for o, a in _with_event(g, "creature_cards_to_your_graveyard"):
            if o.controller == new.owner:
                batch = s.extra.get(zones._SIMULTANEOUS)
                _add(g, o, a, o.controller, object=new.id, batch=id(batch) if batch is not None else None)


def _sefris_left(g: Game, e: ev.ZoneChanged) -> None:
    """An ability that triggers on cards going to a graveyard needs its source on the
    battlefield after the event (it doesn't look back in time, CR 603.10): if the source left
    the battlefield in the same simultaneous event, what it "triggered" earlier in that event
    didn't trigger (ruling 2021-09-24, Sefris of the Hidden Ways)."""
    s = g.s
    batch = s.extra.get(zones._SIMULTANEOUS)
    if batch is None:
        return
    gone = [t for t in s.pending_triggers if t.source == e.obj and t.ability is not None
            and t.ability.when.event == "creature_cards_to_your_graveyard" and t.data.get("batch") == id(batch)]
    for t in gone:
        s.pending_triggers.remove(t)
        s.extra.get(ONCE, {}).pop((e.obj, t.ability), None)  # type: ignore[union-attr]


def _on_sacrifice(g: Game, e: ev.ZoneChanged, lki: dict[str, Any]) -> None:
    """"Whenever you sacrifice a [filter]" looks back in time (CR 603.10a): the permanent as it last
    existed — its types, whether it was a token, "another" not this one."""
    from undercity.engine.dies_triggers import lki_matches

    for o, a in _with_event(g, "sacrifice"):
        flt = a.when.filter
        if lki["controller"] != o.controller:
            continue
        if flt is not None and not lki_matches(g, lki, e.token, replace(flt, controller=None), o.controller, e.obj,
                                               o.id):
            continue
        _add(g, o, a, o.controller, object=e.new_obj)


def _defending(g: Game, attacker: int) -> int | None:
    s = g.s
    d = s.combat.attackers.get(attacker) if s.combat else None
    if d is None:
        return None
    return d[1] if d[0] == "p" else (s.objs[d[1]].controller if d[1] in s.objs else None)


def _on_attack(g: Game, e: ev.AttackDeclared) -> None:
    s = g.s
    c = s.combat
    player = e.player
    if c is not None:
        attack_power(g, player)  # record it as declared, before anything changes it
    attacked = s.extra.setdefault(ATTACKED, {})
    first = attacked.get(player) != s.turn
    attacked[player] = s.turn
    for o, a in _with_event(g, "you_attack"):
        if first and o.controller == player:  # once per combat (ruling 2021-07-23)
            _add(g, o, a, o.controller)
    for o, a in _with_event(g, "equipped_attacks"):
        if o.attached_to == e.attacker:
            _add(g, o, a, o.controller, object=e.attacker, defending=_defending(g, e.attacker))
    for o, a in _with_event(g, EQUIPPED_ATTACKS_OR_BLOCKS):
        if o.attached_to == e.attacker:
            _add(g, o, a, o.controller, object=e.attacker)


def _on_equipped_blocks(g: Game, e: ev.BlockDeclared) -> None:
    """"Whenever equipped creature … blocks" (CR 509.3a): once for the blocker, with the first
    attacker it is declared blocking."""
    c = g.s.combat
    if c is None or c.blockers.get(e.blocker, [None])[0] != e.attacker:
        return
    for o, a in _with_event(g, EQUIPPED_ATTACKS_OR_BLOCKS):
        if o.attached_to == e.blocker:
            _add(g, o, a, o.controller, object=e.blocker)


def _targeted(g: Game, item: StackItem | None, only: tuple[str, int] | None = None) -> None:
    """Ward (CR 702.21a): a permanent with a ``becomes_target`` ability becomes the target of
    a spell or ability an opponent controls (or anyone's, ``whose="any"``) — each such
    permanent it targets triggers; ``only``: the one a changed target became (CR 115.7)."""
    if item is None or not item.targets:
        return
    targets = [tuple(t) for t in item.targets] if only is None else [only]
    for o, a in _with_event(g, "becomes_target"):
        # ``whose="any"``: "becomes the target of a spell or ability" (anyone's, Phantasmal Image).
        if ("o", o.id) in targets and (a.when.whose == "any" or targeting._is_opponent(g, o.controller,
                                                                                      item.controller)):
            _add(g, o, a, o.controller, target_item=item.id)
    # "Whenever a [permanent] you control becomes the target of a spell or ability an opponent
    # controls" (CR 603.2, 115.1): once per permanent targeted, however many times.
    watchers = _with_event(g, "permanent_becomes_target")
    if not watchers:
        return
    targeted = [g.s.objs[t[1]] for t in dict.fromkeys(targets) if t[0] == "o" and t[1] in g.s.objs]
    for o, a in watchers:
        if not targeting._is_opponent(g, o.controller, item.controller):
            continue
        for t in targeted:
            if (t.zone == "battlefield" and t.controller == o.controller
                    and targeting.matches(g, t, a.when.filter, o.controller, o.id)):
                _add(g, o, a, o.controller, object=t.id, target_item=item.id, spell_controller=item.controller)


def _on_activated(g: Game, e: ev.AbilityActivated) -> None:
    _targeted(g, g.s.stack[-1] if g.s.stack else None)
    if g.s.stack:
        from undercity.engine.opponent_enters import COPIES

        # "Whenever you activate an ability that isn't a mana ability" (CR 602.2): the ability
        # just put on the stack is the one "copy it" copies.
        for o, a in _with_event(g, ACTIVATE_NONMANA):
            if o.controller == e.player:
                _add(g, o, a, o.controller, **{COPIES: {"item": g.s.stack[-1]}})


def _on_triggered(g: Game, e: ev.AbilityTriggered) -> None:
    _targeted(g, g.s.stack[-1] if g.s.stack else None)


def _targeted_by_spell(g: Game, item: StackItem, targets: list[tuple[str, int]]) -> None:
    """"Whenever ~ becomes the target of a spell" (CR 603.2, 115.1): anyone's spell, a copy
    too (it becomes a target as the copy is put on the stack); once however many times.
    ``whose="opponent"``: "… of a spell an opponent controls" — an opponent of its controller."""
    for o, a in _with_event(g, BECOMES_TARGET_OF_SPELL):
        if ("o", o.id) in targets and (a.when.whose != "opponent"
                                       or targeting._is_opponent(g, o.controller, item.controller)):
            _add(g, o, a, o.controller, target_item=item.id, spell_controller=item.controller)


def _on_cast(g: Game, e: ev.SpellCast) -> None:
    s = g.s
    spell = s.objs.get(e.obj)
    if spell is None:
        return
    item = next((it for it in s.stack if it.obj == e.obj), None)
    _targeted(g, item)
    if item is not None and item.targets:
        _targeted_by_spell(g, item, [tuple(t) for t in item.targets])
    if e.copy:
        return
    for o, a in _with_event(g, "cast_once"):
        if o.controller == e.player and targeting.matches(g, spell, a.when.filter, o.controller, o.id):
            _add(g, o, a, o.controller, spell=e.obj)


@lru_cache(maxsize=4096)
def _has_tap_trigger(card: CardDef) -> bool:
    return any(a.when.event in ("becomes_tapped", "becomes_untapped") for a in card.triggered)


def _on_tapped(g: Game, e: ev.Tapped) -> None:
    """"Whenever [this] becomes untapped" (Immovable Rod; CR 603.2), "whenever this creature
    becomes tapped" (a Background's grant, Haunted One), whatever tapped or untapped it."""
    o = g.s.objs.get(e.obj)
    if o is None or o.zone != "battlefield" or not _has_tap_trigger(o.card) and ab.plain(g):
        return  # no such ability on its card, and none given (layer 6): the common case
    event = "becomes_tapped" if e.tapped else "becomes_untapped"
    for a in ab.triggered(g, o):
        if a.when.event == event:
            _add(g, o, a, o.controller, object=o.id)


_BY_KIND_EVENTS: dict[str, Callable[[Game, Any], None]] = {
    "tapped": _on_tapped, "damage_dealt": _on_damage, "combat_damage_dealt": _on_combat_damage, "dungeon_completed": _on_completed,
    "zone_changed": _on_zone_change, "attack_declared": _on_attack, "spell_cast": _on_cast,
    "ability_activated": _on_activated, "ability_triggered": _on_triggered, "block_declared": _on_equipped_blocks,
}


# ----------------------------------------------------------------------------- triggers


def _has_battalion(card: CardDef) -> bool:
    return any(isinstance(a.when, AttacksWithOthers) for a in card.triggered)


@triggers.watches("attack_declared")
def _on_attacks_with_others(g: Game, e: ev.AttackDeclared) -> None:
    """Battalion (CR 508.3a): the attack events follow the whole declaration, so the creatures
    declared with this one are all in combat as its own event comes."""
    s = g.s
    c = s.combat
    if c is None:
        return
    for o, trig in ab.with_triggered(g, ch.permanents_with(s, _has_battalion)):
        if o.id != e.attacker:
            continue
        for a in trig:
            if isinstance(a.when, AttacksWithOthers) and len(c.attackers) - 1 >= a.when.others:
                triggers._add(g, o, a, o.controller, o.name, object=o.id)


@lru_cache(maxsize=4096)
def _has_loses_trigger(card: CardDef) -> bool:
    return any(isinstance(a.when, OpponentLosesGame) for a in card.triggered)


@triggers.watches("player_lost")
def _on_opponent_loses(g: Game, e: ev.PlayerLost) -> None:
    """"When … an opponent loses the game" (CR 104.3, 603.2): a permanent whose controller is an
    opponent of the player who lost. One the loser owns leaves the game with them (CR 800.4a) and
    doesn't trigger (ruling 2021-07-23, Share the Spoils)."""
    s = g.s
    for o, trig in ab.with_triggered(g, ch.permanents_with(s, _has_loses_trigger)):
        if s.players[o.owner].lost or not targeting._is_opponent(g, o.controller, e.player):
            continue
        for a in trig:
            if isinstance(a.when, OpponentLosesGame):
                triggers._add(g, o, a, o.controller, o.name)


def _has_unblocked_trigger(card: CardDef) -> bool:
    return any(isinstance(a.when, AttacksUnblocked) for a in card.triggered)


@triggers.watches("blockers_declared")
def _on_blockers_declared(g: Game, e: ev.BlockersDeclared) -> None:
    """"Whenever ~ attacks and isn't blocked" (CR 509.3g): each unblocked attacking creature with
    the ability, with the player it attacks (or the controller of the permanent it attacks,
    CR 506.2) as the defending player."""
    s = g.s
    c = s.combat
    if c is None or not e.unblocked:
        return
    for o, trig in ab.with_triggered(g, ch.permanents_with(s, _has_unblocked_trigger)):
        d = c.attackers.get(o.id)
        if o.id not in e.unblocked or d is None:
            continue
        defending = d[1] if d[0] == "p" else (s.objs[d[1]].controller if d[1] in s.objs else None)
        for a in trig:
            if isinstance(a.when, AttacksUnblocked):
                triggers._add(g, o, a, o.controller, o.name, defending=defending, object=o.id)


_COMBAT_TRIGGERS = (AttackPlayer, BecomesBlocked)


@lru_cache(maxsize=4096)
def _combat_triggered(card: CardDef) -> tuple[m.Triggered, ...]:
    return tuple(a for a in card.triggered if isinstance(a.when, _COMBAT_TRIGGERS))


def _has_combat_trigger(card: CardDef) -> bool:
    return bool(_combat_triggered(card))


def _watching(g: Game) -> list[tuple[Obj, m.Triggered]]:
    s = g.s
    return [(s.objs[oid], a) for oid in ch.permanents_with(s, _has_combat_trigger) for a in _combat_triggered(s.objs[oid].card)]


def _on_attack_initiative(g: Game, e: ev.AttackDeclared) -> None:
    """"Whenever you attack the player who has the initiative": once per declaration of
    attackers, if a creature you control is declared attacking that player (CR 508.3e).
    Attack events are emitted after the whole declaration, in declaration order: the ability
    triggers on the first one that attacks that player."""
    s = g.s
    c = s.combat
    holder = s.initiative
    if c is None or holder is None or c.attackers.get(e.attacker) != ("p", holder):
        return
    first = next((a for a, d in c.attackers.items()
                  if d == ("p", holder) and a in s.objs and s.objs[a].controller == e.player), None)
    if first != e.attacker:
        return
    for o, a in _watching(g):
        if isinstance(a.when, AttackPlayer) and a.when.defender == "initiative" and o.controller == e.player:
            triggers._add(g, o, a, o.controller, o.name)


def _on_block(g: Game, e: ev.BlockDeclared) -> None:
    """"Becomes blocked by a creature": once per blocker (CR 509.3d). "Becomes blocked":
    once, with the first blocker declared for it (CR 509.3c)."""
    c = g.s.combat
    for o, a in _watching(g):
        w = a.when
        if not isinstance(w, BecomesBlocked):
            continue
        if w.filter is not None:
            # "Whenever a creature you control becomes blocked" (CR 509.3c): each creature
            # matching it, once, with its first blocker.
            att = g.s.objs.get(e.attacker)
            if (att is not None and att.controller == o.controller
                    and targeting.matches(g, att, w.filter, o.controller, o.id)
                    and c is not None and c.blocked_by.get(e.attacker, [None])[0] == e.blocker):
                triggers._add(g, o, a, o.controller, o.name, object=e.attacker)
            continue
        creature = o.attached_to if w.equipped else o.id
        if creature != e.attacker:
            continue
        if w.by_each:
            triggers._add(g, o, a, o.controller, o.name, object=e.attacker, blocker=e.blocker)
        elif c is not None and c.blocked_by.get(e.attacker, [None])[0] == e.blocker:
            triggers._add(g, o, a, o.controller, o.name, object=e.attacker)


_BY_KIND_COMBAT: dict[str, Any] = {
    "attack_declared": _on_attack_initiative, "block_declared": _on_block, "turn_began": end_play_permissions,
    "zone_changed": record_creature_card_to_graveyard,
}


# ----------------------------------------------------------------------------- triggers


@lru_cache(maxsize=4096)
def _has_cast_trigger(card: CardDef) -> bool:
    return any(isinstance(a.when, PlayerCasts) for a in card.triggered)


def _on_player_casts(g: Game, e: ev.SpellCast) -> None:
    """"Whenever a player casts a spell" / "Whenever an opponent casts …" (CR 601.2i, 603.2):
    a copy isn't cast (CR 707.10)."""
    s = g.s
    spell = s.objs.get(e.obj)
    if spell is None or e.copy:
        return
    for oid in ch.permanents_with(s, _has_cast_trigger):
        o = s.objs[oid]
        for a in ab.triggered(g, o):
            w = a.when
            if not isinstance(w, PlayerCasts):
                continue
            if w.whose == "opponent" and not targeting._is_opponent(g, o.controller, e.player):
                continue
            if w.whose == "you" and e.player != o.controller:
                continue
            if w.whose == "chosen" and e.player not in entering.chosen_player(g, oid):
                continue
            if w.whose == "enchanted" and e.player != o.attached_player:
                continue  # "Whenever enchanted player casts …" (CR 303.4b)
            if targeting.matches(g, spell, w.filter, o.controller, oid):
                triggers._add(g, o, a, o.controller, o.name, spell=e.obj, caster=e.player)


@lru_cache(maxsize=4096)
def _has_damage_trigger(card: CardDef) -> bool:
    return any(isinstance(a.when, CombatDamageToPlayer) for a in card.triggered)


def _on_creature_combat_damage(g: Game, e: ev.DamageDealt) -> None:
    """"Whenever a creature you control deals combat damage to a player" (CR 510.2, 603.2):
    each creature's combat damage to a player is one event."""
    s = g.s
    src = s.objs.get(e.source) if e.source is not None else None
    if not e.combat or e.target_player is None or src is None or not ch.is_creature(src):
        return
    for oid in ch.permanents_with(s, _has_damage_trigger):
        o = s.objs[oid]
        for a in ab.triggered(g, o):
            w = a.when
            if not isinstance(w, CombatDamageToPlayer) or w.whose == "you" and o.controller != src.controller:
                continue
            if w.to_opponent and not targeting._is_opponent(g, o.controller, e.target_player):
                continue
            if w.had_to_attack and (s.combat is None or src.id not in s.combat.required):
                continue  # CR 603.4: "if that creature had to attack this combat" (508.1d)
            if targeting.matches(g, src, w.filter, o.controller, oid):
                triggers._add(g, o, a, o.controller, o.name, amount=e.amount, damaged=e.target_player,
                              object=src.id)


_BY_KIND_CASTS_AND_DAMAGE: dict[str, Callable[[Game, Any], None]] = {
    "spell_cast": _on_player_casts, "damage_dealt": _on_creature_combat_damage}


# ----------------------------------------------------------------------------- triggers

LIFE_AND_LEAVING_EVENTS = frozenset({"you_gain_life", "another_leaves", "equipped_dies"})


@lru_cache(maxsize=4096)
def _has_events(card: CardDef) -> bool:
    return any(a.when.event in LIFE_AND_LEAVING_EVENTS for a in card.triggered)


def _with_card_event(g: Game, event: str) -> list[tuple[Obj, m.Triggered]]:
    s = g.s
    return [(s.objs[oid], a) for oid in ch.permanents_with(s, _has_events)
            for a in s.objs[oid].card.triggered if a.when.event == event]


def _on_life(g: Game, e: ev.LifeChanged) -> None:
    """"Whenever you gain life": once for each life-gain event (CR 119.9; each lifelink
    source's damage is its own event, CR 702.15b)."""
    if e.amount <= 0:
        return
    for o, a in _with_card_event(g, "you_gain_life"):
        if o.controller == e.player:
            triggers._add(g, o, a, o.controller, o.name, amount=e.amount)


def _on_leaves(g: Game, e: ev.ZoneChanged) -> None:
    if e.from_zone != "battlefield":
        return
    s = g.s
    lki = s.lki.get(e.obj)
    if lki is None:
        return
    card: CardDef = lki["card"]
    for o, a in _with_card_event(g, "another_leaves"):
        # CR 603.10a: looks back in time — the permanent as it last existed on the battlefield.
        flt = a.when.filter
        if o.id == e.obj or lki["controller"] != o.controller:
            continue
        if flt is not None and flt.types and not flt.types & card.types:
            continue
        triggers._add(g, o, a, o.controller, o.name, object=e.new_obj)
    if e.to_zone == "graveyard" and "Creature" in lki["types"]:
        for o, a in _with_card_event(g, "equipped_dies"):
            if a.when.filter is not None and not a.when.filter.subtypes <= lki["subtypes"]:
                continue  # "if that creature was a Horror": as it last existed (CR 603.4, 603.10a)
            if o.attached_to == e.obj:  # still attached: 704.5n hasn't been checked yet
                # "died": the creature's last known information (CR 603.10a, 608.2h).
                triggers._add(g, o, a, o.controller, o.name, object=e.new_obj, died=e.obj)
        for sid in zones.left_together(g.s, e.obj):
            # An Aura or Equipment that left in the same event as its creature (CR 603.10a; ruling
            # 2018-01-19, Dead Man's Chest): as it last existed, attached to it.
            src = g.s.lki.get(sid) if sid != e.obj else None
            if src is not None and src.get("attached_to") == e.obj:
                for a in src["triggered"]:
                    if a.when.event == "equipped_dies" and (
                            a.when.filter is None or a.when.filter.subtypes <= lki["subtypes"]):
                        triggers._add(g, None, a, src["controller"], src["name"], object=e.new_obj, died=e.obj,
                                      lki_source=sid)


_BY_KIND_LIFE: dict[str, Callable[[Game, Any], None]] = {"life_changed": _on_life, "zone_changed": _on_leaves}


#: event kind -> this module's checks of it, in the order of its four parts: the events, combat
#: and play permissions, casts and damage, life and leaving.
_BY_KIND: dict[str, tuple[Callable[[Game, Any], None], ...]] = {}
for _part in (_BY_KIND_EVENTS, _BY_KIND_COMBAT, _BY_KIND_CASTS_AND_DAMAGE, _BY_KIND_LIFE):
    for _kind, _fn in _part.items():
        _BY_KIND[_kind] = (*_BY_KIND.get(_kind, ()), _fn)
del _part, _kind, _fn


@triggers.reads(*_BY_KIND)
def watch(g: Game, e: ev.Event) -> None:
    """The trigger events of this module that event ``e`` may be (CR 603.2), asked by
    ``triggers.check`` for every event of the kinds it reads, in that order."""
    for fn in _BY_KIND.get(e.kind, ()):
        fn(g, e)
