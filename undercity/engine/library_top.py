"""Looking at the top cards of a library and sorting them (CR 401.5), and putting cards on top
or on the bottom of a library (CR 401.4).

"Look at the top N cards of your library. Put one of them into your hand and the rest into your
graveyard." (``LookPutOneIntoHand``); the general form ``LookAtTop``: the player chooses while
the ability resolves which of the cards looked at go where (identical cards are one option),
then orders the rest on top or on the bottom — or they go in a random order —, and only then
do the cards move (every question first, CR 608.2c). ``PutOnLibrary`` puts a permanent or a card
on top of or on the bottom of its owner's library (CR 400.3). "You may look at the top card of
your library any time" (``LookAtTopAnyTime``, CR 401.5) is a view of that player's own:
:func:`top_seen_by`, asked by the seat's board, card look-ups and the web table."""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from undercity.cards import model as m
from undercity.cards.language.library_top import (
    BATTLEFIELD,
    BOTTOM,
    EXILE,
    GRAVEYARD,
    HAND,
    TOP,
    ExileTopPutAny,
    LookAtTop,
    LookAtTopAnyTime,
    LookPutOneIntoHand,
    LookRevealToHand,
    LookTopPutLand,
    PutBeneathTop,
    PutOnLibrary,
    RevealUntilIntoGraveyard,
    ShuffleInRevealTop,
)
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import targeting, zones
from undercity.engine.decisions import Option
from undercity.engine.effects import (
    amount,
    change_life,
    choose_cards,
    distinct_card_options,
    distinct_cards,
    handles,
    ref_objects,
    ref_players,
    until_text,
)
from undercity.engine.state import ContinuousEffect, Job, StackItem

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game
    from undercity.engine.state import Job, Obj, StackItem


@handles(LookPutOneIntoHand)
def h_look_put_one_into_hand(g: Game, job: Job, item: StackItem, e: LookPutOneIntoHand, key: str) -> None:
    s = g.s
    p = item.controller
    top = list(s.players[p].library[:e.n])
    if not top:
        return
    names = ", ".join(s.objs[c].name for c in top)
    pick = choose_cards(g, job, key + ":hand", p, "to_hand",
                        lambda k: f"{item.source_name}: put one of {names} into your hand", top, 1)
    g.emit(ev.Note(rule="401.5", player=p,  # what they saw stays hidden (CR 401.5)
                   message=f"{g.player_name(p)} looks at the top {len(top)} cards of their library"))
    for c in top:
        if c in pick:
            zones.move(g, c, "hand", rule="608.2c", verb="is put into its owner's hand")
        else:
            zones.move(g, c, "graveyard", rule="608.2c", verb="is put into the graveyard")


#: The decision kind of choosing a card looked at for each destination (the agents answer them).
_TAKE_KINDS = {HAND: "to_hand", BATTLEFIELD: "to_battlefield", GRAVEYARD: "to_graveyard", EXILE: "choose_card"}
_WHERE = {HAND: "into your hand", BATTLEFIELD: "onto the battlefield", GRAVEYARD: "into your graveyard",
          EXILE: "into exile"}


def _take(g: Game, job: Job, item: StackItem, e: LookAtTop, top: list[int], key: str) -> list[int]:
    """The cards of ``top`` the player puts into ``e.to``, one question each (CR 401.5)."""
    s = g.s
    p = item.controller
    fits = [c for c in top if e.filter is None or targeting.matches(g, s.objs[c], e.filter, p, item.source)]
    if e.filters:
        fits = [c for c in top if any(targeting.matches(g, s.objs[c], f, p, item.source) for f in e.filters)]
    most = len(fits) if e.take is None else min(e.take, len(fits))
    if not e.up_to:
        names = ", ".join(s.objs[c].name for c in top)
        return choose_cards(g, job, key + ":take", p, _TAKE_KINDS[e.to],
                            lambda k: f"{item.source_name}: put one of {names} {_WHERE[e.to]}", fits, most)
    chosen: list[int] = []
    for k in range(most):
        rest = [c for c in fits if c not in chosen and (not e.filters or _one_each(g, e, item, [*chosen, c]))]
        if not rest:
            break
        verb = "reveal and put" if e.reveal else "put"
        opts = [Option(f"{verb} {s.objs[c].name} {_WHERE[e.to]}", c) for c in distinct_cards(g, rest)]
        opts.append(Option("none" if not chosen else "no more", None))
        v = g.ask(job, f"{key}:take{k}", p, _TAKE_KINDS[e.to],
                  f"{item.source_name}: look at {', '.join(s.objs[c].name for c in top)}", opts)
        if v is None:
            break
        chosen.append(v)
    return chosen


