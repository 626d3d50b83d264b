"""Choices every player makes in turn (CR 101.4): the handlers of
:mod:`undercity.cards.language.each_player_chooses`. Every choice is asked first, each player
seeing the earlier ones in the question; then the permanents are destroyed or sacrificed as
one event (``zones.simultaneously``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.each_player_chooses import (
    ChooseEachSacrificeRest,
    DiscardToFewest,
    EachMayChooseDestroy,
    SacrificeToFewest,
)
from undercity.engine import targeting, zones
from undercity.engine.decisions import Option
from undercity.engine.discard import discard
from undercity.engine.effects import apnap, card_option, choose_cards, destroy_simultaneously, handles
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game


def starting_with(g: Game, player: int) -> list[int]:
    """The players still in the game in turn order, starting with ``player`` ("starting with
    you", CR 101.4)."""
    s = g.s
    n = len(s.players)
    living = set(s.living())
    return [q for q in ((player + k) % n for k in range(n)) if q in living]


@handles(EachMayChooseDestroy)
def h_each_may_choose_destroy(g: Game, job: Job, item: StackItem, e: EachMayChooseDestroy, key: str) -> None:
    """Druid of Purification (ruling 2021-07-23): in turn order, each player may choose a
    permanent — one already chosen too — knowing the earlier choices; then all are destroyed."""
    s = g.s
    me = item.controller
    pool = [oid for oid in s.battlefield if targeting.matches(g, s.objs[oid], e.filter, me, item.source)
            and not (e.not_yours and s.objs[oid].controller == me)]
    chosen: list[int] = []
    for p in starting_with(g, me):
        so_far = ", ".join(s.objs[c].name for c in chosen) or "nothing yet"
        c = g.ask(job, f"{key}:c{p}", p, "choose_to_destroy",
                  f"{g.player_name(p)}: choose a permanent to destroy ({item.source_name}; chosen: {so_far})",
                  [card_option(g, oid) for oid in pool] + [Option("choose nothing", None)])
        if c is not None and c not in chosen:
            chosen.append(c)
    destroy_simultaneously(g, job, key, [c for c in chosen if c in s.objs])


@handles(ChooseEachSacrificeRest)
def h_choose_each_sacrifice_rest(g: Game, job: Job, item: StackItem, e: ChooseEachSacrificeRest, key: str) -> None:
    """Cataclysmic Gearhulk (rulings 2016-09-20): in APNAP order each player chooses one of each
    kind among their nonland permanents (an artifact creature may be both); then every other
    nonland permanent is sacrificed, at once."""
    s = g.s
    rest: list[int] = []
    for p in apnap(g, s.living()):
        mine = targeting.controlled_matching(g, p, e.among, item.source)
        kept: set[int] = set()
        for k, kind in enumerate(e.kinds):
            of_kind = [oid for oid in mine if targeting.matches(g, s.objs[oid], kind, p, item.source)]
            if of_kind:
                what = " or ".join(sorted(kind.types)).lower()
                kept.add(g.ask(job, f"{key}:k{p}:{k}", p, "choose_card",
                               f"{g.player_name(p)}: choose {'an' if what[0] in 'aeiou' else 'a'} {what} to keep",
                               [card_option(g, oid) for oid in of_kind], {"keep": True}))
        rest += [oid for oid in mine if oid not in kept]
    with zones.simultaneously(g):
        for oid in rest:
            zones.move(g, oid, "graveyard", rule="701.21a", verb="is sacrificed")


def _keep_fewest(g: Game, job: Job, key: str, item: StackItem, pools: dict[int, list[int]], what: str) -> list[int]:
    """Each player, in APNAP order, chooses as many of their ``pools`` as the smallest pool has
    (CR 101.4; all of them when theirs is that small, none when some player has none); the ids not
    kept, for all players."""
    fewest = min((len(ids) for ids in pools.values()), default=0)
    rest: list[int] = []
    for p in apnap(g, list(pools)):
        kept = choose_cards(g, job, f"{key}:k{p}:", p, "choose_card",
                            lambda k, p=p: f"{g.player_name(p)}: choose {what} to keep ({k + 1} of {fewest}; "
                                           f"{item.source_name})", pools[p], fewest)
        rest += [oid for oid in pools[p] if oid not in kept]
    return rest


@handles(SacrificeToFewest)
def h_sacrifice_to_fewest(g: Game, job: Job, item: StackItem, e: SacrificeToFewest, key: str) -> None:
    """Magus of the Balance (ruling 2018-07-13): the player whose turn it is chooses first, each
    other player in turn order knowing the earlier choices; then every permanent not chosen is
    sacrificed at once."""
    pools = {p: targeting.controlled_matching(g, p, e.filter, item.source) for p in g.s.living()}
    rest = _keep_fewest(g, job, key, item, pools, "a permanent")
    with zones.simultaneously(g):
        for oid in rest:
            zones.move(g, oid, "graveyard", rule="701.21a", verb="is sacrificed")


@handles(DiscardToFewest)
def h_discard_to_fewest(g: Game, job: Job, item: StackItem, e: DiscardToFewest, key: str) -> None:
    """The same with cards in hand, discarded at once (CR 701.9a); a player with no cards in hand
    makes every other player discard theirs (ruling 2018-07-13)."""
    s = g.s
    pools = {p: list(s.players[p].hand) for p in s.living()}
    rest = _keep_fewest(g, job, key, item, pools, "a card")
    with zones.simultaneously(g):
        for oid in rest:
            discard(g, oid)
