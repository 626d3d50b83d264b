"""Requirements on attacking (CR 508.1d): which creatures must attack, and whom a goaded one
must attack (CR 701.15b). ``combat`` asks these as attackers are declared: a creature with a
requirement that is able to attack must be declared — every requirement here is one creature's
own, and no cost or restriction in the engine makes obeying one break another, so declaring each
such able creature obeys the maximum number of requirements (508.1d) — and a goaded creature
attacks a player other than those who goaded it if able (701.15b-c).

A creature is goaded by the players recorded on it (a resolved goad, until that player's next
turn, 701.15a) and by the controller of each Aura or Equipment attached to it with "… is goaded"
(:class:`~undercity.cards.language.attack_requirements.IsGoaded`). It must attack each combat
when goaded or when an :class:`~undercity.cards.language.attack_requirements.AttacksEachCombat`
static ability applies to it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from undercity.cards.language.attack_requirements import (
    GOADED_ATTACKS,
    AttackDuringNextTurn,
    AttackEachCombatUntil,
    AttacksEachCombat,
    AttacksOpponentAtRandom,
    CountersThenGoad,
    EachPlayerMayCountersThenGoad,
    GoadEachControlledBy,
    GoadedCantBlock,
    IsGoaded,
)
from undercity.engine import abilities as ab
from undercity.engine import attack_costs, attack_restrictions, targeting, triggers, zones
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.engine.effects import amount, apnap, goad, handles, ref_objects, ref_players
from undercity.engine.state import DURING_NEXT_TURN, FilteredEffect

if TYPE_CHECKING:
    from undercity.cards.model import CardDef, Filter
    from undercity.engine.game import Game
    from undercity.engine.state import Job, Obj, StackItem


@handles(GoadEachControlledBy)
def h_goad_each_controlled_by(g: Game, job: Job, item: StackItem, e: GoadEachControlledBy, key: str) -> None:
    """CR 701.15a, 608.2c: the creatures the player controls as it resolves (Geode Rager's
    ruling: not those that come later)."""
    s = g.s
    players = ref_players(g, e.player, item, job)
    for oid in list(s.battlefield):
        o = s.objs[oid]
        if o.controller in players and targeting.matches(g, o, e.filter, item.controller, item.source):
            goad(g, oid, item.controller)


@triggers.watches("attack_declared")
def _goaded_attacks(g: Game, e: ev.AttackDeclared) -> None:
    """"Whenever a goaded creature attacks" (CR 508.3a): goaded as it is declared."""
    s = g.s
    o = s.objs.get(e.attacker)
    if o is None or not goaded_by(g, o):
        return
    for sid in s.battlefield:
        src = s.objs[sid]
        for a in ab.triggered(g, src):
            if a.when.event == GOADED_ATTACKS:
                triggers._add(g, src, a, src.controller, src.name, object=o.id)


@handles(EachPlayerMayCountersThenGoad)
def h_each_player_counters_then_goad(g: Game, job: Job, item: StackItem, e: EachPlayerMayCountersThenGoad,
                                     key: str) -> None:
    """Every choice first, in APNAP order (CR 101.4), then the counters and the goad."""
    s = g.s
    chosen: list[int] = []
    for p in apnap(g, s.living()):
        mine = [oid for oid in s.battlefield if s.objs[oid].controller == p and ch.is_creature(s.objs[oid], g)]
        if not mine:
            continue
        opts = [Option(f"put {e.n} {e.counter} counters on {s.objs[oid].name}", oid) for oid in mine]
        opts.append(Option("put no counters", None))
        v = g.ask(job, f"{key}:p{p}", p, "choose_card", f"{g.player_name(p)}: put {e.n} {e.counter} counters on a "
                                                         "creature you control?", opts)
        if v is not None:
            chosen.append(v)
    for oid in chosen:
        if oid in s.objs and s.objs[oid].zone == "battlefield":
            zones.add_counters(g, s.objs[oid], e.counter, e.n)
            goad(g, oid, item.controller)


@handles(CountersThenGoad)
def h_counters_then_goad(g: Game, job: Job, item: StackItem, e: CountersThenGoad, key: str) -> None:
    """The counters first, on each object named; then each creature that had them put on it
    "this way" is goaded (CR 608.2c, 701.15a) — not one that left or had none put on it."""
    s = g.s
    n = amount(g, e.n, item, job)
    got = []
    for oid in ref_objects(g, e.what, item, job):
        o = s.objs[oid]
        before = o.counters.get(e.counter, 0)
        zones.add_counters(g, o, e.counter, n)
        if o.counters.get(e.counter, 0) > before:
            got.append(oid)
    for oid in got:
        if oid in s.objs and s.objs[oid].zone == "battlefield" and ch.is_creature(s.objs[oid], g):
            goad(g, oid, item.controller)


def _goads_a_group(card: CardDef) -> bool:
    return any(isinstance(st, IsGoaded) and st.affects.kind == "all" for st in card.static)


def _goads_attached(card: CardDef) -> bool:
    return any(isinstance(st, IsGoaded) and st.affects.kind != "all" for st in card.static)


def goaded_by(g: Game, o: Obj) -> tuple[int, ...]:
    """The players ``o`` is goaded by (CR 701.15b-d: each player once)."""
    out = list(o.goaded_by)
    s = g.s
    # "Enchanted creature is goaded": the permanents whose card or given abilities say so, asked
    # in battlefield order (the players' order is the one attacks are declared with).
    attached = ab.with_static(g, ch.permanents_with(s, _goads_attached), IsGoaded)
    if attached:
        for sid in s.battlefield:
            if sid not in attached:
                continue
            src = s.objs[sid]
            if src.attached_to != o.id or src.controller in out:
                continue
            if any(isinstance(st, IsGoaded) and st.affects.kind != "all" for st in ab.static(g, src)):
                out.append(src.controller)
    # "Creatures your opponents control with power less than ~'s power are goaded": goaded by
    # that permanent's controller while the description matches (CR 701.15b, 611.3a).
    for sid in ab.with_static(g, ch.permanents_with(s, _goads_a_group), IsGoaded):
        src = s.objs[sid]
        if src.controller in out:
            continue
        for st in ab.static(g, src):
            if isinstance(st, IsGoaded) and st.affects.kind == "all" and targeting.matches(
                    g, o, st.affects.filter, src.controller, sid):  # an opponent's: not a teammate's (CR 102.3)
                out.append(src.controller)
                break
    return tuple(out)


def _has_attack_requirement(card: CardDef) -> bool:
    return any(isinstance(st, AttacksEachCombat) for st in card.static)


#: ``ContinuousEffect.kind`` of :class:`AttackEachCombatUntil`'s effect.
ATTACK_EACH_COMBAT = "attack_each_combat"


@handles(AttackEachCombatUntil)
def h_attack_each_combat_until(g: Game, job: Job, item: StackItem, e: AttackEachCombatUntil, key: str) -> None:
    """Until its controller's next turn (CR 611.2b; ``turn`` ends "your_next_turn" effects)."""
    g.s.effects.append(FilteredEffect(ATTACK_EACH_COMBAT, None, until="your_next_turn", player=item.controller,
                                      timestamp=g.s.next_timestamp(), source=item.source, filter=e.filter))
    g.emit(ev.EffectBegan(rule="508.1d", description=f"until {g.player_name(item.controller)}'s next turn, "
                                                     "those creatures attack each combat if able"))


