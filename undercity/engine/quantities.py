"""Quantities (amounts counted as an effect resolves, CR 608.2h) of
:mod:`undercity.cards.language.quantities`, each registered for its type (``effects.counts``): the greatest power
among creatures, k times an amount, the damage of the triggering event, the mana value of the
target or of the triggering spell (CR 202.3), the power of what was paid as an
additional cost (Dragon's Fire), the cards discarded "this way" (CR 701.9a), and the total power
of attacking creatures (CR 506.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards import model as m
from undercity.cards.language.discard import DISCARDED_THIS_WAY, DiscardedThisWay
from undercity.cards.language.quantities import (
    AttackingPower,
    CardsInGraveyard,
    CardsInHand,
    DiedCreaturePower,
    GreatestPower,
    PaidCostPower,
    SacrificedStat,
    SacrificedThisWayStat,
    SignedPower,
    SpellManaValue,
    Sum,
    TargetManaValue,
    TargetsManaValue,
    TargetStat,
    Times,
    TriggerAmount,
    TriggerObjectManaValue,
)
from undercity.engine import characteristics as ch
from undercity.engine import targeting
from undercity.engine.effects import SACRIFICED, amount, counts, ref_objects, ref_players
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game

# ----------------------------------------------------------------------------- amounts


@counts(GreatestPower)
def _greatest_power(g: Game, a: m.Count, item: StackItem, job: Job) -> int:
    s = g.s
    whose = ref_players(g, a.whose or m.YOU, item, job)
    powers = [ch.power(g, s.objs[oid]) for oid in s.battlefield
              if s.objs[oid].controller in whose and ch.is_creature(s.objs[oid])
              and targeting.matches(g, s.objs[oid], a.filter, item.controller, item.source)]
    return max(powers, default=0)


@counts(AttackingPower)
def _attacking_power(g: Game, a: AttackingPower, item: StackItem, job: Job) -> int:
    """CR 506.4: the creatures still attacking (one removed from combat isn't), their powers
    after the layers (CR 613.4), summed; a negative total is 0 (CR 107.1b)."""
    s = g.s
    c = s.combat
    if c is None:
        return 0
    return max(0, sum(ch.power(g, s.objs[oid]) for oid in c.attackers if oid in s.objs))


@counts(SignedPower)
def _signed_power(g: Game, a: SignedPower, item: StackItem, job: Job) -> int:
    """CR 701.10b-c: its power now, after the layers, negative included."""
    oids = ref_objects(g, a.of, item, job)
    o = g.s.objs[oids[0]] if oids else None
    return ch.power(g, o) if o is not None and o.zone == "battlefield" else 0


@counts(SacrificedStat)
def _sacrificed_stat(g: Game, a: SacrificedStat, item: StackItem, job: Job) -> int:
    oid = item.trigger_data.get("sacrificed")
    lki = g.s.lki.get(oid) if oid is not None else None
    return max((lki or {}).get(a.stat) or 0, 0)


@counts(DiscardedThisWay)
def _discarded_this_way(g: Game, a: DiscardedThisWay, item: StackItem, job: Job) -> int:
    return job.data.get(DISCARDED_THIS_WAY, 0)  # recorded by the discard effect before (CR 608.2c)


@counts(CardsInHand)
def _cards_in_hand(g: Game, a: m.Count, item: StackItem, job: Job) -> int:
    # "your hand", or "target opponent's hand" (``whose``): none if that target is gone (608.2b).
    return sum(len(g.s.players[p].hand) for p in ref_players(g, a.whose or m.YOU, item, job))


@counts(CardsInGraveyard)
def _cards_in_graveyard(g: Game, a: m.Count, item: StackItem, job: Job) -> int:
    s = g.s
    return sum(1 for p in ref_players(g, a.whose or m.YOU, item, job) for oid in s.players[p].graveyard
               if targeting.matches(g, s.objs[oid], a.filter, item.controller))


@counts(TargetsManaValue)
def _targets_mana_value(g: Game, a: TargetsManaValue, item: StackItem, job: Job) -> int:
    from undercity.engine.effects import ref_objects

    # CR 608.2h: a card that left its zone during this resolution ("Return those cards to your
    # hand. You gain life equal to their total mana value.") counts as it last existed there —
    # as this ability last saw it.
    s = g.s
    seen = job.data.setdefault("targets_mana_value", {})
    for i in range(a.first, a.first + a.n):
        for oid in ref_objects(g, m.T(i), item, job):
            seen[oid] = s.objs[oid].card.mana_value
    return sum(seen.get(t[1], 0) for t in item.targets[a.first:a.first + a.n] if t[0] == "o")


@counts(Times)
def _times(g: Game, a: m.Count, item: StackItem, job: Job) -> int:
    assert isinstance(a, Times) and a.of is not None
    return a.k * amount(g, a.of, item, job)


@counts(TriggerAmount)
def _trigger_amount(g: Game, a: m.Count, item: StackItem, job: Job) -> int:
    return int(item.trigger_data.get("amount", 0))


# ----------------------------------------------------------------------------- amounts


@counts(TargetManaValue)
def _target_mana_value(g: Game, a: m.Count, item: StackItem, job: Job) -> int:
    """The mana value of target 0 (CR 202.3), or of its last known information (CR 608.2h)."""
    t = item.targets[0] if item.targets else None
    if not t or t[0] != "o":
        return 0
    o = g.s.objs.get(t[1])
    if o is not None:
        return o.card.mana_value
    lki = g.s.lki.get(t[1])
    return lki["card"].mana_value if lki else 0


@counts(PaidCostPower)
def _paid_power(g: Game, a: PaidCostPower, item: StackItem, job: Job) -> int:
    """Dragon's Fire: the chosen creature's power as the spell resolves, or as it last existed
    on the battlefield; a revealed card's power."""
    s = g.s
    for d in item.trigger_data.get("additional") or ():
        o = s.objs.get(d["obj"])
        if d["kind"] == "choose":
            if o is not None and o.zone == "battlefield":
                return ch.power(g, o)
            lki = s.lki.get(d["obj"])
            if lki is not None:
                return lki.get("power") or 0
        if o is not None and o.zone == "hand":
            return o.card.power or 0
        return d["power"]
    return getattr(a, "default", 0)


@counts(DiedCreaturePower)
def _died_creature_power(g: Game, a: m.Count, item: StackItem, job: Job) -> int:
    lki = g.s.lki.get(item.trigger_data.get("died")) or {}
    return max(0, lki.get("power") or 0)  # CR 608.2h: as it last existed; CR 107.1b


@counts(TriggerObjectManaValue)
def _trigger_object_mana_value(g: Game, a: m.Count, item: StackItem, job: Job) -> int:
    """CR 202.3: the mana value of the object the trigger names — a permanent, or a card in the
    graveyard it was put into (Lorcan, Warlock Collector) — as it is now, or as it last existed on
    the battlefield (CR 608.2h)."""
    oid = item.trigger_data.get("object")
    o = g.s.objs.get(oid) if oid is not None else None
    card = o.card if o is not None else (g.s.lki.get(oid) or {}).get("card")
    return card.mana_value if card is not None else 0


@counts(SpellManaValue)
def _spell_mana_value(g: Game, a: m.Count, item: StackItem, job: Job) -> int:
    """CR 202.3: the mana value of the spell that triggered the ability — from its mana cost
    (X as chosen, CR 202.3e), whatever cost was paid to cast it."""
    snap = item.trigger_data.get("spell_lki") or {}
    card = snap.get("card")
    if card is None:
        return 0
    mv = card.mana_value
    if card.mana_cost is not None and card.mana_cost.x and snap.get("x"):
        mv += card.mana_cost.x * snap["x"]
    return mv




@counts(TargetStat)
def _target_stat(g: Game, a: TargetStat, item: StackItem, job: Job) -> int:
    """The first target's power or toughness, or its last known information (CR 608.2h)."""
    t = item.targets[0] if item.targets else None
    if not t or t[0] != "o":
        return 0
    o = g.s.objs.get(t[1])
    if o is not None and o.zone == "battlefield":
        return ch.power(g, o) if a.stat == "power" else ch.toughness(g, o)
    return (g.s.lki.get(t[1]) or {}).get(a.stat) or 0


@counts(SacrificedThisWayStat)
def _sacrificed_this_way(g: Game, a: SacrificedThisWayStat, item: StackItem, job: Job) -> int:
    """The sacrificed creature as it last existed on the battlefield (CR 608.2h), never below 0."""
    oids = job.data.get(SACRIFICED) or ()
    if a.yours:
        from undercity.engine.effects import SACRIFICED_BY

        mine = (job.data.get(SACRIFICED_BY) or {}).get(item.controller)
        oids = (mine,) if mine is not None else ()
    return sum(max((g.s.lki.get(oid) or {}).get(a.stat) or 0, 0) for oid in oids)


@counts(Sum)
def _sum(g: Game, a: Sum, item: StackItem, job: Job) -> int:
    return max(sum(amount(g, part, item, job) for part in a.parts), 0)  # CR 107.1b
