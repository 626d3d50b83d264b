"""Handlers and rules hooks for the initiative cards of Commander Legends: Battle for Baldur's
Gate (issue 5): the effects, triggers and static abilities of :mod:`undercity.cards.model_clb`.

What this module registers, and where:

* effect handlers (``@handles``), as in :mod:`undercity.engine.effects`;
* a trigger watcher (:data:`triggers.GLOBAL_WATCHERS`) for "whenever you attack the player
  who has the initiative" (CR 508.3e) and "becomes blocked [by a creature]" (CR 509.3c-d) —
  "whenever you attack", "whenever you complete a dungeon" and ward's "becomes the target"
  are those of :mod:`undercity.engine.effects_afr`;
* the conditions ``initiative_in_attack`` and ``creature_card_to_your_graveyard_this_turn``
  (:data:`resolve.CONDITION_HOOKS`);
* static abilities: damage by toughness (:data:`combat.ASSIGNS_BY_TOUGHNESS`, CR 510.1a),
  protection from creatures (CR 702.16b, e, f: :data:`targeting.SOURCE_TARGET_RESTRICTIONS`,
  :data:`effects.PREVENTION_HOOKS`, :data:`combat.BLOCK_RESTRICTIONS`);
* conditional mana abilities (:data:`costs.MANA_HOOKS`);
* "you may play that card this turn [without paying its mana cost]" from exile
  (:data:`priority.OPTION_HOOKS`; CR 118.9, 305.1, 601.2).

Equip (CR 702.6a) is ``AttachTo`` of :mod:`undercity.cards.model_afr`, and state-based action
704.5n for Equipment is in :mod:`undercity.engine.effects_afr`.

Like every handler, each asks its questions (``g.ask``) before it changes anything, or keeps
a done-marker in ``job.data`` so that a re-run after an answer doesn't repeat a change.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from undercity.cards import model as m
from undercity.cards import model_clb as mc
from undercity.engine import (
    casting,
    combat,
    costs,
    priority,
    resolve,
    targeting,
    triggers,
    zones,
)
from undercity.engine import characteristics as ch
from undercity.engine import effects as fx
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.engine.effects import (
    amount,
    change_life,
    distinct_card_options,
    handles,
    ref_objects,
    run_in_order,
)
from undercity.engine.state import ContinuousEffect, Job, StackItem
from undercity.engine.teams import is_active

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

PROTECTION_FROM_CREATURES = "protection from creatures"
#: ``State.extra`` key: exiled object id -> (player, turn, free) — "you may play that card this
#: turn [without paying its mana cost]" (Caves of Chaos Adventurer).
PLAY_THIS_TURN = "play_this_turn"


# ----------------------------------------------------------------------------- conditions


def _initiative_in_attack(g: Game, cond: m.Condition, controller: int) -> bool:
    """"If you or a player you're attacking has the initiative" (Undercellar Sweep): a player
    you're attacking is one a creature you control is attacking (not their planeswalkers)."""
    s = g.s
    holder = s.initiative
    if holder is None:
        return False
    if holder == controller:
        return True
    c = s.combat
    return c is not None and any(d == ("p", holder) and a in s.objs and s.objs[a].controller == controller
                                 for a, d in c.attackers.items())


resolve.CONDITION_HOOKS["initiative_in_attack"] = _initiative_in_attack

#: ``State.extra`` key: player -> the last turn a creature card was put into their graveyard.
CREATURE_CARD_TO_GRAVEYARD = "clb_creature_card_to_graveyard_turn"


def _creature_card_to_graveyard(g: Game, cond: m.Condition, controller: int) -> bool:
    """"If a creature card was put into your graveyard from anywhere this turn" (Cloakwood
    Hermit; CR 603.4): a card — not a token (CR 111.7) — from any zone."""
    return g.s.extra.get(CREATURE_CARD_TO_GRAVEYARD, {}).get(controller) == g.s.turn


resolve.CONDITION_HOOKS["creature_card_to_your_graveyard_this_turn"] = _creature_card_to_graveyard


def _on_zone_changed(g: Game, e: ev.ZoneChanged) -> None:
    if e.to_zone != "graveyard" or e.token:
        return
    new = g.s.objs.get(e.new_obj)
    if new is not None and "Creature" in new.card.types:
        g.s.extra.setdefault(CREATURE_CARD_TO_GRAVEYARD, {})[new.owner] = g.s.turn


