"""Revealing or exiling cards from the top of a library until a card of a kind turns up
(CR 701.20a, 401.4): the language is :mod:`undercity.cards.language.reveal_until`.

Revealed cards stay in the library while they are revealed (CR 701.20a); exiled ones are in
exile (``zones.exile_until``, the one loop for "exile … until"). The card found is put onto the
battlefield (its "as it enters" choices first, CR 614.12a) or into the hand; the other cards
then go on the bottom of the library in a random order (CR 401.4) — not a shuffle. With none
found, every card of the library was revealed and all of them go to the bottom in a random
order (ruling 2021-07-23, Bag of Tricks).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from undercity.cards.language.reveal_until import BATTLEFIELD, RevealUntil, RevealUntilSeveral
from undercity.engine import characteristics as ch
from undercity.engine import entering, targeting, zones
from undercity.engine import events as ev
from undercity.engine.effects import amount, handles

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, Obj, StackItem


def _creature_types_of_trigger_object(g: Game, item: StackItem) -> frozenset[str]:
    """The creature types of the creature the trigger names: as it last existed on the
    battlefield if it died (``trigger_data["died"]``, CR 603.10a, 608.2h), else as it is now."""
    from undercity.cards.text.creature_types import CREATURE_TYPES

    s = g.s
    died = item.trigger_data.get("died")
    if died is not None and died in s.lki:
        return frozenset(s.lki[died].get("subtypes", ())) & CREATURE_TYPES
    oid = item.trigger_data.get("object")
    o = s.objs.get(oid) if oid is not None else None
    return ch.subtypes(g, o) & CREATURE_TYPES if o is not None else frozenset()


@handles(RevealUntil)
def h_reveal_until(g: Game, job: Job, item: StackItem, e: RevealUntil, key: str) -> None:
    s = g.s
    p = item.controller
    flt = e.filter
    if e.mv is not None:  # "with mana value equal to the result": counted as it resolves
        n = amount(g, e.mv, item, job)
        flt = replace(flt, min_mv=n, max_mv=n)
    kin = _creature_types_of_trigger_object(g, item) if e.shares_creature_type else None

    def fits(o: Obj) -> bool:
        return targeting.matches(g, o, flt, p) and (kin is None or bool(ch.subtypes(g, o) & kin))

    found = key + ":found"
    if found not in job.data:  # reveal or exile once, even if putting the card asks a question
        if e.exile:
            seen, hit = zones.exile_until(g, p, fits, rule="701.13a")
        else:
            seen, hit = [], None
            for c in s.players[p].library:
                seen.append(c)
                if fits(s.objs[c]):
                    hit = c
                    break
            g.emit(ev.Revealed(rule="701.20a", player=p, cards=tuple(s.objs[c].name for c in seen)))
        job.data[found] = (seen, hit)
    seen, hit = job.data[found]
    rest = [c for c in seen if c != hit]
    if hit is not None:
        if e.to == BATTLEFIELD:
            entering.ask(g, job, key + ":enter", hit, p)
            zones.put_onto_battlefield(g, hit, p, rule="608.2c")
        else:
            zones.move(g, hit, "hand", rule="608.2c", verb="is put into its owner's hand")
    s.rng.shuffle(rest)  # "the rest on the bottom of your library in a random order" (CR 401.4)
    lib = s.players[p].library
    for c in rest:
        if e.exile:
            zones.move(g, c, "library", rule="401.4", verb="is put on the bottom of its owner's library",
                       to_top=False)
        elif c in lib:
            lib.remove(c)
            lib.append(c)


@handles(RevealUntilSeveral)
def h_reveal_until_several(g: Game, job: Job, item: StackItem, e: RevealUntilSeveral, key: str) -> None:
    """Kindred Summons: X counted first (CR 608.2h), the cards revealed one at a time until X of
    them match (CR 701.20a: they stay in the library while revealed) — all of those found if the
    library runs out (ruling 2017-08-25) — put onto the battlefield as one event, each one's "as
    it enters" choices first (CR 614.12a); then the library is shuffled (CR 701.24a)."""
    s = g.s
    p = item.controller
    found = key + ":found"
    if found not in job.data:  # reveal once, even if a card entering asks a question
        n = amount(g, e.n, item, job)
        seen: list[int] = []
        hits: list[int] = []
        for c in s.players[p].library:
            if len(hits) >= n:
                break
            seen.append(c)
            if targeting.matches(g, s.objs[c], e.filter, p, item.source):
                hits.append(c)
        if seen:
            g.emit(ev.Revealed(rule="701.20a", player=p, cards=tuple(s.objs[c].name for c in seen)))
        job.data[found] = hits
    hits = job.data[found]
    for c in hits:
        entering.ask(g, job, f"{key}:enter{c}", c, p)
    with zones.simultaneously(g):  # "Put those cards onto the battlefield": one event (CR 603.2c)
        for c in hits:
            if c in s.objs and s.objs[c].zone == "library":
                zones.put_onto_battlefield(g, c, p, rule="608.2c")
    zones.shuffle(g, p)  # "then shuffle the rest of the revealed cards into your library" (CR 701.24a)
