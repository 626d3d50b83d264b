"""Suspend (CR 702.62): suspending a card from the hand (a special action, CR 116.2f), its time
counters going at its owner's upkeeps, and casting it when the last one is removed.

* **Suspending**: a player with priority who could begin to cast a card with suspend from their
  hand now — its timing (CR 702.62c, 307.1) — may pay the suspend cost and exile it with N time
  counters (:func:`options`: ``("special", "suspend", id)``, carried out by :func:`suspend`). It
  doesn't use the stack, and the player keeps priority (CR 116.3).
* **Upkeep** (702.62a): at the beginning of its owner's upkeep each suspended card (702.62b: in
  exile with suspend and a time counter) triggers; as it resolves, if the card is still
  suspended, a time counter is removed. Removing the last one triggers the cast.
* **Casting** (702.62a, 702.62d): if the card is still in exile its owner may cast it without
  paying its mana cost (timing ignored, CR 608.2g); a creature spell cast this way gains haste
  for as long as its controller controls it (the spell, then the permanent it becomes).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from undercity.cards.language import suspend as ls
from undercity.cards.language.continuous import AddAbilities
from undercity.cards.model import CardDef
from undercity.engine import casting, costs, layers, triggers, zones
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.engine.effects import handles
from undercity.mana import can_pay

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, Obj, StackItem

#: ``State.extra`` key: a card cast from exile by its suspend -> its controller, until it enters.
_CAST_SUSPENDED = "cast_suspended"


def suspend_of(o: Obj) -> ls.Suspend | None:
    """The card's suspend ability (printed; it works in the hand and in exile), if any."""
    return _card_suspend(o.card)


@lru_cache(maxsize=4096)
def _card_suspend(card: CardDef) -> ls.Suspend | None:
    # Asked for every card in hand at every priority: a card's printed abilities never change.
    return next((st for st in card.static if isinstance(st, ls.Suspend)), None)


def is_suspended(o: Obj) -> bool:
    """CR 702.62b: in exile, with suspend and a time counter on it."""
    return o.zone == "exile" and suspend_of(o) is not None and o.counters.get(ls.TIME, 0) > 0


def options(g: Game, player: int, sources: list[Any] | None = None, pool: Any = None) -> list[Option]:
    """The special action of suspending each card in ``player``'s hand that they could begin to
    cast now (CR 702.62a, 702.62c) and whose suspend cost they can pay; one per name."""
    s = g.s
    out: list[Option] = []
    seen: set[str] = set()
    for oid in s.players[player].hand:
        o = s.objs[oid]
        sus = suspend_of(o)
        if sus is None or o.name in seen or not casting.timing_ok(g, player, o.card):
            continue
        seen.add(o.name)
        if sources is None:
            sources, pool = costs.mana_sources(g, player), costs.pool_of(g, player)
        if sus.cost is None or can_pay(sus.cost, sources, pool):
            out.append(Option(f"suspend {o.name}", ("special", ls.SUSPEND, oid)))
    return out


@lru_cache(maxsize=4096)
def _exile_abilities(card: CardDef) -> tuple[int, ...]:
    from undercity.engine.from_graveyard import ability_zone

    return tuple(i for i, a in enumerate(card.activated) if not a.mana_ability and ability_zone(a) == "exile")


def ability_options(g: Game, player: int) -> list[Option]:
    """"activate" options for the abilities that work while their card is suspended ("Activate
    only if ~ is suspended", CR 113.6b, 702.62b) of ``player``'s cards in exile: a card in exile
    has its printed abilities, and its owner activates them (CR 602.2, 108.3)."""
    s = g.s
    out: list[Option] = []
    for oid in s.players[player].exile:
        o = s.objs[oid]
        for i in _exile_abilities(o.card):
            if casting.activatable(g, player, o, i):
                out.append(Option(f"activate {o.name} (suspended): {o.card.activated[i].text}", ("activate", oid, i)))
    return out


def suspend(g: Game, player: int, oid: int) -> None:
    """Pay the suspend cost and exile the card with N time counters (CR 702.62a, 116.2f)."""
    s = g.s
    o = s.objs[oid]
    sus = suspend_of(o)
    assert sus is not None
    if sus.cost is not None and not costs.pay_mana(g, player, sus.cost, f"suspending {o.name}"):
        raise RuntimeError(f"could not pay {sus.cost} to suspend {o.name} after offering it")
    new = zones.move(g, oid, "exile", rule="702.62a", verb="is suspended (exiled)")
    if new is not None and new.zone == "exile":
        zones.add_counters(g, new, ls.TIME, sus.n, "702.62a")
    s.passes = 0