def _holds(g: Game, cond: m.Condition | None, controller: int) -> bool:
    return resolve.condition_holds(g, cond, controller)


# ----------------------------------------------------------------------------- effects


@handles(mc.IfElse)
def h_if_else(g: Game, job: Job, item: StackItem, e: mc.IfElse, key: str) -> None:
    """The condition is checked once, as this part of the effect begins (CR 608.2c); the
    chosen effects then run in order, each at most once even if the job runs again."""
    ck = key + ":if"
    if ck not in job.data:
        job.data[ck] = _holds(g, e.cond, item.controller)
    run_in_order(g, job, item, e.then if job.data[ck] else e.otherwise, key)


@handles(mc.AddManaIf)
def h_add_mana_if(g: Game, job: Job, item: StackItem, e: mc.AddManaIf, key: str) -> None:
    mana = e.mana_if if _holds(g, e.cond, item.controller) else e.mana
    pool = g.s.players[item.controller].pool
    for c in mana:
        pool[c] = pool.get(c, 0) + 1


@handles(mc.DoubleToughness)
def h_double_toughness(g: Game, job: Job, item: StackItem, e: mc.DoubleToughness, key: str) -> None:
    """CR 701.10b-c: each gets +0/+X, X its toughness as this resolves (a negative toughness
    gets more negative: -0/-X). All the values are taken before any changes."""
    s = g.s
    plan = [(oid, ch.toughness(g, s.objs[oid])) for oid in ref_objects(g, e.what, item, job)]
    for oid, t in plan:
        s.effects.append(ContinuousEffect("pump", oid, 0, t, frozenset(), "eot", timestamp=s.next_timestamp()))
        g.emit(ev.EffectBegan(rule="701.10b", description=f"{s.objs[oid].name}'s toughness is doubled: it gets "
                                                          f"+0/{t:+d} until end of turn"))


@handles(mc.Explore)
def h_explore(g: Game, job: Job, item: StackItem, e: mc.Explore, key: str) -> None:
    """CR 701.44a: its controller reveals the top card of their library; a land goes to their
    hand; otherwise the permanent gets a +1/+1 counter and they may put the card into their
    graveyard. With no card to reveal it still gets the counter (ruling on explore)."""
    s = g.s
    ids = ref_objects(g, e.what, item, job)
    if not ids:
        return
    oid = ids[0]
    player = s.objs[oid].controller
    rk = key + ":top"
    if rk not in job.data:
        lib = s.players[player].library
        job.data[rk] = lib[0] if lib else None
        if lib:
            g.emit(ev.Revealed(rule="701.44a", player=player, cards=(s.objs[lib[0]].name,)))
        else:
            g.emit(ev.Note(rule="701.44a", message=f"{g.player_name(player)} has no card to reveal"))
    top = job.data[rk]
    if top is not None and "Land" in s.objs[top].card.types:
        zones.move(g, top, "hand", rule="701.44a", verb="is put into its owner's hand")
        return
    to_graveyard = False
    if top is not None:
        name = s.objs[top].name
        to_graveyard = g.ask(job, key + ":gy", player, "explore", f"{g.player_name(player)}: {s.objs[oid].name} "
                             f"explores — put {name} into your graveyard?",
                             [Option(f"put {name} into the graveyard", True),
                              Option(f"leave {name} on top of the library", False)])
    if oid in s.objs and s.objs[oid].zone == "battlefield":
        zones.add_counters(g, s.objs[oid], "+1/+1", 1, "701.44a")
    if to_graveyard:
        zones.move(g, top, "graveyard", rule="701.44a", verb="is put into the graveyard")


@handles(mc.Untap)
def h_untap(g: Game, job: Job, item: StackItem, e: mc.Untap, key: str) -> None:
    for oid in ref_objects(g, e.what, item, job):
        zones.set_tapped(g, g.s.objs[oid], False, "608.2c")


@handles(mc.UntapOne)
def h_untap_one(g: Game, job: Job, item: StackItem, e: mc.UntapOne, key: str) -> None:
    """"Untap a creature you control": chosen as this resolves (tapped or not, CR 608.2c)."""
    s = g.s
    p = item.controller
    mine = [oid for oid in s.battlefield if s.objs[oid].controller == p
            and targeting.matches(g, s.objs[oid], e.filter, p, item.source)]
    if not mine:
        return
    oid = g.ask(job, key, p, "untap", f"{g.player_name(p)}: untap a creature you control",
                [Option(f"untap {s.objs[x].name}{' (untapped)' if not s.objs[x].tapped else ''}", x) for x in mine])
    zones.set_tapped(g, s.objs[oid], False, "608.2c")