def _one_each(g: Game, e: LookAtTop, item: StackItem, cards: list[int]) -> bool:
    """Whether ``cards`` can each count for a different one of ``e.filters`` ("a Cleric card, a
    Rogue card, … and/or a Wizard card": a Cleric Rogue is one or the other, not both)."""
    fits = [[i for i, f in enumerate(e.filters) if targeting.matches(g, g.s.objs[c], f, item.controller, item.source)]
            for c in cards]
    return any(len(set(pick)) == len(pick) for pick in product(*fits))


def _order(g: Game, job: Job, p: int, cards: list[int], where: str, key: str) -> list[int]:
    """``cards`` in the order the player chooses, first the one nearest the top (CR 401.4)."""
    s = g.s
    ordered: list[int] = []
    kind = "order_top" if where == TOP else "order_bottom"
    place = "on top" if where == TOP else "on the bottom"
    for k in range(len(cards) - 1):
        opts = [Option(f"{s.objs[c].name} next from the top", c)
                for c in distinct_cards(g, (c for c in cards if c not in ordered))]
        ordered.append(g.ask(job, f"{key}:o{k}", p, kind, f"order the cards you put {place} of your library", opts))
    return ordered + [c for c in cards if c not in ordered]


@handles(LookAtTop)
def h_look_at_top(g: Game, job: Job, item: StackItem, e: LookAtTop, key: str) -> None:
    s = g.s
    p = item.controller
    owners = ref_players(g, e.whose, item, job)
    if not owners:
        return  # the target player left or is no longer a legal target (CR 608.2b)
    lib = s.players[owners[0]].library
    top = list(lib[:amount(g, e.n, item, job)])
    if not top:
        return
    taken = _take(g, job, item, e, top, key) if e.take != 0 else []
    rest = [c for c in top if c not in taken]
    if e.rest in (TOP, BOTTOM) and not e.random:
        rest = _order(g, job, p, rest, e.rest, key)
    elif e.random:
        s.rng.shuffle(rest)  # "in a random order" (CR 401.4)
    if e.to == BATTLEFIELD:  # CR 614.12a: what each makes as it enters, asked before anything moves
        from undercity.engine import entering

        for c in taken:
            entering.ask(g, job, f"{key}:enter{c}", c, p)
    # What they saw stays hidden from the others (CR 401.5); what they reveal doesn't (701.20a).
    g.emit(ev.LookedAt(rule="401.5", player=p, cards=tuple(s.objs[c].name for c in top), count=len(top),
                       private_to=p, top=tuple(s.objs[c].name for c in rest) if e.rest == TOP else (),
                       bottom=tuple(s.objs[c].name for c in rest) if e.rest == BOTTOM else ()))
    if taken and e.reveal:
        g.emit(ev.Revealed(rule="701.20a", player=p, cards=tuple(s.objs[c].name for c in taken)))
    for c in taken:
        if e.to == HAND:
            zones.move(g, c, "hand", rule="608.2c", verb="is put into its owner's hand")
        elif e.to == BATTLEFIELD:
            zones.put_onto_battlefield(g, c, p, rule="608.2c", tapped=e.tapped)
        elif e.to == EXILE:
            new = zones.move(g, c, "exile", rule="406.3", verb="is exiled")
            if new is not None and new.zone == "exile" and e.cast_while_exiled:
                from undercity.engine.cast_permissions import may_cast_while_exiled

                may_cast_while_exiled(g, p, new, undaunted=e.undaunted)  # CR 611.2b
        else:
            zones.move(g, c, "graveyard", rule="608.2c", verb="is put into the graveyard")
    if e.rest == GRAVEYARD:
        for c in rest:
            zones.move(g, c, "graveyard", rule="608.2c", verb="is put into the graveyard")
        return
    # Cards sorted within their library stay the same objects: they never left the zone.
    for c in rest:
        lib.remove(c)
    if e.rest == TOP:
        lib[0:0] = rest
    else:
        lib.extend(rest)


