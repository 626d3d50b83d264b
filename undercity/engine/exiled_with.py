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
from undercity.engine import events as ev
from undercity.engine import targeting, zones
from undercity.engine.decisions import Option
from undercity.engine.effects import amount, counts, distinct_card_options, handles, ref_objects, ref_players
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.cards.model import Count
    from undercity.engine.game import Game

#: ``State.extra`` key: source object id -> ids of the cards exiled with it.
EXILED_WITH = "exiled_with"
#: ``State.extra`` key: spell object id -> the sources whose "exile it instead of putting it into a
#: graveyard as it resolves" applies to it (:class:`~undercity.cards.language.exiled_with.ExileAsItResolves`).
EXILE_AS_IT_RESOLVES = "exile_as_it_resolves"
_THOSE = "those_cards"


def _still_exiled(g: Game, ids: list[int]) -> list[int]:
    return [c for c in ids if c in g.s.objs and g.s.objs[c].zone == "exile"]


def those_cards(g: Game, job: Job) -> list[int]:
    """"Those cards" of the resolving ability still in exile (CR 400.7: a card that left is a new
    object)."""
    return _still_exiled(g, job.data.get(_THOSE, []))


def exiled_with(g: Game, source: int | None) -> list[int]:
    """The cards exiled with ``source`` (an object id) still in exile (CR 607.2a)."""
    return _still_exiled(g, g.s.extra.get(EXILED_WITH, {}).get(source, [])) if source is not None else []


def _remember(g: Game, job: Job, item: StackItem, those: list[int]) -> None:
    job.data[_THOSE] = those
    if item.source is not None:
        g.s.extra.setdefault(EXILED_WITH, {}).setdefault(item.source, []).extend(those)


@handles(lx.ExileTopRemember)
def h_exile_top_remember(g: Game, job: Job, item: StackItem, e: lx.ExileTopRemember, key: str) -> None:
    s = g.s
    those: list[int] = []
    with zones.simultaneously(g):  # the top N cards (of each library) in one event (CR 603.2c)
        for owner in ref_players(g, e.whose, item, job):
            for oid in list(s.players[owner].library[:e.n]):
                new = zones.move(g, oid, "exile", rule="406.3", verb="is exiled")
                if new is not None:
                    those.append(new.id)
    _remember(g, job, item, those)


@handles(lx.ExileUntilRemember)
def h_exile_until_remember(g: Game, job: Job, item: StackItem, e: lx.ExileUntilRemember, key: str) -> None:
    those: list[int] = []
    for owner in ref_players(g, e.who, item, job):  # in turn order (CR 101.4)
        exiled, _hit = zones.exile_until(g, owner, lambda new: targeting.matches(g, new, e.filter, item.controller),
                                         rule="701.13a")
        those += exiled
    _remember(g, job, item, those)


@handles(lx.ExileLinked)
def h_exile_linked(g: Game, job: Job, item: StackItem, e: lx.ExileLinked, key: str) -> None:
    those: list[int] = []
    for oid in ref_objects(g, e.what, item, job):
        new = zones.move(g, oid, "exile", rule="701.13a", verb="is exiled")
        if new is not None and new.zone == "exile":  # a commander may go to the command zone (CR 903.9b)
            those.append(new.id)
    _remember(g, job, item, those)


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


@handles(lx.ReturnExiledWith)
def h_return_exiled_with(g: Game, job: Job, item: StackItem, e: lx.ReturnExiledWith, key: str) -> None:
    """Up to ``n`` of the cards exiled with the source (CR 607.2a), chosen one at a time with "no
    more", each returned to its owner's hand (CR 400.3) — together, one event (CR 603.2c)."""
    p = item.controller
    cands = exiled_with(g, item.source)
    chosen: list[int] = []
    for k in range(min(amount(g, e.n, item, job), len(cands))):
        rest = [c for c in cands if c not in chosen]
        pick = g.ask(job, f"{key}:pick{k}", p, "choose_card", f"{item.source_name}: return a card exiled with it to its "
                     "owner's hand", [*distinct_card_options(g, rest), Option("none" if not chosen else "no more", None)])
        if pick is None:
            break
        chosen.append(pick)
    with zones.simultaneously(g):
        for c in chosen:
            zones.move(g, c, "hand", rule="607.2a", verb="is returned to its owner's hand")


@counts(lx.AmongThose)
def _among_those(g: Game, a: Count, item: StackItem, job: Job) -> int:
    return sum(1 for c in job.data.get(_THOSE, [])
               if c in g.s.objs and targeting.matches(g, g.s.objs[c], a.filter, item.controller))



@handles(lx.ExileAsItResolves)
def h_exile_as_it_resolves(g: Game, job: Job, item: StackItem, e: lx.ExileAsItResolves, key: str) -> None:
    """CR 614.1a: the replacement waits for the spell's resolution; a spell that has left the
    stack is a new object it doesn't apply to (CR 400.7)."""
    spell = item.trigger_data.get("spell")
    o = g.s.objs.get(spell) if spell is not None else None
    if o is None or o.zone != "stack" or item.source is None:
        return
    marks = g.s.extra.setdefault(EXILE_AS_IT_RESOLVES, {})
    for gone in [k for k in marks if k not in g.s.objs]:  # spells countered meanwhile (CR 400.7)
        del marks[gone]
    marks.setdefault(o.id, []).append(item.source)


def resolving_exile(g: Game, job: Job, item: StackItem) -> int | None:
    """As an instant or sorcery finishes resolving (CR 608.2n): the source whose "exile it instead
    of putting it into a graveyard as it resolves" exiles it, or None (none applies, or the
    controller chose another replacement effect, CR 616.1 — applied by the move to the graveyard).
    Asked once, before the spell leaves the stack."""
    s = g.s
    rods = s.extra.get(EXILE_AS_IT_RESOLVES, {}).get(item.obj) if item.kind == "spell" else None
    if not rods or item.obj not in s.objs:
        return None
    o = s.objs[item.obj]
    names = {r: (s.objs[r].name if r in s.objs else (s.lki.get(r) or {}).get("name", "a source")) for r in rods}
    opts = [Option(f"{names[r]}: exile it instead", r) for r in dict.fromkeys(rods)]
    opts += [Option(r.label, None) for r in zones.distinct_replacements(zones.replacements_for(g, o, "stack",
                                                                                             "graveyard"))]
    if len(opts) == 1:
        return rods[0]
    return g.ask(job, "exile_as_it_resolves", item.controller, "replacement",
                 f"which replacement effect applies first to {o.name}?", opts)


def finish_resolving(g: Game, item: StackItem, source: int | None) -> bool:
    """Exile the resolving spell with ``source`` instead of putting it into its owner's graveyard
    (CR 614.1a, 608.2n), the card exiled with it from now on (CR 607.2a); False if ``source`` is
    None."""
    s = g.s
    s.extra.get(EXILE_AS_IT_RESOLVES, {}).pop(item.obj, None)
    if source is None:
        return False
    name = s.objs[source].name if source in s.objs else (s.lki.get(source) or {}).get("name", "a source")
    g.emit(ev.Note(rule="614.1a", message=f"Replacement: {name}: exile it instead"))
    new = zones.move(g, item.obj, "exile", rule="614.1a", verb="is exiled instead")
    if new is not None and new.zone == "exile":
        s.extra.setdefault(EXILED_WITH, {}).setdefault(source, []).append(new.id)
    return True
