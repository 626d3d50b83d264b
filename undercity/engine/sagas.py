"""Sagas (CR 714): the lore counter each Saga gets as its controller's precombat main phase
begins (714.3c, a turn-based action asked by ``turn.begin_step``) and the state-based action
that sacrifices a Saga whose lore counters reached its final chapter number once no chapter
ability of it is waiting to resolve (714.4, 704.5s, asked by ``sba.collect``). Its chapter
abilities are "when the Nth lore counter is put on ~" triggers
(:class:`~undercity.cards.language.sagas.Chapter`, detected by :mod:`undercity.engine.counters`);
"enters with a lore counter" (714.3a) is an ``EntersWithCounters`` ability of every Saga."""

from __future__ import annotations

from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any

from undercity.cards.language.sagas import Chapter
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import sba, zones
from undercity.engine.teams import active_players

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game
    from undercity.engine.state import Obj


def _chapters_in(c: CardDef | Any) -> bool:
    """Whether a card, or a permanent's characteristics now (``layers.Chars``), has a chapter
    ability (CR 714.2b)."""
    return any(isinstance(a.when, Chapter) for a in c.triggered)


#: :func:`_chapters_in` of a card, cached: the battlefield index's test.
_has_chapters = lru_cache(maxsize=4096)(_chapters_in)


def final_chapter(g: Game, o: Obj) -> int:
    """The greatest chapter number among the chapter abilities ``o`` has now, 0 with none
    (CR 714.2d; after layer 6, CR 613.1f)."""
    return max((a.when.n for a in ab.triggered(g, o) if isinstance(a.when, Chapter)), default=0)


def _sagas(g: Game) -> list[Obj]:
    s = g.s
    return [s.objs[oid] for oid in ab.with_given(g, ch.permanents_with(s, _has_chapters), _chapters_in)]


def add_lore_counters(g: Game) -> None:
    """CR 714.3c: as a player's precombat main phase begins, they put a lore counter on each
    Saga they control with one or more chapter abilities (no stack; every player of the active
    team, CR 805.4a)."""
    players = active_players(g)
    for o in _sagas(g):
        if o.controller in players and final_chapter(g, o) > 0:
            zones.add_counters(g, o, "lore", 1, "714.3c")


def _chapter_waiting(g: Game, oid: int) -> bool:
    """Whether a chapter ability of ``oid`` has triggered and not yet left the stack (CR 714.4):
    waiting to be put on it, or on it."""
    s = g.s
    return any(t.source == oid and t.ability is not None and isinstance(getattr(t.ability, "when", None), Chapter)
               for t in s.pending_triggers) or any(
        it.source == oid and it.kind == "triggered" and isinstance(getattr(it.ability, "when", None), Chapter)
        for it in s.stack)


def _sacrifice(oid: int, g: Game) -> None:
    if oid in g.s.objs and g.s.objs[oid].zone == "battlefield":
        zones.move(g, oid, "graveyard", rule="704.5s", verb="is sacrificed")  # CR 701.21a


def state_based_actions(g: Game) -> list[sba.Action]:
    """CR 704.5s, 714.4: a Saga with as many lore counters as its final chapter number or more,
    none of whose chapter abilities is waiting to resolve, is sacrificed by its controller."""
    out = []
    for o in _sagas(g):
        n = final_chapter(g, o)
        if n and o.counters.get("lore", 0) >= n and not _chapter_waiting(g, o.id):
            out.append(sba.Action("hook", "704.5s", obj=o.id, reason="its last chapter ability has left the stack",
                                  run=partial(_sacrifice, o.id)))
    return out