@handles(ExileTopPutAny)
def h_exile_top_put_any(g: Game, job: Job, item: StackItem, e: ExileTopPutAny, key: str) -> None:
    """Exile the top cards (face up, CR 406.3), then put any number of those that match onto the
    battlefield, one question each with "no more" (CR 608.2c); what each makes as it enters is
    asked before any moves (CR 614.12a)."""
    s = g.s
    p = item.controller
    if not job.data.get(f"{key}:exiled"):
        ids = []
        with zones.simultaneously(g):  # the top N cards in one event (CR 603.2c)
            for c in list(s.players[p].library[:amount(g, e.n, item, job)]):
                new = zones.move(g, c, "exile", rule="406.3", verb="is exiled")
                if new is not None:
                    ids.append(new.id)
        job.data[f"{key}:exiled"] = ids
    exiled = [c for c in job.data[f"{key}:exiled"] if c in s.objs and s.objs[c].zone == "exile"]
    if not exiled:
        return
    taken = _take(g, job, item, LookAtTop(len(exiled), None, up_to=True, filter=e.filter, to=BATTLEFIELD),
                  exiled, key)
    from undercity.engine import entering

    for c in taken:
        entering.ask(g, job, f"{key}:enter{c}", c, p)
    for c in taken:
        zones.put_onto_battlefield(g, c, p, rule="608.2c")


@handles(PutOnLibrary)
def h_put_on_library(g: Game, job: Job, item: StackItem, e: PutOnLibrary, key: str) -> None:
    """CR 400.3: an object put into a library goes to its owner's; on top or on the bottom
    (CR 401.4). A token put there ceases to exist (CR 111.7, 704.5d)."""
    for oid in ref_objects(g, e.what, item, job):
        place = "on top of" if e.top else "on the bottom of"
        zones.move(g, oid, "library", rule="608.2c", to_top=e.top, verb=f"is put {place} its owner's library")


@handles(PutBeneathTop)
def h_put_beneath_top(g: Game, job: Job, item: StackItem, e: PutBeneathTop, key: str) -> None:
    """"Into its owner's library just beneath the top X cards of that library" (CR 401.4): put on
    top, then moved down beneath X cards — to the bottom if there are fewer (ruling 2021-07-23,
    Underdark Rift). A token put there ceases to exist (CR 111.7, 704.5d)."""
    n = amount(g, e.n, item, job)
    for oid in ref_objects(g, e.what, item, job):
        new = zones.move(g, oid, "library", rule="608.2c", verb=f"is put beneath the top {n} cards of its owner's library")
        if new is None or new.zone != "library":
            continue
        lib = g.s.players[new.owner].library
        lib.remove(new.id)
        lib.insert(min(max(n, 0), len(lib)), new.id)


@handles(m.RevealPutCreature)
def h_reveal_put(g: Game, job: Job, item: StackItem, e: m.RevealPutCreature, key: str) -> None:
    """Throne of the Dead Three: reveal the top ``n`` (CR 701.20), put a creature card from
    among them onto the battlefield with counters (mandatory if there is one); it gains
    hexproof until your next turn; then shuffle (CR 701.24)."""
    s = g.s
    p = item.controller
    top = list(s.players[p].library[:e.n])
    cands = [c for c in top if targeting.matches(g, s.objs[c], e.filter, p)]
    chosen = None
    if cands:
        opts = distinct_card_options(g, cands)
        chosen = g.ask(job, key + ":put", p, "choose_card",
                       f"{g.player_name(p)}: put a creature card from among the revealed cards onto the "
                       "battlefield", opts, {"revealed": [s.objs[c].name for c in top]})
    g.emit(ev.Revealed(rule="701.20a", player=p, cards=tuple(s.objs[c].name for c in top)))
    if chosen is not None:
        new = zones.put_onto_battlefield(g, chosen, p, rule="608.2c", counters=dict(e.counters))
        if new is not None and e.keywords:
            s.effects.append(ContinuousEffect("pump", new.id, 0, 0, e.keywords, "your_next_turn", player=p,
                                              timestamp=s.next_timestamp()))
            g.emit(ev.EffectBegan(rule="611.2a", description=f"{new.name} gains {', '.join(sorted(e.keywords))} "
                                                             f"{until_text(g, 'your_next_turn', p)}"))
    elif top:
        g.emit(ev.Note(rule="608.2c", message="no creature card among them"))
    zones.shuffle(g, p)





@handles(LookRevealToHand)
def h_look_reveal_to_hand(g: Game, job: Job, item: StackItem, e: LookRevealToHand, key: str) -> None:
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