@handles(AttackDuringNextTurn)
def h_attack_during_next_turn(g: Game, job: Job, item: StackItem, e: AttackDuringNextTurn, key: str) -> None:
    """During that player's next turn (CR 611.2a: it begins then, ``turn.expire_until_next_turn``),
    the creatures that player controls (the filter from their point of view) must attack."""
    for p in ref_players(g, e.player, item, job):
        g.s.effects.append(FilteredEffect(ATTACK_EACH_COMBAT, None, until=DURING_NEXT_TURN, player=p,
                                          timestamp=g.s.next_timestamp(), source=item.source,
                                          filter=replace(e.filter, controller="you")))
        g.emit(ev.EffectBegan(rule="508.1d", description=f"during {g.player_name(p)}'s next turn, each creature "
                                                         "that player controls attacks if able"))


def _matches_group(g: Game, o: Obj, flt: Filter | None, controller: int, source: int | None) -> bool:
    """``o`` is one of the group a requirement names (from ``controller``'s point of view):
    "creatures your opponents control" are an opponent's, not a teammate's (CR 102.3)."""
    return targeting.matches(g, o, flt, controller, source) and (
        flt is None or flt.controller != "opponent" or targeting._is_opponent(g, controller, o.controller))


def _required(g: Game, o: Obj) -> bool:
    """Whether an "attacks each combat if able" ability or effect applies to ``o``."""
    s = g.s
    if s.effects and any(e.kind == ATTACK_EACH_COMBAT and e.player is not None and e.until != DURING_NEXT_TURN
                         and _matches_group(g, o, getattr(e, "filter", None), e.player, e.source) for e in s.effects):
        return True
    # Only permanents whose card has such an ability, or whose abilities are not their card's
    # now (granted, copied: layers 1 and 6), can have one.
    for sid in ab.with_static(g, ch.permanents_with(s, _has_attack_requirement), AttacksEachCombat):
        src = s.objs[sid]
        for st in ab.static(g, src):
            if not isinstance(st, AttacksEachCombat):
                continue
            if st.affects.kind == "self":
                if sid == o.id:
                    return True
            elif st.affects.kind == "enchanted":  # "Enchanted creature attacks each combat if able"
                if src.attached_to == o.id:
                    return True
            elif st.affects.kind == "all" and _matches_group(g, o, st.affects.filter, src.controller, sid):
                return True
    return False


