"""Sacrificing a named permanent (CR 701.21): the handler of
:class:`undercity.cards.language.sacrifice.SacrificeIt`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards import model as m
from undercity.cards.language.sacrifice import (
    ReturnPutThisWay,
    SacrificeIt,
    SacrificeOrDiscard,
    SacrificeThen,
    TokenUnlessSacrifice,
)
from undercity.engine import entering, targeting, zones
from undercity.engine.decisions import Option
from undercity.engine.effects import (
    PUT_INTO_GRAVEYARD,
    apnap,
    card_option,
    choose_cards,
    create_token,
    distinct_permanents,
    handles,
    ref_objects,
    ref_players,
    run_in_order,
)
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game


@handles(SacrificeIt)
def h_sacrifice_it(g: Game, job: Job, item: StackItem, e: SacrificeIt, key: str) -> None:
    # CR 701.21a: move it from the battlefield to its owner's graveyard; ref_objects names it
    # only while it is on the battlefield (a token that left can't be sacrificed).
    for oid in ref_objects(g, e.what, item, job):
        zones.move(g, oid, "graveyard", rule="701.21a", verb="is sacrificed")


@handles(m.SacrificeEach)
def h_sacrifice_each(g: Game, job: Job, item: StackItem, e: m.SacrificeEach, key: str) -> None:
    """Oubliette: sacrifice a creature, an artifact, and a land — different permanents, each
    chosen by the sacrificing player (CR 701.21a); none of a kind: nothing for that one."""
    s = g.s
    chosen: list[int] = []
    for p in apnap(g, ref_players(g, e.who, item, job)):
        for k, flt in enumerate(e.filters):
            pool = [oid for oid in s.battlefield if s.objs[oid].controller == p and oid not in chosen
                    and targeting.matches(g, s.objs[oid], flt, p)]
            if pool:
                what = " or ".join(sorted(flt.types)).lower() or "permanent"
                chosen.append(g.ask(job, f"{key}:s{p}:{k}", p, "sacrifice",
                                    f"{g.player_name(p)}: sacrifice a {what}",
                                    [card_option(g, c) for c in distinct_permanents(g, job, pool)]))
    for c in chosen:
        zones.move(g, c, "graveyard", rule="701.21a", verb="is sacrificed")


@handles(TokenUnlessSacrifice)
def h_token_unless_sacrifice(g: Game, job: Job, item: StackItem, e: TokenUnlessSacrifice, key: str) -> None:
    """Each opponent in turn order chooses whether to sacrifice, knowing the earlier choices;
    then the sacrifices and token creations happen at once (ruling 2021-07-23, Acererak)."""
    s = g.s
    me = item.controller
    opponents = [p for p in apnap(g, s.living()) if targeting._is_opponent(g, me, p)]
    sacrificed: list[int] = []
    tokens = 0
    for p in opponents:
        pool = targeting.controlled_matching(g, p, e.filter)
        opts = [Option(f"sacrifice {s.objs[c].name}", c) for c in pool]
        opts.append(Option(f"{g.player_name(me)} creates a {e.token} token", None))
        v = g.ask(job, f"{key}:u{p}", p, "unless_cost",
                  f"{g.player_name(p)}: sacrifice a creature, or {g.player_name(me)} creates a {e.token} token",
                  opts, {"unless": "sacrifice"})
        if v is None:
            tokens += 1
        else:
            sacrificed.append(v)
    with zones.simultaneously(g):
        for c in sacrificed:
            zones.move(g, c, "graveyard", rule="701.21a", verb="is sacrificed")
    for _ in range(tokens):
        create_token(g, e.token, me)


@handles(SacrificeThen)
def h_sacrifice_then(g: Game, job: Job, item: StackItem, e: SacrificeThen, key: str) -> None:
    p = item.controller
    done = key + ":sacrificed"
    if done not in job.data:  # once, even if ``then`` asks questions and this runs again
        mine = targeting.controlled_matching(g, p, e.filter, item.source)  # "another": not this one
        pick = g.ask(job, key + ":pick", p, "sacrifice", f"{g.player_name(p)}: sacrifice a permanent",
                     [card_option(g, c) for c in distinct_permanents(g, job, mine)]) if mine else None
        if pick is not None:
            zones.move(g, pick, "graveyard", rule="701.21a", verb="is sacrificed")
        job.data[done] = pick is not None
    if job.data[done]:  # "If you do" (CR 608.2c)
        run_in_order(g, job, item, e.then, key + ":then")


@handles(SacrificeOrDiscard)
def h_sacrifice_or_discard(g: Game, job: Job, item: StackItem, e: SacrificeOrDiscard, key: str) -> None:
    """Plaguecrafter (ruling 2018-10-05): the sacrifices are chosen in APNAP order, knowing the
    earlier choices, and happen at once; then each player who couldn't sacrifice, in the same
    order, chooses the cards to discard, and those are discarded at once. Whether a player can
    is fixed before anything is sacrificed (they control no such permanent)."""
    s = g.s
    chosen: list[int] = []
    cant: list[int] = []
    for p in apnap(g, ref_players(g, e.who, item, job)):
        pool = targeting.controlled_matching(g, p, e.filter)
        if not pool:
            cant.append(p)
            continue
        chosen.append(g.ask(job, f"{key}:s{p}", p, "sacrifice", f"{g.player_name(p)}: sacrifice a permanent",
                            [card_option(g, c) for c in distinct_permanents(g, job, pool)]))
    discards = [c for p in cant for c in choose_cards(
        g, job, f"{key}:d{p}:", p, "discard", lambda k, p=p: f"{g.player_name(p)}: discard a card ({k + 1} of {e.discard})",
        s.players[p].hand, e.discard)]
    with zones.simultaneously(g):
        for c in chosen:
            zones.move(g, c, "graveyard", rule="701.21a", verb="is sacrificed")
    for c in discards:
        zones.move(g, c, "graveyard", rule="701.9a", verb="is discarded")


@handles(ReturnPutThisWay)
def h_return_put_this_way(g: Game, job: Job, item: StackItem, e: ReturnPutThisWay, key: str) -> None:
    """The cards the effect's sacrifice put into graveyards (new objects there, CR 400.7) — a
    commander among them too, its owner not yet having put it into the command zone (CR 903.9a;
    ruling 2021-07-23, Danse Macabre) — chosen by the ability's controller, then put onto the
    battlefield under their control as one event, each one's "as it enters" choices first
    (CR 614.12a)."""
    s = g.s
    p = item.controller
    cands = [c for c in job.data.get(PUT_INTO_GRAVEYARD) or ()
             if c in s.objs and s.objs[c].zone == "graveyard" and targeting.matches(g, s.objs[c], e.filter, p)]
    chosen: list[int] = []
    for k in range(e.n):
        rest = [c for c in cands if c not in chosen]
        if not rest:
            break
        opts = [Option(f"{s.objs[c].name} ({g.player_name(s.objs[c].owner)})", c) for c in rest]
        if not e.up_to and len(rest) <= e.n - k:
            chosen += rest  # as many as it says, and no more there: no choice (CR 609.3)
            break
        pick = g.ask(job, f"{key}:put{k}", p, "choose_card", f"{g.player_name(p)}: return a creature card put into "
                     "a graveyard this way", opts + ([Option("none", None)] if e.up_to else []))
        if pick is None:
            break
        chosen.append(pick)
    for c in chosen:
        entering.ask(g, job, f"{key}:enter{c}", c, p)
    with zones.simultaneously(g):
        for c in chosen:
            if c in s.objs and s.objs[c].zone == "graveyard":
                zones.put_onto_battlefield(g, c, p, rule="608.2c")
