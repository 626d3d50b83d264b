"""Cards exiled by an ability and found again (CR 607.2a, 406.6): the handlers of
:mod:`undercity.cards.language.exiled_with`.

"Those cards" are kept in the resolving job (``job.data``); "cards exiled with [this]" in
``State.extra[EXILED_WITH]`` by the source's object id — a permanent that leaves the
battlefield and returns is a new object (CR 400.7) and no longer finds them (607.2a). A card
that left exile is no longer one of them (CR 400.7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language import exiled_with as lx
from undercity.engine import targeting, zones
from undercity.engine.decisions import Option
from undercity.engine.effects import counts, distinct_card_options, handles
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.cards.model import Count
    from undercity.engine.game import Game

#: ``State.extra`` key: source object id -> ids of the cards exiled with it.
EXILED_WITH = "exiled_with"
_THOSE = "those_cards"


def _still_exiled(g: Game, ids: list[int]) -> list[int]:
    return [c for c in ids if c in g.s.objs and g.s.objs[c].zone == "exile"]


@handles(lx.ExileTopRemember)
def h_exile_top_remember(g: Game, job: Job, item: StackItem, e: lx.ExileTopRemember, key: str) -> None:
    s = g.s
    p = item.controller
    those: list[int] = []
    with zones.simultaneously(g):  # the top N cards in one event (CR 603.2c)
        for oid in list(s.players[p].library[:e.n]):
            new = zones.move(g, oid, "exile", rule="406.3", verb="is exiled")
            if new is not None:
                those.append(new.id)
    job.data[_THOSE] = those
    if item.source is not None:
        s.extra.setdefault(EXILED_WITH, {}).setdefault(item.source, []).extend(those)


@handles(lx.PutOneOfThose)
def h_put_one_of_those(g: Game, job: Job, item: StackItem, e: lx.PutOneOfThose, key: str) -> None:
    p = item.controller
    cands = [c for c in _still_exiled(g, job.data.get(_THOSE, [])) if targeting.matches(g, g.s.objs[c], e.filter, p)]
    if not cands:
        return
    pick = g.ask(job, key + ":put", p, "choose_card", f"{g.player_name(p)}: put a card from among those cards "
                 "onto the battlefield?", [*distinct_card_options(g, cands), Option("put nothing", None)])
    if pick is not None:
        zones.put_onto_battlefield(g, pick, p, rule="608.2c")


@handles(lx.PutExiledWith)
def h_put_exiled_with(g: Game, job: Job, item: StackItem, e: lx.PutExiledWith, key: str) -> None:
    s = g.s
    ids = _still_exiled(g, s.extra.get(EXILED_WITH, {}).get(item.source, []))
    cards = [c for c in ids if not e.permanent or s.objs[c].card.is_permanent_card]
    with zones.simultaneously(g):  # "all ... onto the battlefield": one event
        for c in cards:
            zones.put_onto_battlefield(g, c, item.controller, rule="607.2a")


@counts(lx.AmongThose)
def _among_those(g: Game, a: Count, item: StackItem, job: Job) -> int:
    return sum(1 for c in job.data.get(_THOSE, [])
               if c in g.s.objs and targeting.matches(g, g.s.objs[c], a.filter, item.controller))