@handles(mc.CreateTokensAttacking)
def h_tokens_attacking(g: Game, job: Job, item: StackItem, e: mc.CreateTokensAttacking, key: str) -> None:
    """CR 508.4: the tokens enter tapped and attacking; their controller chooses, for each,
    which defending player or planeswalker it attacks. Not an attacking player (or no combat):
    they enter tapped but never attacking (CR 506.3b)."""
    from undercity.cards.registry import get_token

    s = g.s
    p = item.controller
    n = amount(g, e.n, item, job)
    name = get_token(e.token).name
    attacking = s.combat is not None and is_active(g, p)
    defs = combat.defenders_for(g, p) if attacking else []
    chosen: list[Any] = []
    for k in range(n):
        if defs:
            chosen.append(g.ask(job, f"{key}:d{k}", p, "attack_target", f"what does {name} token {k + 1} attack?",
                                [Option(f"{name} token attacks {targeting.describe(g, d)}", d) for d in defs]))
        else:
            chosen.append(None)
    for d in chosen:
        o = fx.create_token(g, e.token, p)
        o.tapped = True  # enters tapped: it never "becomes tapped"
        if d is not None and s.combat is not None:
            s.combat.attackers[o.id] = tuple(d)  # type: ignore[assignment]
            g.emit(ev.Note(rule="508.4", message=f"{o.name} enters tapped and attacking "
                                                 f"{targeting.describe(g, tuple(d))}"))  # type: ignore[arg-type]
        else:
            g.emit(ev.Note(rule="506.3b", message=f"{o.name} enters tapped (not attacking)"))


@handles(mc.SearchAny)
def h_search_any(g: Game, job: Job, item: StackItem, e: mc.SearchAny, key: str) -> None:
    """Search for up to ``n`` cards each matching one of the filters ("basic land cards and/or
    Gate cards"), put them onto the battlefield (tapped), then shuffle (CR 701.23)."""
    s = g.s
    p = item.controller
    lib = s.players[p].library
    found: list[int] = []
    for k in range(e.n):
        opts = distinct_card_options(g, (c for c in lib if c not in found and any(
            targeting.matches(g, s.objs[c], f, p) for f in e.filters)))
        opts.append(Option("find nothing more", None))
        v = g.ask(job, f"{key}:s{k}", p, "search", f"{g.player_name(p)}: search your library", opts)
        if v is None:
            break
        found.append(v)
    for c in found:
        zones.put_onto_battlefield(g, c, p, rule="701.23a", tapped=e.tapped)
    zones.shuffle(g, p)


@handles(mc.DamageBlockers)
def h_damage_blockers(g: Game, job: Job, item: StackItem, e: mc.DamageBlockers, key: str) -> None:
    """The attacking creature deals the damage (its deathtouch and lifelink apply) to each
    creature blocking it now; if it has left the battlefield, none is blocking it."""
    s = g.s
    n = amount(g, e.n, item, job)
    c = s.combat
    for att in ref_objects(g, e.of, item, job):
        blockers = [b for b in (c.blocked_by.get(att, []) if c else []) if b in s.objs]
        for b in blockers:
            fx.deal_damage(g, att, s.objs[att].name, ("o", b), n)


def _object_or_lki_controller(g: Game, ref: m.Ref, item: StackItem, job: Job) -> list[int]:
    s = g.s
    if ref.kind == "trigger_blocker":
        oid = item.trigger_data.get("blocker")
        if oid in s.objs:
            return [s.objs[oid].controller]
        lki = s.lki.get(oid)
        return [lki["controller"]] if lki else []
    return [s.objs[oid].controller for oid in ref_objects(g, ref, item, job)]


@handles(mc.ControllerLosesLife)
def h_controller_loses(g: Game, job: Job, item: StackItem, e: mc.ControllerLosesLife, key: str) -> None:
    n = amount(g, e.n, item, job)
    for p in _object_or_lki_controller(g, e.of, item, job):
        if not g.s.players[p].left:
            change_life(g, p, -n, "119.3")


