"""Handlers and rules hooks for :mod:`undercity.cards.model_clb_green` (the green Commander cards
of cards/pool/clb_green.py).

What this module registers, and where:

* effect handlers (``@handles``): putting a card from the hand onto the battlefield
  (CR 608.2c), looking at the top card and putting a land onto the battlefield, and mana of
  the commander's color identity (also a mana ability: :data:`costs.MANA_HOOKS`, CR 903.4);
* the conditions ``controls`` and ``total_power`` (:data:`resolve.CONDITION_HOOKS`, CR 603.4);
* "You have no maximum hand size" (:data:`turn.HAND_SIZE_HOOKS`, CR 402.2, 514.1);
* "you may" effects (CR 608.2d), searches for a computed number of cards, the amounts
  ``greatest_power`` and ``times`` (:data:`effects.AMOUNT_HOOKS`);
* "you may pay [cost]. If you do, …" (CR 608.2d);
* a trigger watcher (:data:`triggers.GLOBAL_WATCHERS`) for "whenever a player / an opponent
  casts a spell" (CR 601.2i, 603.2) and "whenever a creature you control deals combat damage
  to a player" (CR 510.2), with the amount ``trigger_amount``.

Like every handler, each asks its questions (``g.ask``) before it changes anything.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from undercity.cards import model as m
from undercity.cards import model_clb_green as mg
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import costs, resolve, targeting, triggers, turn, zones
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.engine.effects import (
    AMOUNT_HOOKS,
    HANDLERS,
    amount,
    distinct_card_options,
    handles,
    ref_players,
    run_in_order,
)
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game
    from undercity.engine.state import Obj


# ----------------------------------------------------------------------------- conditions


def _controls(g: Game, cond: m.Condition, controller: int) -> bool:
    assert isinstance(cond, mg.Controls)
    s = g.s
    n = sum(1 for oid in s.battlefield if s.objs[oid].controller == controller
            and targeting.matches(g, s.objs[oid], cond.filter, controller))
    return n >= cond.n


def _total_power(g: Game, cond: m.Condition, controller: int) -> bool:
    assert isinstance(cond, mg.TotalPower)
    s = g.s
    total = sum(max(ch.power(g, s.objs[oid]), 0) for oid in s.battlefield
                if s.objs[oid].controller == controller and ch.is_creature(s.objs[oid]))
    return total >= cond.n


resolve.CONDITION_HOOKS["controls"] = _controls
resolve.CONDITION_HOOKS["total_power"] = _total_power


# ----------------------------------------------------------------------------- mana


def identity_mana(g: Game, player: int) -> str:
    """The mana "one mana of any color in your commander's color identity" adds for
    ``player`` (CR 903.4): the identity's one color, ``any`` for several, and nothing ("")
    without a commander or with a colorless identity (CR 903.4f)."""
    from undercity.formats.commander import color_identity

    names = g.s.extra.get("commander_names", {})
    colors: frozenset[str] = frozenset()
    for uid in g.s.players[player].commanders:
        if uid in names:
            colors = colors | color_identity(names[uid])
    if not colors:
        return ""  # CR 903.4f: no commander (or a colorless identity): it adds no mana
    return next(iter(colors)) if len(colors) == 1 else "any"


def _per_count(g: Game, player: int, per: m.Filter) -> int:
    s = g.s
    return sum(1 for oid in s.battlefield if s.objs[oid].controller == player
               and targeting.matches(g, s.objs[oid], per, player))


def _identity_mana_hook(g: Game, o: Obj, eff: m.AddMana) -> str | None:
    if isinstance(eff, mg.AddManaIdentity):
        return identity_mana(g, o.controller)
    if isinstance(eff, mg.AddManaPer):
        # At least one: the source counts itself (a creature); a planner source adds >= 1 mana.
        return eff.mana * max(1, _per_count(g, o.controller, eff.per))
    return None


costs.MANA_HOOKS.append(_identity_mana_hook)


@handles(mg.AddManaPer)
def h_add_mana_per(g: Game, job: Job, item: StackItem, e: mg.AddManaPer, key: str) -> None:
    pool = g.s.players[item.controller].pool
    n = _per_count(g, item.controller, e.per)
    pool[e.mana] = pool.get(e.mana, 0) + n


@handles(mg.AddManaIdentity)
def h_add_mana_identity(g: Game, job: Job, item: StackItem, e: mg.AddManaIdentity, key: str) -> None:
    mana = identity_mana(g, item.controller)
    pool = g.s.players[item.controller].pool
    for c in mana if mana != "any" else "W":
        pool[c] = pool.get(c, 0) + 1


# ----------------------------------------------------------------------------- hand size


@lru_cache(maxsize=4096)
def _no_max(card: CardDef) -> bool:
    return any(st.kind == mg.NO_MAX_HAND_SIZE for st in card.static)


def _hand_size(g: Game, player: int) -> int | None:
    """CR 402.2: a permanent with "You have no maximum hand size" removes the limit."""
    s = g.s
    if any(s.objs[oid].controller == player for oid in ch.permanents_with(s, _no_max)):
        return -1
    return None


turn.HAND_SIZE_HOOKS.append(_hand_size)


# ----------------------------------------------------------------------------- effects


@handles(mg.PutFromHand)
def h_put_from_hand(g: Game, job: Job, item: StackItem, e: mg.PutFromHand, key: str) -> None:
    """"You may put a [land] card from your hand onto the battlefield": the card is chosen as
    this resolves (CR 608.2c); putting it there is not playing it (CR 305.4)."""
    s = g.s
    p = item.controller
    cands = [c for c in s.players[p].hand if targeting.matches(g, s.objs[c], e.filter, p)]
    if not cands:
        return
    opts = distinct_card_options(g, cands)
    v = g.ask(job, key + ":put", p, "choose_card",
              f"{g.player_name(p)}: put a card from your hand onto the battlefield{' tapped' if e.tapped else ''}?",
              opts + [Option("put nothing", None)])
    if v is not None:
        zones.put_onto_battlefield(g, v, p, rule="608.2c", tapped=e.tapped)


@handles(mg.LookTopPutLand)
def h_look_top_put_land(g: Game, job: Job, item: StackItem, e: mg.LookTopPutLand, key: str) -> None:
    """Look at the top card of the library (only its controller sees it: the effect allows
    the look, CR 401.3); if it's a land card, they may put it onto the battlefield tapped
    (CR 305.4: not a land play); with ``bottom``, a card not put there may go to the bottom."""
    s = g.s
    p = item.controller
    lib = s.players[p].library
    if not lib:
        return
    top = lib[0]
    name = s.objs[top].name
    is_land = "Land" in s.objs[top].card.types
    put = False
    if is_land:
        put = g.ask(job, key + ":put", p, "yes_no", f"{g.player_name(p)}: put {name} onto the battlefield tapped?",
                    [Option(f"put {name} onto the battlefield tapped", True), Option("leave it", False)])
    to_bottom = False
    if not put and e.bottom:
        to_bottom = g.ask(job, key + ":bottom", p, "yes_no",
                          f"{g.player_name(p)}: put {name} on the bottom of your library?",
                          [Option(f"put {name} on the bottom", True), Option(f"leave {name} on top", False)])
    g.emit(ev.LookedAt(rule="608.2c", player=p, cards=(name,), count=1, private_to=p,
                       top=() if put or to_bottom else (name,), bottom=(name,) if to_bottom else ()))
    if put:
        zones.put_onto_battlefield(g, top, p, rule="608.2c", tapped=True)
    elif to_bottom:
        lib.remove(top)
        lib.append(top)


@handles(mg.May)
def h_may(g: Game, job: Job, item: StackItem, e: mg.May, key: str) -> None:
    """"You may …" (CR 608.2d): asked once; the chosen effects then run in order, each at
    most once even if the job runs again after a later question."""
    ck = key + ":may"
    yes = g.ask(job, ck, item.controller, "yes_no", f"{g.player_name(item.controller)}: {e.text or 'do it'}?",
                [Option(e.text or "yes", True), Option("no", False)])
    if not yes:
        return
    run_in_order(g, job, item, e.effects, key)


@handles(mg.SearchUpTo)
def h_search_up_to(g: Game, job: Job, item: StackItem, e: mg.SearchUpTo, key: str) -> None:
    """A search for up to N cards (CR 701.23), N computed once as it begins (CR 608.2h)."""
    nk = key + ":n"
    if nk not in job.data:
        job.data[nk] = amount(g, e.n, item, job)
    n = job.data[nk]
    if n <= 0:
        g.emit(ev.Note(rule="701.23b", message=f"{g.player_name(item.controller)} searches for no cards"))
        zones.shuffle(g, item.controller)
        return
    HANDLERS[m.Search](g, job, item, m.Search(e.filter, n=n, to=e.to, tapped=e.tapped), key)


# ----------------------------------------------------------------------------- amounts


def _greatest_power(g: Game, a: m.Count, item: StackItem, job: Job) -> int:
    s = g.s
    whose = ref_players(g, a.whose or m.YOU, item, job)
    powers = [ch.power(g, s.objs[oid]) for oid in s.battlefield
              if s.objs[oid].controller in whose and ch.is_creature(s.objs[oid])
              and targeting.matches(g, s.objs[oid], a.filter, item.controller, item.source)]
    return max(powers, default=0)


def _times(g: Game, a: m.Count, item: StackItem, job: Job) -> int:
    assert isinstance(a, mg.Times) and a.of is not None
    return a.k * amount(g, a.of, item, job)


AMOUNT_HOOKS["greatest_power"] = _greatest_power
AMOUNT_HOOKS["times"] = _times


# ----------------------------------------------------------------------------- triggers


@lru_cache(maxsize=4096)
def _has_cast_trigger(card: CardDef) -> bool:
    return any(isinstance(a.when, mg.PlayerCasts) for a in card.triggered)


def _on_cast(g: Game, e: ev.SpellCast) -> None:
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
            if not isinstance(w, mg.PlayerCasts):
                continue
            if w.whose == "opponent" and not targeting._is_opponent(g, o.controller, e.player):
                continue
            if w.whose == "you" and e.player != o.controller:
                continue
            if targeting.matches(g, spell, w.filter, o.controller, oid):
                triggers._add(g, o, a, o.controller, o.name, spell=e.obj, caster=e.player)




@handles(mg.MayPay)
def h_may_pay(g: Game, job: Job, item: StackItem, e: mg.MayPay, key: str) -> None:
    """"You may pay [cost]. If you do, …" (CR 608.2d): offered only if the cost can be paid;
    paid once (a done-marker), then the effects run in order."""
    from undercity.mana import can_pay, parse_cost

    p = item.controller
    cost = parse_cost(e.cost)
    paid = key + ":paid"
    if paid not in job.data:
        yes = False
        if can_pay(cost, costs.mana_sources(g, p), costs.pool_of(g, p)):
            yes = g.ask(job, key + ":pay", p, "yes_no", f"{g.player_name(p)}: pay {cost} ({item.source_name})?",
                        [Option(f"pay {cost}", True), Option("don't pay", False)])
        job.data[paid] = bool(yes) and costs.pay_mana(g, p, cost, item.source_name)
    if not job.data[paid]:
        return
    run_in_order(g, job, item, e.effects, key)


def _trigger_amount(g: Game, a: m.Count, item: StackItem, job: Job) -> int:
    return int(item.trigger_data.get("amount", 0))


AMOUNT_HOOKS["trigger_amount"] = _trigger_amount


@lru_cache(maxsize=4096)
def _has_damage_trigger(card: CardDef) -> bool:
    return any(isinstance(a.when, mg.CombatDamageToPlayer) for a in card.triggered)


def _on_damage(g: Game, e: ev.DamageDealt) -> None:
    """"Whenever a creature you control deals combat damage to a player" (CR 510.2, 603.2):
    each creature's combat damage to a player is one event."""
    s = g.s
    src = s.objs.get(e.source) if e.source is not None else None
    if not e.combat or e.target_player is None or src is None or not ch.is_creature(src):
        return
    for oid in ch.permanents_with(s, _has_damage_trigger):
        o = s.objs[oid]
        if o.controller != src.controller:
            continue
        for a in ab.triggered(g, o):
            if isinstance(a.when, mg.CombatDamageToPlayer) and targeting.matches(g, src, a.when.filter, o.controller,
                                                                                  oid):
                triggers._add(g, o, a, o.controller, o.name, amount=e.amount, damaged=e.target_player,
                              object=src.id)


def watch(g: Game, e: ev.Event) -> None:
    if e.kind == "spell_cast":
        _on_cast(g, e)  # type: ignore[arg-type]
    elif e.kind == "damage_dealt":
        _on_damage(g, e)  # type: ignore[arg-type]


triggers.GLOBAL_WATCHERS.append(watch)
