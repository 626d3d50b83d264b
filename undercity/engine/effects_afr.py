"""Rules for the venture and completed-dungeon cards of Adventures in the Forgotten Realms
(the language of :mod:`undercity.cards.model_afr`; the cards in cards/pool/afr_venture.py).

* Effect handlers, registered with ``@handles`` like every other.
* :func:`watch`, a trigger watcher (:data:`triggers.GLOBAL_WATCHERS`) for the new trigger
  events: combat damage to a player, being dealt damage, completing a dungeon (also from
  a graveyard), an equipped creature attacking, "whenever you attack", sacrificing,
  creature cards put into your graveyard, "this or another creature enters", once-each-turn
  cast triggers, and ward (becoming the target of an opponent's spell or ability). It also
  keeps the turn's history that conditions read (a creature died, a land entered, the power
  you attacked with).
* Conditions (:data:`resolve.CONDITION_HOOKS`), player hexproof
  (:data:`targeting.PLAYER_HEXPROOF`), blocking restrictions (:data:`combat.BLOCK_RESTRICTIONS`),
  the venture limit and additional room triggers (:data:`dungeons.VENTURE_RESTRICTIONS`,
  :data:`dungeons.ROOM_TRIGGER_EXTRA`), and state-based action 704.5n for Equipment.

Every venture goes through :func:`undercity.engine.dungeons.venture`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from undercity.cards import model as m
from undercity.cards import model_afr as ma
from undercity.cards.model import CardDef, Condition, Filter
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import combat, dungeons, resolve, sba, targeting, triggers, zones
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.engine.effects import (
    change_life,
    create_token,
    distinct_card_options,
    handles,
    ref_objects,
)
from undercity.engine.effects_more import _apnap
from undercity.engine.state import ContinuousEffect, Job, StackItem
from undercity.engine.teams import is_active

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

# ``State.extra`` keys for the turn's history.
DIED = "afr_creature_died_turn"  # the last turn in which a creature died
LAND_ENTERED = "afr_land_entered"  # player -> the last turn a land entered under their control
ATTACK_POWER = "afr_attack_power"  # player -> (turn, total power of the creatures they attacked with)
ATTACKED = "afr_you_attacked"  # player -> the last turn "whenever you attack" triggered for them
ONCE = "afr_once"  # (object id, ability uid) -> the last turn it triggered ("only once each turn")
DAMAGED = "afr_dealt_damage_batch"  # objects dealt combat damage in this damage step, in order

#: Subtypes that aren't creature types (CR 205.3g-i): a creature that "becomes a Bird" keeps them.
NONCREATURE_SUBTYPES = frozenset({
    "Attraction", "Blood", "Bobblehead", "Book", "Clue", "Contraption", "Equipment", "Food", "Fortification",
    "Gold", "Incubator", "Infinity", "Junk", "Lander", "Map", "Mutagen", "Powerstone", "Spacecraft", "Stone",
    "Treasure", "Vehicle", "Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune",
    "Saga", "Shard", "Shrine", "Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine",
    "Mountain", "Plains", "Planet", "Power-Plant", "Sphere", "Swamp", "Tower", "Town", "Urza’s",
})


@dataclass(slots=True)
class FilteredEffect(ContinuousEffect):
    """A continuous effect that names a set of objects by ``filter`` ("can't be blocked by
    Walls"), or the subtypes an object has while it lasts (layer 4)."""

    filter: Filter | None = None
    subtypes: frozenset[str] | None = None


# ----------------------------------------------------------------------------- helpers


def _statics(kind: str) -> Callable[[CardDef], bool]:
    return _STATIC_PREDS[kind]


def _make_pred(kind: str) -> Callable[[CardDef], bool]:
    @lru_cache(maxsize=4096)
    def pred(card: CardDef) -> bool:
        return any(st.kind == kind for st in card.static)

    return pred


_STATIC_PREDS: dict[str, Callable[[CardDef], bool]] = {k: _make_pred(k) for k in (
    "player_hexproof", "opponents_venture_once_each_turn", "room_abilities_trigger_additional_time",
    "unblockable_except", "unblockable_alone")}

#: The trigger events of model_afr.
EVENTS = frozenset({
    "combat_damage_to_player", "one_or_more_combat_damage_to_player", "dealt_damage", "complete_dungeon",
    "equipped_attacks", "you_attack", "sacrifice", "creature_cards_to_your_graveyard", "self_or_other_enters",
    "cast_once", "becomes_target"})


@lru_cache(maxsize=4096)
def _has_afr_triggers(card: CardDef) -> bool:
    return any(a.when.event in EVENTS for a in card.triggered)


def _permanents(g: Game, pred: Callable[[CardDef], bool]) -> list[Obj]:
    s = g.s
    return [s.objs[oid] for oid in ch.permanents_with(s, pred)]


def _triggering(g: Game) -> list[Obj]:
    """Permanents that may have a trigger of this module: by card, or given one (613.1f)."""
    s = g.s
    return [s.objs[oid] for oid in ab.with_abilities(g, ch.permanents_with(s, _has_afr_triggers))]


def _holds(g: Game, cond: Condition | None, controller: int) -> bool:
    return resolve.condition_holds(g, cond, controller)


# ----------------------------------------------------------------------------- conditions


def _cond_not_completed(g: Game, cond: Condition, controller: int) -> bool:
    return getattr(cond, "arg", "") not in g.s.players[controller].completed


def _cond_creature_died(g: Game, cond: Condition, controller: int) -> bool:
    return g.s.extra.get(DIED) == g.s.turn


def _cond_land_entered(g: Game, cond: Condition, controller: int) -> bool:
    return g.s.extra.get(LAND_ENTERED, {}).get(controller) == g.s.turn


def _attack_power(g: Game, player: int) -> int:
    """The total power of the creatures ``player`` attacked with this combat, as they were
    declared: recorded the first time it is asked after the declaration (all attackers are
    declared before any attack trigger is checked, CR 508.1, 508.2)."""
    s = g.s
    powers = s.extra.setdefault(ATTACK_POWER, {})
    rec = powers.get(player)
    if rec is None or rec[0] != s.turn:
        c = s.combat
        total = sum(ch.power(g, s.objs[a]) for a in c.attackers
                    if a in s.objs and s.objs[a].controller == player) if c is not None else 0
        rec = powers[player] = (s.turn, total)
    return int(rec[1])


def _cond_pack_tactics(g: Game, cond: Condition, controller: int) -> bool:
    """Pack tactics: "if you attacked with creatures with total power N or greater this
    combat" — the power they had as they were declared as attackers."""
    return _attack_power(g, controller) >= int(getattr(cond, "arg", "0") or 0)


def _cond_your_turn(g: Game, cond: Condition, controller: int) -> bool:
    return is_active(g, controller)


resolve.CONDITION_HOOKS.update({
    "not_completed": _cond_not_completed,
    "creature_died_this_turn": _cond_creature_died,
    "land_entered_this_turn": _cond_land_entered,
    "pack_tactics": _cond_pack_tactics,
    "your_turn": _cond_your_turn,
})


# ----------------------------------------------------------------------------- static abilities

def _player_hexproof(g: Game, player: int) -> bool:
    return any(o.controller == player for o in _permanents(g, _statics("player_hexproof")))


targeting.PLAYER_HEXPROOF.append(_player_hexproof)


def _venture_limit(g: Game, player: int) -> str | None:
    """Keen-Eared Sentry: "Each opponent can't venture into the dungeon more than once each
    turn." Venturing into Undercity is venturing into the dungeon too (CR 701.49d)."""
    s = g.s
    if s.extra.get(dungeons.LAST_VENTURE, {}).get(player) != s.turn:
        return None
    for o in _permanents(g, _statics("opponents_venture_once_each_turn")):
        if targeting._is_opponent(g, o.controller, player):
            return f"{o.name} allows only one venture each turn and they have already ventured this turn"
    return None


dungeons.VENTURE_RESTRICTIONS.append(_venture_limit)


def _room_extra(g: Game, owner: int) -> int:
    """"Room abilities of dungeons you own trigger an additional time" (Hama Pashar; a
    commander given it by Dungeon Delver) — once more for each instance among the permanents
    the dungeon's owner controls (CR 603.2d)."""
    s = g.s
    ids = ch.permanents_with(s, _statics("room_abilities_trigger_additional_time"))
    return sum(1 for oid in ab.with_abilities(g, ids) if s.objs[oid].controller == owner
               for st in ab.static(g, s.objs[oid]) if st.kind == "room_abilities_trigger_additional_time")


dungeons.ROOM_TRIGGER_EXTRA.append(_room_extra)


def _block_ok(g: Game, blocker: Obj, attacker: Obj) -> bool:
    """Blocking restrictions (CR 509.1b) of effects and static abilities."""
    s = g.s
    for e in s.effects:
        if e.kind == "cant_block" and e.obj == blocker.id:
            return False
        if (e.kind == "cant_be_blocked_by" and e.obj == attacker.id
                and targeting.matches(g, blocker, getattr(e, "filter", None), e.player or 0)):
            return False
    for src in _permanents(g, _statics("unblockable_except")):
        for st in ab.static(g, src):
            if (st.kind == "unblockable_except" and attacker.controller == src.controller
                    and not targeting.matches(g, blocker, st.filter, src.controller)):  # type: ignore[attr-defined]
                return False
    for src in _permanents(g, _statics("unblockable_alone")):
        if src.id == attacker.id and s.combat is not None and len(s.combat.attackers) == 1:
            return False  # CR 506.5: attacking alone
    return True


combat.BLOCK_RESTRICTIONS.append(_block_ok)


def _sba_unattach_equipment(g: Game) -> list[sba.Action]:
    """CR 704.5n: an Equipment attached to an illegal permanent or to one no longer on the
    battlefield becomes unattached (it stays on the battlefield)."""
    s = g.s
    out = []
    for oid in s.battlefield:
        o = s.objs[oid]
        if o.attached_to is None or "Equipment" not in o.card.subtypes:
            continue
        host = s.objs.get(o.attached_to)
        if host is None or host.zone != "battlefield" or not ch.is_creature(host):

            def run(g: Game, eq: int = oid) -> None:
                e = g.s.objs.get(eq)
                if e is not None and e.attached_to is not None:
                    e.attached_to = None
                    g.emit(ev.Note(rule="704.5n", message=f"{e.name} becomes unattached"))

            out.append(sba.Action("hook", "704.5n", obj=oid, reason="Equipment attached to nothing", run=run))
    return out


sba.HOOKS.append(_sba_unattach_equipment)


# ----------------------------------------------------------------------------- triggers


def _add(g: Game, o: Obj, a: m.Triggered, controller: int, **data: Any) -> None:
    """Record that ``a`` of ``o`` triggered (with its intervening "if", CR 603.4), at most once
    each turn if it says so."""
    w = a.when
    if getattr(w, "once_each_turn", False):
        once = g.s.extra.setdefault(ONCE, {})
        if once.get((o.id, a.uid)) == g.s.turn:
            return
        if a.if_ is None or resolve.condition_holds(g, a.if_, controller):
            once[(o.id, a.uid)] = g.s.turn
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
                _add(g, src, a, src.controller, damaged=e.target_player, object=src.id)
    if e.target_obj is not None and e.target_obj in s.objs:
        o = s.objs[e.target_obj]
        if not any(a.when.event == "dealt_damage" for a in ab.triggered(g, o)):
            return
        if e.combat:  # simultaneous combat damage is one event: trigger once, when it is all dealt
            batch = s.extra.setdefault(DAMAGED, [])
            if o.id not in batch:
                batch.append(o.id)
            return
        for a in ab.triggered(g, o):
            if a.when.event == "dealt_damage":
                _add(g, o, a, o.controller, object=o.id)


def _on_combat_damage(g: Game, e: ev.CombatDamageDealt) -> None:
    s = g.s
    for oid in s.extra.pop(DAMAGED, []):
        o = s.objs.get(oid)
        if o is not None:
            for a in ab.triggered(g, o):
                if a.when.event == "dealt_damage":
                    _add(g, o, a, o.controller, object=o.id)
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
        s.extra.get(ONCE, {}).pop((e.obj, t.ability.uid), None)  # type: ignore[union-attr]


def _on_sacrifice(g: Game, e: ev.ZoneChanged, lki: dict[str, Any]) -> None:
    """"Whenever you sacrifice a [filter]" looks back in time (CR 603.10a)."""
    card: CardDef = lki["card"]
    for o, a in _with_event(g, "sacrifice"):
        flt = a.when.filter
        if lki["controller"] != o.controller:
            continue
        if flt is not None and (flt.types and not flt.types & card.types
                                or flt.subtypes and not flt.subtypes & card.subtypes):
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
        _attack_power(g, player)  # record it as declared, before anything changes it
    attacked = s.extra.setdefault(ATTACKED, {})
    first = attacked.get(player) != s.turn
    attacked[player] = s.turn
    for o, a in _with_event(g, "you_attack"):
        if first and o.controller == player:  # once per combat (ruling 2021-07-23)
            _add(g, o, a, o.controller)
    for o, a in _with_event(g, "equipped_attacks"):
        if o.attached_to == e.attacker:
            _add(g, o, a, o.controller, object=e.attacker, defending=_defending(g, e.attacker))


def _targeted(g: Game, item: StackItem | None) -> None:
    """Ward (CR 702.21a): a permanent with a ``becomes_target`` ability becomes the target of
    a spell or ability an opponent controls (or anyone's, ``whose="any"``) — each such
    permanent it targets triggers."""
    if item is None or not item.targets:
        return
    targets = [tuple(t) for t in item.targets]
    for o, a in _with_event(g, "becomes_target"):
        # ``whose="any"``: "becomes the target of a spell or ability" (anyone's, Phantasmal Image).
        if ("o", o.id) in targets and (a.when.whose == "any" or targeting._is_opponent(g, o.controller,
                                                                                      item.controller)):
            _add(g, o, a, o.controller, target_item=item.id)


def _on_activated(g: Game, e: ev.AbilityActivated) -> None:
    _targeted(g, g.s.stack[-1] if g.s.stack else None)


def _on_triggered(g: Game, e: ev.AbilityTriggered) -> None:
    _targeted(g, g.s.stack[-1] if g.s.stack else None)


def _on_cast(g: Game, e: ev.SpellCast) -> None:
    s = g.s
    spell = s.objs.get(e.obj)
    if spell is None:
        return
    _targeted(g, next((it for it in s.stack if it.obj == e.obj), None))
    if e.copy:
        return
    for o, a in _with_event(g, "cast_once"):
        if o.controller == e.player and targeting.matches(g, spell, a.when.filter, o.controller, o.id):
            _add(g, o, a, o.controller, spell=e.obj)


def _on_tapped(g: Game, e: ev.Tapped) -> None:
    """"Whenever [this] becomes untapped" (Immovable Rod; CR 603.2), whatever untapped it."""
    o = g.s.objs.get(e.obj)
    if e.tapped or o is None or o.zone != "battlefield":
        return
    for a in ab.triggered(g, o):
        if a.when.event == "becomes_untapped":
            _add(g, o, a, o.controller, object=o.id)


_BY_KIND: dict[str, Callable[[Game, Any], None]] = {
    "tapped": _on_tapped, "damage_dealt": _on_damage, "combat_damage_dealt": _on_combat_damage, "dungeon_completed": _on_completed,
    "zone_changed": _on_zone_change, "attack_declared": _on_attack, "spell_cast": _on_cast,
    "ability_activated": _on_activated, "ability_triggered": _on_triggered,
}


def watch(g: Game, e: ev.Event) -> None:
    fn = _BY_KIND.get(e.kind)
    if fn is not None:
        fn(g, e)


triggers.GLOBAL_WATCHERS.append(watch)


# ----------------------------------------------------------------------------- effects


@handles(ma.ReturnSourceCard)
def h_return_source(g: Game, job: Job, item: StackItem, e: ma.ReturnSourceCard, key: str) -> None:
    o = g.s.objs.get(item.source) if item.source is not None else None
    if o is None or o.zone != e.from_zone:  # CR 400.7: a new object, or gone
        return
    verb = "returns to its owner's hand" if e.to == "hand" else f"is put into the {e.to}"
    zones.move(g, o.id, e.to, rule="608.2c", verb=verb)


@handles(ma.ReturnUpToOne)
def h_return_up_to_one(g: Game, job: Job, item: StackItem, e: ma.ReturnUpToOne, key: str) -> None:
    p = item.controller
    if e.if_ is not None and not resolve.condition_holds(g, e.if_, p):
        return
    s = g.s
    cands = [c for c in s.players[p].graveyard if targeting.matches(g, s.objs[c], e.filter, p)]
    if not cands:
        return
    opts = distinct_card_options(g, cands)
    chosen = g.ask(job, key + ":up_to_one", p, "choose_card", f"{g.player_name(p)}: return up to one card",
                   opts + [Option("none", None)])
    if chosen is not None:
        if e.to == "battlefield":
            zones.put_onto_battlefield(g, chosen, p, rule="608.2c")
        else:
            zones.move(g, chosen, e.to, rule="608.2c", verb=f"is put into its owner's {e.to}")


@handles(ma.TokenUnlessSacrifice)
def h_token_unless_sacrifice(g: Game, job: Job, item: StackItem, e: ma.TokenUnlessSacrifice, key: str) -> None:
    """Each opponent in turn order chooses whether to sacrifice, knowing the earlier choices;
    then the sacrifices and token creations happen at once (ruling 2021-07-23, Acererak)."""
    s = g.s
    me = item.controller
    opponents = [p for p in _apnap(g, s.living()) if targeting._is_opponent(g, me, p)]
    sacrificed: list[int] = []
    tokens = 0
    for p in opponents:
        pool = [oid for oid in s.battlefield if s.objs[oid].controller == p
                and targeting.matches(g, s.objs[oid], e.filter, p)]
        opts = [Option(f"sacrifice {s.objs[c].name}", c) for c in pool]
        opts.append(Option(f"{g.player_name(me)} creates a {e.token} token", None))
        v = g.ask(job, f"{key}:u{p}", p, "unless_cost",
                  f"{g.player_name(p)}: sacrifice a creature, or {g.player_name(me)} creates a {e.token} token",
                  opts, {"unless": "sacrifice"})
        if v is None:
            tokens += 1
        else:
            sacrificed.append(v)
    with zones.simultaneously(g):
        for c in sacrificed:
            zones.move(g, c, "graveyard", rule="701.21a", verb="is sacrificed")
    for _ in range(tokens):
        create_token(g, e.token, me)


def _eot(g: Game, kind: str, oid: int, player: int, description: str, rule: str = "611.2a",
         **kw: Any) -> None:
    g.s.effects.append(FilteredEffect(kind, oid, player=player, timestamp=g.s.next_timestamp(), **kw))
    g.emit(ev.EffectBegan(rule=rule, description=description))


@handles(ma.CantBeBlockedBy)
def h_cant_be_blocked_by(g: Game, job: Job, item: StackItem, e: ma.CantBeBlockedBy, key: str) -> None:
    what = " or ".join(sorted(e.filter.subtypes | e.filter.types)) or "creatures"
    for oid in ref_objects(g, e.what, item, job):
        _eot(g, "cant_be_blocked_by", oid, item.controller,
             f"{g.s.objs[oid].name} can't be blocked by {what}s this turn", filter=e.filter)


@handles(ma.CantBlock)
def h_cant_block(g: Game, job: Job, item: StackItem, e: ma.CantBlock, key: str) -> None:
    for oid in ref_objects(g, e.what, item, job):
        _eot(g, "cant_block", oid, item.controller, f"{g.s.objs[oid].name} can't block this turn")


@handles(ma.DoesntUntapNext)
def h_doesnt_untap(g: Game, job: Job, item: StackItem, e: ma.DoesntUntapNext, key: str) -> None:
    for oid in ref_objects(g, e.what, item, job):
        o = g.s.objs[oid]
        # Lasts until its controller's next untap step (turn.begin_step uses it up).
        g.s.effects.append(ContinuousEffect("doesnt_untap_next", oid, until="untap", player=o.controller,
                                            timestamp=g.s.next_timestamp()))
        g.emit(ev.EffectBegan(rule="611.2a", description=f"{o.name} doesn't untap during "
                                                         f"{g.player_name(o.controller)}'s next untap step"))


@handles(ma.LoseAllAbilitiesWhileTapped)
def h_lose_all_abilities(g: Game, job: Job, item: StackItem, e: ma.LoseAllAbilitiesWhileTapped, key: str) -> None:
    s = g.s
    src = s.objs.get(item.source) if item.source is not None else None
    if src is None or src.zone != "battlefield" or not src.tapped:
        # CR 611.2b: "for as long as [it] remains tapped" — it isn't, so the effect does nothing.
        g.emit(ev.Note(rule="611.2b", message=f"{item.source_name} isn't tapped: its effect does nothing"))
        return
    for oid in ref_objects(g, e.what, item, job):
        o = s.objs[oid]
        kinds = (ch.LOSE, "cant_attack", "cant_block") if e.cant_attack_or_block else (ch.LOSE,)
        for kind in kinds:
            s.effects.append(ContinuousEffect(kind, oid, until="source_tapped", player=item.controller,
                                              source=src.id, timestamp=s.next_timestamp()))
        what = "loses all abilities" + (" and can't attack or block" if e.cant_attack_or_block else "")
        g.emit(ev.EffectBegan(rule="613.1f", description=f"{o.name} {what} for as long as {src.name} "
                                                         "remains tapped"))


@handles(ma.AttachTo)
def h_attach(g: Game, job: Job, item: StackItem, e: ma.AttachTo, key: str) -> None:
    s = g.s
    src = s.objs.get(item.source) if item.source is not None else None
    if src is None or src.zone != "battlefield":
        return
    for oid in ref_objects(g, e.what, item, job):
        if src.attached_to == oid:  # CR 701.3b: already attached to it: nothing happens
            return
        src.attached_to = oid
        src.timestamp = s.next_timestamp()  # CR 701.3c
        g.emit(ev.Note(rule="701.3a", message=f"{src.name} becomes attached to {s.objs[oid].name}"))


@handles(ma.BecomeUntilEOT)
def h_become(g: Game, job: Job, item: StackItem, e: ma.BecomeUntilEOT, key: str) -> None:
    """Layer 4 (loses its other creature types, CR 205.1b), layer 6 (gains keywords) and
    layer 7b (base power and toughness, CR 613.4b), until end of turn."""
    s = g.s
    for oid in ref_objects(g, e.what, item, job):
        o = s.objs[oid]
        types = (ch.subtypes(g, o) & NONCREATURE_SUBTYPES) | {e.creature_type}
        s.effects.append(FilteredEffect("set_base_pt", oid, e.base[0], e.base[1], player=item.controller,
                                        timestamp=s.next_timestamp(), subtypes=frozenset(types)))
        if e.keywords:
            s.effects.append(ContinuousEffect("pump", oid, 0, 0, e.keywords, "eot", player=item.controller,
                                              timestamp=s.next_timestamp()))
        kw = f" with {', '.join(sorted(e.keywords))}" if e.keywords else ""
        g.emit(ev.EffectBegan(rule="613.4b", description=f"{o.name} becomes a {e.creature_type} with base power "
                                                         f"and toughness {e.base[0]}/{e.base[1]}{kw} until end of turn"))



# Ward's counter (ma.CounterUnlessPays) is resolved by undercity.engine.ward (CR 702.21a).


@handles(ma.LookRevealToHand)
def h_look_reveal_to_hand(g: Game, job: Job, item: StackItem, e: ma.LookRevealToHand, key: str) -> None:
    s = g.s
    p = item.controller
    lib = s.players[p].library
    top = list(lib[:e.n])
    if not top:
        return
    opts: list[Option] = []
    seen: set[str] = set()
    for c in top:  # identical cards are the same choice
        if targeting.matches(g, s.objs[c], e.filter, p) and s.objs[c].name not in seen:
            seen.add(s.objs[c].name)
            opts.append(Option(f"reveal {s.objs[c].name} and put it into your hand", c))
    opts.append(Option("reveal nothing", None))
    chosen = g.ask(job, key + ":reveal", p, "choose_card", f"{g.player_name(p)}: look at the top {len(top)} cards",
                   opts, {"looked_at": [s.objs[c].name for c in top]})
    rest = [c for c in top if c != chosen]
    s.rng.shuffle(rest)  # "in a random order"
    g.emit(ev.LookedAt(rule="608.2c", player=p, cards=tuple(s.objs[c].name for c in top), count=len(top),
                       private_to=p, bottom=tuple(s.objs[c].name for c in rest)))
    legendary = False
    if chosen is not None:
        card = s.objs[chosen]
        legendary = "Legendary" in card.card.supertypes
        g.emit(ev.Revealed(rule="701.20a", player=p, cards=(card.name,)))
        zones.move(g, chosen, "hand", rule="608.2c", verb="is put into its owner's hand")
    for c in rest:  # to the bottom, in a random order
        lib.remove(c)
        lib.append(c)
    if legendary and e.legendary_life:
        change_life(g, p, e.legendary_life, "119.3")


@handles(ma.GetEmblem)
def h_get_emblem(g: Game, job: Job, item: StackItem, e: ma.GetEmblem, key: str) -> None:
    """CR 114.2: the emblem is owned and controlled by that player, in the command zone."""
    g.s.extra.setdefault(ch.EMBLEMS, []).append((item.controller, e.kind))
    g.emit(ev.Note(rule="114.2", message=f'{g.player_name(item.controller)} gets an emblem with "{e.text}"'))