@handles(mc.ExileTopPlayThisTurn)
def h_exile_top_play(g: Game, job: Job, item: StackItem, e: mc.ExileTopPlayThisTurn, key: str) -> None:
    """Exile the top card; its owner may play it this turn, without paying its mana cost if
    ``free_if`` holds as this resolves — and then only that way (rulings, Caves of Chaos
    Adventurer). Offered by :func:`_play_options`."""
    s = g.s
    p = item.controller
    lib = s.players[p].library
    if not lib:
        return
    free = e.free_if is not None and _holds(g, e.free_if, p)
    new = zones.move(g, lib[0], "exile", rule="701.13a", verb="is exiled")
    if new is None:
        return
    s.extra.setdefault(PLAY_THIS_TURN, {})[new.id] = (p, s.turn, free)
    how = " without paying its mana cost" if free else ""
    g.emit(ev.EffectBegan(rule="611.2a", description=f"{g.player_name(p)} may play {new.name} this turn{how}"))


@handles(mc.ExileUntilNonlandCastFree)
def h_exile_until_cast(g: Game, job: Job, item: StackItem, e: mc.ExileUntilNonlandCastFree, key: str) -> None:
    """Exile from the top until a nonland card is exiled; its controller may cast it without
    paying its mana cost (CR 118.9) as this ability resolves (CR 608.2g, timing ignored). Cast
    as the ability finishes resolving, like Mad Wizard's Lair (effects_more)."""
    s = g.s
    p = item.controller
    dk = key + ":exiled"
    if dk not in job.data:
        card = None
        while s.players[p].library:
            new = zones.move(g, s.players[p].library[0], "exile", rule="701.13a", verb="is exiled")
            if new is not None and "Land" not in new.card.types:
                card = new.id
                break
        job.data[dk] = card
    card = job.data[dk]
    if card is None or card not in s.objs or s.objs[card].zone != "exile":
        return
    o = s.objs[card]
    if not casting.castable(g, p, o, free=True):
        g.emit(ev.Note(rule="608.2g", message=f"{o.name} can't be cast now; it stays exiled"))
        return
    yes = g.ask(job, key + ":cast", p, "cast_free", f"{g.player_name(p)}: cast {o.name} without paying its mana cost?",
                [Option(f"cast {o.name} without paying its mana cost", True), Option("don't cast it", False)])
    if yes:
        g.push("cast", player=p, obj=card, alt=None, free=True)


# ----------------------------------------------------------------------------- playing from exile


def _play_options(g: Game, player: int) -> list[Option]:
    """Cards exiled with "you may play that card this turn": play a land (CR 305.1: normal
    timing, a land play), cast a spell at its normal timing — paying its costs, or without
    paying its mana cost (CR 118.9) when that is the permission."""
    s = g.s
    perms = s.extra.get(PLAY_THIS_TURN)
    if not perms:
        return []
    p = s.players[player]
    out = []
    for oid, (who, turn, free) in perms.items():
        o = s.objs.get(oid)
        if who != player or turn != s.turn or o is None or o.zone != "exile":
            continue
        if "Land" in o.card.types:
            if casting.sorcery_timing(g, player) and p.lands_played < priority.LANDS_PER_TURN:
                out.append(Option(f"play {o.name} from exile", ("play", oid)))
            continue
        if not casting.timing_ok(g, player, o.card):
            continue
        if free:
            if casting.castable(g, player, o, free=True):
                out.append(Option(f"cast {o.name} from exile without paying its mana cost",
                                  ("cast", oid, priority.FREE)))
        elif casting.castable(g, player, o):
            out.append(Option(f"cast {o.name} from exile", ("cast", oid, None)))
    return out


priority.OPTION_HOOKS.append(_play_options)


# ----------------------------------------------------------------------------- static abilities


@lru_cache(maxsize=4096)
def _static_kinds(card: CardDef) -> frozenset[str]:
    return frozenset(st.kind for st in card.static)


def _by_toughness_source(card: CardDef) -> bool:
    return "assigns_damage_by_toughness" in _static_kinds(card)


def _assigns_by_toughness(g: Game, o: Obj) -> bool:
    """Rasaad yn Bashir: "Each creature you control assigns combat damage equal to its
    toughness rather than its power" (CR 510.1a)."""
    s = g.s
    return any(s.objs[sid].controller == o.controller for sid in ch.permanents_with(s, _by_toughness_source))


