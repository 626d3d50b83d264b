"""Replicate (CR 702.56): announcing how many times the replicate cost is paid as the spell is
cast (601.2b, decision ``replicate``), paying it that many times (601.2f-h), and the trigger
"When you cast this spell, copy it for each time you paid its replicate cost" (702.56a).

* A mana replicate cost ("Replicate {1}{U}") is added to the total cost once per payment (an
  additional cost, 601.2f); only the times whose total the player could pay are offered (601.2h).
* A tap cost ("Replicate—Tap an untapped Horror you control") taps a different untapped
  permanent for each payment (118.3: a tapped one can't pay it again), chosen as the cost is
  determined (601.2b; decision ``tap_cost`` once per payment, not asked when every one offered
  must be tapped) and tapped as the costs are paid (601.2h).
* The times are kept on the spell's stack item (``trigger_data[TIMES]``); the watcher on the
  spell being cast (603.2, not a copy, which isn't cast, 707.10) puts the trigger on the stack —
  one per instance of replicate, each for its own payments (702.56b: a card has one here). The
  trigger copies the spell as it was cast (its last known information if it has left the stack)
  once per payment, each copy with new targets if its controller chooses (707.10c).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from undercity.cards.language.replicate import REPLICATE, CopyForEachReplicate, Replicate
from undercity.cards.model import CardDef
from undercity.engine import costs, mana_spending, targeting, triggers, zones
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.engine.effects import handles
from undercity.mana import ManaCost, can_pay

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, Obj, StackItem

#: ``StackItem.trigger_data`` key: the times the spell's replicate cost was paid.
TIMES = "replicated"
#: ``Job.data`` key of a cast: the times announced, read by ``casting._total_cost``.
ANNOUNCED = "replicate_times"
#: The most times a mana replicate cost is offered (a bound for the options).
MOST = 20
#: The trigger's text (the reminder text of the keyword, CR 702.56a).
TEXT = ("Replicate (When you cast this spell, copy it for each time you paid its replicate cost. "
        "You may choose new targets for the copies.)")


def replicate_of(card: CardDef) -> Replicate | None:
    """The card's replicate ability, if it has one."""
    return next((st for st in card.static if isinstance(st, Replicate)), None) if card.static else None


def replicated_cost(card: CardDef, cost: ManaCost, times: int) -> ManaCost:
    """``cost`` plus a mana replicate cost paid ``times`` times (CR 601.2f: an additional cost)."""
    r = replicate_of(card)
    return cost if r is None else cost.add_times(r.cost, times)


def tappable(g: Game, player: int, r: Replicate, spell: int) -> list[int]:
    """The untapped permanents ``player`` controls that could pay a tap replicate cost (CR 118.3)."""
    s = g.s
    return [oid for oid in targeting.controlled_matching(g, player, r.tap_untapped, spell) if not s.objs[oid].tapped]


def ask_times(g: Game, job: Job, player: int, o: Obj, cost: ManaCost) -> int:
    """CR 601.2b, 702.56a: how many times ``player`` pays the replicate cost of spell ``o``
    (decision ``replicate``, its context the spell); only the times they could pay are offered
    (601.2h): over ``cost`` (the rest of the spell's cost, X as 0) for a mana cost, one untapped
    permanent each for a tap cost."""
    r = replicate_of(o.card)
    if r is None:
        return 0
    if r.tap_untapped is not None:
        most = len(tappable(g, player, r, o.id))
        what = r.text.split("—", 1)[-1].rstrip(".").lower()
    elif r.cost is not None:
        spend = mana_spending.Spending(spell=o)
        sources, pool = costs.mana_sources(g, player, spend=spend), costs.pool_of(g, player, spend)
        most, total = 0, cost.with_x(0)
        while most < MOST:
            total = total.add(r.cost)
            if not can_pay(total, sources, pool):
                break
            most += 1
        what = r.cost.text
    else:
        return 0
    if most == 0:
        return 0
    opts = [Option("don't pay its replicate cost", 0)] + [
        Option(f"pay its replicate cost ({what}) " + ("once" if n == 1 else f"{n} times"), n)
        for n in range(1, most + 1)]
    return int(g.ask(job, "replicate", player, "replicate", f"{o.card.name}: how many times do you pay its "
                     f"replicate cost ({what})?", opts, context={"spell": o.id}))


def choose_tapped(g: Game, job: Job, player: int, o: Obj, times: int) -> list[int]:
    """CR 601.2b, 118.3: the ``times`` different untapped permanents that pay a tap replicate
    cost (decision ``tap_cost`` per payment; none asked when all of them must be tapped)."""
    r = replicate_of(o.card)
    if r is None or r.tap_untapped is None or times <= 0:
        return []
    s = g.s
    chosen: list[int] = []
    for k in range(times):
        left = [x for x in tappable(g, player, r, o.id) if x not in chosen]
        if len(left) <= times - k:
            chosen += left[:times - k]
            break
        chosen.append(g.ask(job, f"replicate_tap{k}", player, "tap_cost",
                            f"{o.card.name}: tap an untapped permanent for its replicate cost ({k + 1}/{times})",
                            [Option(s.objs[x].name, x) for x in left]))
    return chosen


def pay(g: Game, item: StackItem, times: int, tapped: list[int]) -> None:
    """CR 601.2h: the tap payments made (the mana ones are part of the total cost); the times
    kept on the spell for its cast trigger (702.56a)."""
    for oid in tapped:
        o = g.s.objs.get(oid)
        if o is None or o.zone != "battlefield" or o.tapped:
            raise RuntimeError(f"could not tap {oid} for {item.name}'s replicate cost after offering it")
        zones.set_tapped(g, o, True, "702.56a")
    if times > 0:
        item.trigger_data[TIMES] = times


@triggers.watches("spell_cast")
def _cast(g: Game, e: ev.Event) -> None:
    """"When you cast this spell, if a replicate cost was paid for it, copy it for each time its
    replicate cost was paid" (CR 702.56a): a copy isn't cast (707.10), so it doesn't trigger."""
    if not isinstance(e, ev.SpellCast) or e.copy:
        return
    s = g.s
    spell = s.objs.get(e.obj)
    if spell is None or replicate_of(spell.card) is None:
        return
    item = next((it for it in s.stack if it.obj == e.obj), None)
    times = item.trigger_data.get(TIMES, 0) if item is not None else 0
    if not times:
        return  # "if a replicate cost was paid for it" (CR 702.56a, 603.4)
    from undercity.engine.copying import snapshot

    triggers.add_inherent(g, e.player, spell.name, REPLICATE, TEXT, (CopyForEachReplicate(),), "702.56a",
                          source=spell.id, times=times, spell_lki=snapshot(item, g))


@handles(CopyForEachReplicate)
def h_copy_for_each(g: Game, job: Job, item: StackItem, e: CopyForEachReplicate, key: str) -> None:
    """One copy per payment (CR 702.56a), each put on the stack in turn with its own new targets
    if its controller chooses (707.10c), as the spell was cast (its last known information,
    608.2h, if it has left the stack)."""
    from undercity.engine.copying import copy_spell

    snap: dict[str, Any] | None = item.trigger_data.get("spell_lki")
    if snap is None or snap.get("card") is None:
        return
    n = int(item.trigger_data.get("times", 0))
    done = job.data.setdefault(f"{key}:done", 0)
    for k in range(done, n):
        copy_spell(g, job, f"{key}:c{k}", snap, item.controller, new_targets=True)
        job.data[f"{key}:done"] = k + 1
