"""One-shot effects that move cards between zones (CR 400.7, 608.2c): return this card or up to
one chosen card from a graveyard, put a card from the hand onto the battlefield (not playing
it, CR 305.4), exile a player's graveyard, exile a permanent and return it ("flicker";
a token doesn't return, CR 111.7), shuffle a hand and graveyard into a library (CR 701.24a).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.zone_moves import (
    ExileGraveyardOf,
    ExileThen,
    ExileThisSpell,
    Flicker,
    PutFromHand,
    PutFromHandAttached,
    ReturnAllFromGraveyard,
    ReturnAttachedTo,
    ReturnAttachmentToHand,
    ReturnChosenCard,
    ReturnedStat,
    ReturnSourceCard,
    ReturnUnderOwner,
    ReturnUpToOne,
    ShuffleHandAndGraveyard,
)
from undercity.engine import characteristics as ch
from undercity.engine import entering, resolve, targeting, zones
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.engine.effects import (
    amount,
    counts,
    distinct_card_options,
    handles,
    ref_objects,
    ref_players,
    run_in_order,
)
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game

# ----------------------------------------------------------------------------- effects


@handles(ReturnSourceCard)
def h_return_source(g: Game, job: Job, item: StackItem, e: ReturnSourceCard, key: str) -> None:
    o = g.s.objs.get(item.source) if item.source is not None else None
    if o is None or o.zone != e.from_zone:  # CR 400.7: a new object, or gone
        return
    verb = "returns to its owner's hand" if e.to == "hand" else f"is put into the {e.to}"
    zones.move(g, o.id, e.to, rule="608.2c", verb=verb)


@handles(ExileThisSpell)
def h_exile_this_spell(g: Game, job: Job, item: StackItem, e: ExileThisSpell, key: str) -> None:
    """CR 608.2n, 400.7: the spell goes from the stack to exile as it resolves (a copy ceases to
    exist, CR 707.10a); one that has already left the stack isn't moved."""
    o = g.s.objs.get(item.obj) if item.kind == "spell" and item.obj is not None else None
    if o is None or o.zone != "stack":
        return
    zones.move(g, o.id, "exile", rule="701.13a", verb="is exiled")


@handles(ReturnAttachmentToHand)
def h_return_attachment(g: Game, job: Job, item: StackItem, e: ReturnAttachmentToHand, key: str) -> None:
    aura = item.source
    here = g.s.objs.get(aura) if aura is not None else None
    if here is not None and here.zone == "battlefield":
        zones.move(g, here.id, "hand", rule="608.2c", verb="returns to its owner's hand")
        return
    moved = next((x for x in reversed(g.events) if isinstance(x, ev.ZoneChanged) and x.obj == aura
                  and x.from_zone == "battlefield"), None)
    if moved is None or moved.to_zone != "graveyard":
        return  # still on the battlefield, or exiled instead (CR 614.1a): not found (400.7f)
    o = g.s.objs.get(moved.new_obj)
    if o is not None and o.zone == "graveyard":  # CR 400.7: else a new object again
        zones.move(g, o.id, "hand", rule="400.7f", verb="returns to its owner's hand")


@handles(ReturnUpToOne)
def h_return_up_to_one(g: Game, job: Job, item: StackItem, e: ReturnUpToOne, key: str) -> None:
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


@handles(ReturnChosenCard)
def h_return_chosen_card(g: Game, job: Job, item: StackItem, e: ReturnChosenCard, key: str) -> None:
    # CR 608.2d: chosen as it resolves, among the cards there now (one just milled by the same
    # ability included); "a creature card": one if there is any (CR 609.3).
    s = g.s
    p = item.controller
    players = range(len(s.players)) if e.any_graveyard else [p]
    cands = [c for q in players for c in s.players[q].graveyard if targeting.matches(g, s.objs[c], e.filter, p)]
    if not cands:
        return
    chosen = g.ask(job, key + ":pick", p, "choose_card",
                   f"{g.player_name(p)}: put a card from {'a' if e.any_graveyard else 'your'} graveyard onto the "
                   f"battlefield{' tapped' if e.tapped else ''}", distinct_card_options(g, cands))
    from undercity.engine import entering

    entering.ask(g, job, key + ":enter", chosen, p)  # CR 614.12a: its choices as it enters, first
    counters = {kind: n for kind, a in e.counters if (n := amount(g, a, item, job)) > 0}  # CR 122.6
    zones.put_onto_battlefield(g, chosen, p, rule="608.2c", tapped=e.tapped, counters=counters)