@handles(ls.ExileWithTimeCounters)
def h_exile_with_time_counters(g: Game, job: Job, item: StackItem, e: ls.ExileWithTimeCounters, key: str) -> None:
    """The spell exiles itself with N time counters (CR 122.1); a copy, or a card that already
    left the stack, isn't moved (CR 400.7)."""
    o = g.s.objs.get(item.obj) if item.kind == "spell" and item.obj is not None else None
    if o is None or o.zone != "stack" or o.is_copy:
        return
    new = zones.move(g, o.id, "exile", rule="608.2c", verb="is exiled")
    if new is not None and new.zone == "exile":
        zones.add_counters(g, new, ls.TIME, e.n, "122.1")


@triggers.watches("step_began", steps=("upkeep",))
def _upkeep(g: Game, e: ev.StepBegan) -> None:
    """"At the beginning of your upkeep, if this card is suspended" (CR 702.62a, 603.4): each
    suspended card its owner — the active player — has in exile."""
    s = g.s
    if e.step != "upkeep":
        return
    for oid in list(s.players[s.active].exile):
        o = s.objs.get(oid)
        if o is not None and is_suspended(o):
            triggers.add_inherent(g, s.active, o.name, ls.SUSPEND, ls.UPKEEP_TEXT, (ls.RemoveTimeCounter(),),
                                  "702.62a", object=oid)


@handles(ls.RemoveTimeCounter)
def h_remove_time_counter(g: Game, job: Job, item: StackItem, e: ls.RemoveTimeCounter, key: str) -> None:
    s = g.s
    oid = item.trigger_data.get("object")
    o = s.objs.get(oid) if oid is not None else None
    if o is None or not is_suspended(o):
        return  # CR 603.4: the intervening "if" again as it resolves
    remove_time_counter(g, o)


@handles(ls.RemoveTimeCounterFromSelf)
def h_remove_time_counter_from_self(g: Game, job: Job, item: StackItem, e: ls.RemoveTimeCounterFromSelf,
                                    key: str) -> None:
    o = g.s.objs.get(item.source) if item.source is not None else None
    if o is not None and is_suspended(o):  # the card left exile: a new object (CR 400.7)
        remove_time_counter(g, o)


def remove_time_counter(g: Game, o: Obj) -> None:
    """Remove a time counter from suspended card ``o``; the last one removed triggers its cast,
    whatever removed it (CR 702.62a, 603.2), controlled by its owner (CR 113.8)."""
    zones.add_counters(g, o, ls.TIME, -1, "702.62a")
    if o.counters.get(ls.TIME, 0) == 0:
        # CR 702.62a: "When the last time counter is removed from this card" (CR 603.2).
        triggers.add_inherent(g, o.owner, o.name, ls.SUSPEND, ls.LAST_TEXT, (ls.CastSuspended(),),
                              "702.62a", object=o.id)


@handles(ls.CastSuspended)
def h_cast_suspended(g: Game, job: Job, item: StackItem, e: ls.CastSuspended, key: str) -> None:
    s = g.s
    p = item.controller
    oid = item.trigger_data.get("object")
    o = s.objs.get(oid) if oid is not None else None
    if o is None or o.zone != "exile":
        return  # "if it's exiled"
    if not casting.castable(g, p, o, free=True):
        g.emit(ev.Note(rule="702.62a", message=f"{o.name} can't be cast now; it remains exiled"))
        return
    if casting.ask_cast_free(g, job, key, p, o):
        if "Creature" in o.card.types:
            s.extra.setdefault(_CAST_SUSPENDED, {})[oid] = p
        g.push("cast", player=p, obj=oid, alt=None, free=True)


@triggers.watches("zone_changed")
def _follow(g: Game, e: ev.ZoneChanged) -> None:
    """A creature spell cast by its suspend gains haste (CR 702.62a): followed from exile to the
    stack, then onto the battlefield, where the haste lasts while its controller controls it."""
    s = g.s
    cast = s.extra.get(_CAST_SUSPENDED)
    if not cast or e.obj not in cast:
        return
    player = cast.pop(e.obj)
    if e.to_zone == "stack":
        cast[e.new_obj] = player
    elif e.to_zone == "battlefield" and e.new_obj in s.objs and s.objs[e.new_obj].controller == player:
        layers.add_effect(g, e.new_obj, (AddAbilities(keywords=frozenset({"haste"})),), until="source_controlled",
                          source=e.new_obj, player=player, text="suspended: haste")