combat.ASSIGNS_BY_TOUGHNESS.append(_assigns_by_toughness)


def _is_creature_source(g: Game, source: int | None) -> bool:
    if source is None:
        return False
    o = g.s.objs.get(source)
    if o is not None:
        return ch.is_creature(o)
    lki = g.s.lki.get(source)
    return bool(lki) and "Creature" in lki["types"]


def _protected(g: Game, o: Obj) -> bool:
    return PROTECTION_FROM_CREATURES in ch.keywords(g, o)


def _may_target(g: Game, o: Obj, source: int | None) -> bool:
    """CR 702.16b: not the target of abilities from creature sources (or creature spells)."""
    return not (_is_creature_source(g, source) and _protected(g, o))


def _prevents(g: Game, source: int | None, target: Any) -> bool:
    """CR 702.16e: damage from creature sources is prevented."""
    if target[0] != "o" or target[1] not in g.s.objs:
        return False
    return _is_creature_source(g, source) and _protected(g, g.s.objs[target[1]])


def _may_block(g: Game, blocker: Obj, attacker: Obj) -> bool:
    """CR 702.16f: an attacking creature with protection from creatures can't be blocked by
    creatures."""
    return not (ch.is_creature(blocker) and _protected(g, attacker))


targeting.SOURCE_TARGET_RESTRICTIONS.append(_may_target)
fx.PREVENTION_HOOKS.append(_prevents)
combat.BLOCK_RESTRICTIONS.append(_may_block)


def _conditional_mana(g: Game, o: Obj, eff: m.AddMana) -> str | None:
    if isinstance(eff, mc.AddManaIf):
        return eff.mana_if if _holds(g, eff.cond, o.controller) else eff.mana
    return None


costs.MANA_HOOKS.append(_conditional_mana)


# ----------------------------------------------------------------------------- triggers


_CLB_TRIGGERS = (mc.AttackPlayer, mc.BecomesBlocked)


@lru_cache(maxsize=4096)
def _clb_triggered(card: CardDef) -> tuple[m.Triggered, ...]:
    return tuple(a for a in card.triggered if isinstance(a.when, _CLB_TRIGGERS))


def _has_clb_trigger(card: CardDef) -> bool:
    return bool(_clb_triggered(card))


def _watching(g: Game) -> list[tuple[Obj, m.Triggered]]:
    s = g.s
    return [(s.objs[oid], a) for oid in ch.permanents_with(s, _has_clb_trigger) for a in _clb_triggered(s.objs[oid].card)]


def _on_attack(g: Game, e: ev.AttackDeclared) -> None:
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
        if isinstance(a.when, mc.AttackPlayer) and a.when.defender == "initiative" and o.controller == e.player:
            triggers._add(g, o, a, o.controller, o.name)


def _on_block(g: Game, e: ev.BlockDeclared) -> None:
    """"Becomes blocked by a creature": once per blocker (CR 509.3d). "Becomes blocked":
    once, with the first blocker declared for it (CR 509.3c)."""
    c = g.s.combat
    for o, a in _watching(g):
        w = a.when
        if not isinstance(w, mc.BecomesBlocked):
            continue
        creature = o.attached_to if w.equipped else o.id
        if creature != e.attacker:
            continue
        if w.by_each:
            triggers._add(g, o, a, o.controller, o.name, object=e.attacker, blocker=e.blocker)
        elif c is not None and c.blocked_by.get(e.attacker, [None])[0] == e.blocker:
            triggers._add(g, o, a, o.controller, o.name, object=e.attacker)


def _on_turn(g: Game, e: ev.TurnBegan) -> None:
    """Permissions "this turn" end with the turn."""
    perms = g.s.extra.get(PLAY_THIS_TURN)
    if perms:
        g.s.extra[PLAY_THIS_TURN] = {k: v for k, v in perms.items() if v[1] == g.s.turn}


_BY_KIND: dict[str, Any] = {
    "attack_declared": _on_attack, "block_declared": _on_block, "turn_began": _on_turn,
    "zone_changed": _on_zone_changed,
}


def watch(g: Game, e: ev.Event) -> None:
    fn = _BY_KIND.get(e.kind)
    if fn is not None:
        fn(g, e)


triggers.GLOBAL_WATCHERS.append(watch)