@handles(LookTopPutLand)
def h_look_top_put_land(g: Game, job: Job, item: StackItem, e: LookTopPutLand, key: str) -> None:
    """Look at the top card of the library (only its controller sees it: the effect allows
    the look, CR 401.3); if it's a land card, they may put it onto the battlefield tapped
    (CR 305.4: not a land play); with ``bottom``, a card not put there may go to the bottom; with
    ``else_hand``, a card not put there goes into the hand (CR 608.2c)."""
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
        onto = "onto the battlefield tapped" if e.tapped else "onto the battlefield"
        put = g.ask(job, key + ":put", p, "yes_no", f"{g.player_name(p)}: put {name} {onto}?",
                    [Option(f"put {name} {onto}", True),
                     Option("put it into your hand" if e.else_hand else "leave it", False)])
    to_bottom = False
    if not put and e.bottom:
        to_bottom = g.ask(job, key + ":bottom", p, "yes_no",
                          f"{g.player_name(p)}: put {name} on the bottom of your library?",
                          [Option(f"put {name} on the bottom", True), Option(f"leave {name} on top", False)])
    g.emit(ev.LookedAt(rule="608.2c", player=p, cards=(name,), count=1, private_to=p,
                       top=() if put or to_bottom or e.else_hand else (name,), bottom=(name,) if to_bottom else ()))
    if put:
        zones.put_onto_battlefield(g, top, p, rule="608.2c", tapped=e.tapped)
    elif e.else_hand:
        zones.move(g, top, "hand", rule="608.2c", verb="is put into its owner's hand")
    elif to_bottom:
        lib.remove(top)
        lib.append(top)


@handles(RevealUntilIntoGraveyard)
def h_reveal_until_into_graveyard(g: Game, job: Job, item: StackItem, e: RevealUntilIntoGraveyard, key: str) -> None:
    s = g.s
    for p in ref_players(g, e.who, item, job):
        lib = s.players[p].library
        # CR 701.20a: revealed one at a time from the top until one matches (its characteristics
        # in the library, CR 400.3), or the whole library if none does.
        n = next((i + 1 for i, c in enumerate(lib) if targeting.matches(g, s.objs[c], e.filter, p)), len(lib))
        revealed = lib[:n]
        g.emit(ev.Revealed(rule="701.20a", player=p, cards=tuple(s.objs[c].name for c in revealed)))
        with zones.simultaneously(g):  # "puts those cards into their graveyard": one event
            for c in revealed:
                zones.move(g, c, "graveyard", rule="608.2c", verb="is put into its owner's graveyard")


@handles(ShuffleInRevealTop)
def h_shuffle_in_reveal_top(g: Game, job: Job, item: StackItem, e: ShuffleInRevealTop, key: str) -> None:
    from undercity.engine import entering
    from undercity.engine.effects import move_asking

    s = g.s
    ids = ref_objects(g, e.what, item, job)
    if not ids:
        return
    owner = s.objs[ids[0]].owner  # CR 108.3; a token's owner is who created it (111.2)
    move_asking(g, job, key + ":move", ids[0], "library", rule="701.24a", verb="is shuffled into its owner's library")
    zones.shuffle(g, owner)
    # A token put into a library is no card there: it ceases to exist (CR 111.7, 704.5d).
    top = next((c for c in s.players[owner].library if not s.objs[c].token), None)
    if top is None:
        return
    g.emit(ev.Revealed(rule="701.20a", player=owner, cards=(s.objs[top].name,)))
    if targeting.matches(g, s.objs[top], e.put, owner):
        entering.ask(g, job, key + ":enter", top, owner)  # CR 614.12a: its choices as it enters
        zones.put_onto_battlefield(g, top, owner, rule="608.2c")


def _looks_at_top(card: CardDef) -> bool:
    return any(isinstance(st, LookAtTopAnyTime) for st in card.static)


def top_seen_by(g: Game, player: int) -> Obj | None:
    """The top card of ``player``'s library if they may look at it now: they control a permanent
    with "You may look at the top card of your library any time" (after layer 6, CR 613.1f).
    A card that became the top while they cast a spell or activate an ability can't be looked at
    until that's done (CR 401.5): in this engine every choice of a cast comes before the card
    moves, so a card cast from the top is itself the top card while they choose."""
    s = g.s
    lib = s.players[player].library
    if not lib:
        return None
    ids = ch.permanents_with(s, _looks_at_top)
    for oid in ab.with_abilities(g, ids):
        o = s.objs[oid]
        if o.controller == player and any(isinstance(st, LookAtTopAnyTime) for st in ab.static(g, o)):
            return s.objs[lib[0]]
    return None