# ----------------------------------------------------------------------------- effects


@handles(PutFromHand)
def h_put_from_hand(g: Game, job: Job, item: StackItem, e: PutFromHand, key: str) -> None:
    """"You may put a [land] card from your hand onto the battlefield": the card is chosen as
    this resolves (CR 608.2c); putting it there is not playing it (CR 305.4)."""
    s = g.s
    p = item.controller
    bound = amount(g, e.max_mv, item, job) if e.max_mv is not None else None
    cands = [c for c in s.players[p].hand if targeting.matches(g, s.objs[c], e.filter, p)
             and (bound is None or s.objs[c].card.mana_value <= bound)]
    if not cands:
        return
    opts = distinct_card_options(g, cands)
    v = g.ask(job, key + ":put", p, "choose_card",
              f"{g.player_name(p)}: put a card from your hand onto the battlefield{' tapped' if e.tapped else ''}?",
              opts + ([Option("put nothing", None)] if e.optional else []))
    if v is not None:
        from undercity.engine import entering

        entering.ask(g, job, key + ":enter", v, p)  # CR 614.12a: its choices as it enters, first
        zones.put_onto_battlefield(g, v, p, rule="608.2c", tapped=e.tapped)


@handles(PutFromHandAttached)
def h_put_from_hand_attached(g: Game, job: Job, item: StackItem, e: PutFromHandAttached, key: str) -> None:
    """An Aura card from the hand onto the battlefield attached to the object the effect names
    (CR 303.4f): only one that could legally enchant it — its enchant ability allows it and no
    protection forbids it (CR 303.4a, 702.16c); not targeting, so hexproof doesn't matter. With
    that object gone, nothing is put (CR 303.4g)."""
    from undercity.engine import entering
    from undercity.engine.equip import attachable

    s = g.s
    p = item.controller
    hosts = ref_objects(g, e.to, item, job)
    host = s.objs[hosts[0]] if hosts and s.objs[hosts[0]].zone == "battlefield" else None
    if host is None:
        return
    cands = [c for c in s.players[p].hand if s.objs[c].card.enchant is not None
             and targeting.matches(g, s.objs[c], e.filter, p) and attachable(g, s.objs[c], host, p)]
    if not cands:
        return
    v = g.ask(job, key + ":put", p, "choose_card",
              f"{g.player_name(p)}: put a card from your hand onto the battlefield attached to {host.name}",
              distinct_card_options(g, cands))
    entering.ask(g, job, key + ":enter", v, p)  # CR 614.12a: its choices as it enters, first
    new = zones.put_onto_battlefield(g, v, p, rule="303.4f")
    if new is not None:
        new.attached_to = host.id  # CR 303.4f: the effect says what the Aura enchants


@handles(ReturnAttachedTo)
def h_return_attached_to(g: Game, job: Job, item: StackItem, e: ReturnAttachedTo, key: str) -> None:
    """Each card still legal as a target (CR 608.2b: the target filter asks whether it could be
    attached to the creature, so those that couldn't stay in the graveyard) enters the
    battlefield attached to the host, all in one event (CR 303.4f, 301.5c, 603.2c). With the
    host gone, no card is a legal target and the ability doesn't resolve (CR 608.2b)."""
    from undercity.engine.equip import attachable

    s = g.s
    hosts = ref_objects(g, e.host, item, job)
    if not hosts:
        return
    host = s.objs[hosts[0]]
    with zones.simultaneously(g):
        for oid in ref_objects(g, e.what, item, job):
            o = s.objs.get(oid)
            if o is None or o.zone != "graveyard" or not attachable(g, o, host, item.controller):
                continue
            new = zones.put_onto_battlefield(g, oid, o.owner, rule="303.4f")
            if new is not None:
                new.attached_to = host.id  # the effect says what it is attached to (CR 303.4f, 301.5c)
                g.emit(ev.Note(rule="303.4f", message=f"{new.name} is attached to {host.name}"))


@handles(ExileGraveyardOf)
def h_exile_graveyard_of(g: Game, job: Job, item: StackItem, e: ExileGraveyardOf, key: str) -> None:
    with zones.simultaneously(g):  # the whole graveyard in one event (CR 603.2c)
        for p in ref_players(g, e.who, item, job):
            for oid in list(g.s.players[p].graveyard):
                zones.move(g, oid, "exile", rule="701.13a", verb="is exiled")