def _restricts_goaded(card: CardDef) -> bool:
    return any(isinstance(st, GoadedCantBlock) for st in card.static)


def may_block(g: Game, blocker: Obj) -> bool:
    """CR 509.1b: "Goaded creatures your opponents control can't block" (Bothersome Quasit)."""
    s = g.s
    sources = ch.permanents_with(s, _restricts_goaded)
    if not sources or not goaded_by(g, blocker):
        return True
    for sid in sources:
        src = s.objs[sid]
        for st in ab.static(g, src):
            if isinstance(st, GoadedCantBlock) and targeting.matches(g, blocker, st.filter, src.controller, sid) \
                    and (st.filter is None or st.filter.controller != "opponent"
                         or targeting._is_opponent(g, src.controller, blocker.controller)):
                return False
    return True


def must_attack(g: Game, o: Obj) -> bool:
    """Whether ``o`` has a requirement to attack this combat (CR 508.1d, 701.15b)."""
    return bool(goaded_by(g, o)) or _required(g, o) or chosen_defender(g, o) is not None


#: ``State.extra`` key: player -> {creature: the player it attacked} of that player's last
#: declaration of attackers ("during your last combat").
LAST_COMBAT = "attacked_during_last_combat"


def record_attacks(g: Game, players: list[int], declared: list[tuple[int, tuple[str, int]]]) -> None:
    """Whom each creature attacked in this combat of ``players`` (CR 506.2, 508.1): what "didn't
    attack during your last combat" reads at the next one. A planeswalker attacked isn't its
    controller attacked."""
    s = g.s
    last = dict(s.extra.get(LAST_COMBAT, {}))  # a new mapping: copies of the state share the old one
    for p in players:
        last[p] = {oid: d[1] for oid, d in declared if d[0] == "p" and s.objs[oid].controller == p}
    s.extra[LAST_COMBAT] = last


def chosen_defender(g: Game, o: Obj) -> int | None:
    """The player ``o`` attacks this combat if able (Territorial Hellkite), when it is able —
    without a restriction or a cost against it (CR 508.1d: nobody must pay to obey)."""

    c = g.s.combat
    p = c.attacks_if_able.get(o.id) if c is not None else None
    if p is None or g.s.players[p].left or not attack_restrictions.may_attack(g, o, ("p", p)) \
            or attack_costs.tax(g, ("p", p)):
        return None
    return p


@handles(AttacksOpponentAtRandom)
def h_attacks_opponent_at_random(g: Game, job: Job, item: StackItem, e: AttacksOpponentAtRandom, key: str) -> None:
    """CR 508.1d; rulings 2017-08-25 (Territorial Hellkite): chosen at random among the opponents
    it didn't attack in its controller's last combat; none left: it is tapped."""
    s = g.s
    o = s.objs.get(item.source) if item.source is not None else None
    if o is None or o.zone != "battlefield":
        return
    attacked = s.extra.get(LAST_COMBAT, {}).get(item.controller, {}).get(o.id)
    choices = [p for p in s.living() if targeting._is_opponent(g, item.controller, p) and p != attacked]
    if not choices:
        zones.set_tapped(g, o, True, "508.1d")
        return
    p = s.rng.choice(choices)
    g.emit(ev.Note(rule="508.1d", player=item.controller, message=f"{g.player_name(p)} is chosen at random: "
                                                                   f"{o.name} attacks them this combat if able"))
    if s.combat is not None:
        s.combat.attacks_if_able[o.id] = p
