"""Casting any number of spells as an effect resolves, without paying their mana costs
(CR 608.2g, 118.9): the handler of
:class:`undercity.cards.language.cast_during_resolution.CastAnyNumberFree`.

The spells are cast one at a time, each chosen after the one before is on the stack (a spell cast
this way may target one cast before it; rulings 2021-03-19, Etali, Primal Storm), by the job
``cast_any_number``: it offers the cards still castable, pushes the cast (``casting``'s ``cast``
job, which asks the spell's own modes and targets), and runs again when that cast is done, until
its controller stops or no card is left. The job is pushed as the effect's ability resolves, so
the casts happen after it has finished resolving and before any player gets priority or a
state-based action is checked, like the other casts during resolution (cascade, Sarevok's Tome).
A card not cast stays in exile, and can't be cast later this way (rulings, Fevered Suspicion).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.cast_during_resolution import (
    CastAnyNumberFree,
    ChooseFromHandMayCastFree,
    CopyCardMayCast,
)
from undercity.engine import casting, exiled_with, targeting, zones
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.engine.effects import amount, choose_cards, distinct_cards, handles, ref_players
from undercity.engine.game import job_runner
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game


@handles(CastAnyNumberFree)
def h_cast_any_number_free(g: Game, job: Job, item: StackItem, e: CastAnyNumberFree, key: str) -> None:
    p = item.controller
    cards = exiled_with.exiled_with(g, item.source) if e.exiled_with else exiled_with.those_cards(g, job)
    cards = [c for c in cards if targeting.matches(g, g.s.objs[c], e.filter, p)]
    if not cards:
        return
    # "with total mana value X or less": X as this resolves (CR 608.2h); None, no bound.
    bound = None if e.max_total_mv is None else max(0, amount(g, e.max_total_mv, item, job))
    g.push("cast_any_number", player=p, cards=cards, bound=bound, source=item.source_name)


@job_runner("cast_any_number")
def run_cast_any_number(g: Game, job: Job) -> None:
    """One more spell, or none: the cards left that could be cast now without paying their mana
    costs (CR 608.2g: timing ignored; 601.2: legal targets, additional costs payable) and, under a
    bound, whose mana value (CR 202.3: X is 0 in exile) fits what is left of it."""
    s = g.s
    d = job.data
    p: int = d["player"]
    bound: int | None = d["bound"]
    left = [] if s.players[p].left else [  # CR 800.4a: nothing more for a player who left the game
        c for c in d["cards"] if c in s.objs and s.objs[c].zone == "exile"
        and (bound is None or s.objs[c].card.mana_value <= bound) and casting.castable(g, p, s.objs[c], free=True)]
    if not left:
        s.jobs.remove(job)
        return
    opts = [Option(f"cast {s.objs[c].name} without paying its mana cost", c) for c in distinct_cards(g, left)]
    opts.append(Option("cast nothing more", None))
    pick = g.ask(job, f"pick{job.pc}", p, "cast_free",
                 f"{d['source']}: you may cast a spell from among the exiled cards without paying its mana cost",
                 opts)
    if pick is None:
        s.jobs.remove(job)
        return
    d["cards"] = [c for c in d["cards"] if c != pick]
    if bound is not None:
        d["bound"] = bound - s.objs[pick].card.mana_value
    job.pc += 1
    g.push("cast", player=p, obj=pick, alt=None, free=True)  # CR 118.9: its mana cost isn't paid


@handles(ChooseFromHandMayCastFree)
def h_choose_from_hand_may_cast_free(g: Game, job: Job, item: StackItem, e: ChooseFromHandMayCastFree,
                                     key: str) -> None:
    """The target opponent chooses the cards (all of their hand if it holds no more, CR 608.2d),
    the controller looks at them, then may cast one that could be cast now without paying its
    mana cost (CR 608.2g: timing ignored; 305.9: not a land) — cast as this finishes resolving."""
    s = g.s
    p = item.controller
    n = max(0, amount(g, e.n, item, job))
    for who in ref_players(g, e.who, item, job):
        hand = list(s.players[who].hand)
        chosen = choose_cards(g, job, f"{key}:show{who}:", who, "show_from_hand",
                              lambda k: f"{item.source_name}: choose a card of your hand for "
                                        f"{g.player_name(p)} to look at ({k + 1} of {n})", hand, n)
        if f"{key}:looked{who}" not in job.data:  # once, even when this runs again after the question
            job.data[f"{key}:looked{who}"] = True
            g.emit(ev.LookedAtHandCards(rule="608.2c", player=p, owner=who, private_to=p,
                                        cards=tuple(s.objs[c].name for c in chosen)))
        cands = [c for c in chosen if c in s.players[who].hand and casting.castable(g, p, s.objs[c], free=True)]
        if not cands:
            continue
        opts = [Option(f"cast {s.objs[c].name} without paying its mana cost", c) for c in distinct_cards(g, cands)]
        pick = g.ask(job, f"{key}:free{who}", p, "cast_free", f"{item.source_name}: you may cast a spell from "
                     "among them without paying its mana cost", [*opts, Option("cast nothing", None)])
        if pick is not None:
            g.push("cast", player=p, obj=pick, alt=None, free=True)  # CR 118.9
            return  # "a spell": one


def copy_card(g: Game, card_obj: int, owner: int) -> int:
    """A copy of the card object ``card_obj``, created in the zone the card is in (CR 707.12) and
    owned by ``owner``, the player whose effect created it (as a copy of a spell is its
    controller's, 707.10); its copiable values are the card's (707.2). The copy's id."""
    s = g.s
    o = s.objs[card_obj]
    c = g.create_object(o.card, owner, o.zone)
    c.is_copy = True
    s.extra.setdefault(zones.STRAY_CARD_COPIES, []).append(c.id)  # CR 704.5e: unless it is cast first
    g.emit(ev.Note(rule="707.12", player=owner, message=f"{g.player_name(owner)} copies {o.name} (in {o.zone})"))
    return c.id


@handles(CopyCardMayCast)
def h_copy_card_may_cast(g: Game, job: Job, item: StackItem, e: CopyCardMayCast, key: str) -> None:
    """Exile the card (``exile``), copy it where it is, and offer to cast the copy while this
    resolves (CR 707.12, 608.2g; ``free``: 118.9); the copy is cast as this finishes resolving."""
    from undercity.engine.effects import ref_objects

    s = g.s
    p = item.controller
    done = f"{key}:copies"
    if done not in job.data:  # exile and copy once, even when this runs again after the question
        copies = []
        for oid in ref_objects(g, e.what, item, job):
            if e.exile:
                new = zones.move(g, oid, "exile", rule="701.13a", verb="is exiled")
                if new is None:
                    continue  # a token ceased to exist (CR 111.7): nothing to copy
                oid = new.id
            copies.append(copy_card(g, oid, p))
        job.data[done] = copies
    cast_now = []  # every question first, then the casts (CR 608.2g: after this finishes resolving)
    for k, c in enumerate(job.data[done]):
        o = s.objs.get(c)
        if o is None:
            continue
        if not casting.castable(g, p, o, free=e.free, ignore_timing=True):
            g.emit(ev.Note(rule="707.12", message=f"the copy of {o.name} can't be cast now"))
            continue
        if e.free:
            cast = casting.ask_cast_free(g, job, f"{key}:{k}", p, o, " (a copy)")
        else:
            cast = bool(g.ask(job, f"{key}:{k}:cast", p, "cast_permission",
                              f"{item.source_name}: cast the copy of {o.name} (paying its costs)?",
                              [Option(f"cast the copy of {o.name}", True), Option("don't cast it", False)]))
        if cast:
            cast_now.append(c)
    for c in cast_now:
        g.push("cast", player=p, obj=c, alt=None, free=e.free)  # CR 707.12, 608.2g