@handles(ReturnAllFromGraveyard)
def h_return_all_from_graveyard(g: Game, job: Job, item: StackItem, e: ReturnAllFromGraveyard, key: str) -> None:
    s = g.s
    ck = key + ":cards"
    if ck not in job.data:  # the cards as this begins (CR 608.2c), kept while the entering choices are asked
        job.data[ck] = [oid for oid in s.players[item.controller].graveyard
                        if targeting.matches(g, s.objs[oid], e.filter, item.controller, item.source)]
    ids = job.data[ck]
    if e.to == "battlefield":
        for oid in ids:  # CR 614.12a: the choices each makes as it enters, before anything moves
            entering.ask(g, job, f"{key}:enter{oid}", oid, item.controller)
    with zones.simultaneously(g):  # one event (CR 603.2c)
        for oid in ids:
            if oid not in s.objs or s.objs[oid].zone != "graveyard":
                continue
            if e.to == "battlefield":
                zones.put_onto_battlefield(g, oid, item.controller, rule="608.2c")
            else:
                zones.move(g, oid, "hand", rule="608.2c", verb="returns to its owner's hand")


@handles(Flicker)
def h_flicker(g: Game, job: Job, item: StackItem, e: Flicker, key: str) -> None:
    for oid in ref_objects(g, e.what, item, job):
        new = zones.move(g, oid, "exile", rule="701.13a", verb="is exiled")
        if new is None or new.token or new.zone != "exile":
            # CR 111.7: a token that left the battlefield can't come back; a commander put into
            # the command zone instead (CR 903.9b) isn't "that card" in exile any more.
            continue
        zones.put_onto_battlefield(g, new.id, new.owner, rule="610.3")


@handles(ReturnUnderOwner)
def h_return_under_owner(g: Game, job: Job, item: StackItem, e: ReturnUnderOwner, key: str) -> None:
    done = key + ":returned"
    if done not in job.data:
        ids = [oid for oid in ref_objects(g, e.what, item, job) if not g.s.objs[oid].token]  # CR 111.8
        for oid in ids:  # CR 614.12a: the choices each makes as it enters, before anything moves
            entering.ask(g, job, f"{key}:enter{oid}", oid, g.s.objs[oid].owner)
        back = [zones.put_onto_battlefield(g, oid, g.s.objs[oid].owner, rule=item.trigger_data.get("rule", "603.7"),
                                           counters=dict(e.counters)) for oid in ids]
        job.data[done] = job.data[RETURNED] = [o.id for o in back if o is not None and o.zone == "battlefield"]
    if job.data[done] and e.then:
        run_in_order(g, job, item, e.then, key)  # "If you do, …" (CR 608.2c)


#: ``Job.data`` key: the permanents a "return that card to the battlefield" returned, for
#: "that creature's toughness" after it (:class:`ReturnedStat`).
RETURNED = "returned"


@counts(ReturnedStat)
def _returned_stat(g: Game, a: ReturnedStat, item: StackItem, job: Job) -> int:
    s = g.s
    total = 0
    for oid in job.data.get(RETURNED) or ():
        o = s.objs.get(oid)
        if o is not None and o.zone == "battlefield" and ch.is_creature(o, g):
            total += ch.power(g, o) if a.stat == "power" else ch.toughness(g, o)
    return max(total, 0)


@handles(ShuffleHandAndGraveyard)
def h_shuffle_hand_and_graveyard(g: Game, job: Job, item: StackItem, e: ShuffleHandAndGraveyard, key: str) -> None:
    """CR 701.24a: the cards go into their owner's library (CR 400.3), then it is shuffled."""
    p = item.controller
    for zone in ("hand", "graveyard"):
        for oid in list(g.s.players[p].zone(zone)):
            zones.move(g, oid, "library", rule="701.24a", verb="is shuffled into its owner's library")
    zones.shuffle(g, p)


@handles(ExileThen)
def h_exile_then(g: Game, job: Job, item: StackItem, e: ExileThen, key: str) -> None:
    done = key + ":exiled"
    if done not in job.data:  # once, even if ``then`` asks questions and this runs again
        moved = [zones.move(g, oid, "exile", rule="701.13a", verb="is exiled")
                 for oid in ref_objects(g, e.what, item, job)]
        job.data[done] = any(o is not None and o.zone == "exile" for o in moved)
    if job.data[done]:  # "If you do" (CR 608.2c)
        run_in_order(g, job, item, e.then, key + ":then")
