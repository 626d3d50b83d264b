"""The battlefield index (``characteristics.permanents_with``) brought up to date, not
recomputed, when the battlefield changes: permanents join at the end of its list as new
objects and leave by removal (CR 400.7), so the old answer less what left, then the newcomers
that qualify, is the answer; a permanent phasing in rejoins with its old id (CR 702.26d) and
drops the index. At each step the answer is compared with a fresh scan of the battlefield."""

from __future__ import annotations

from undercity.cards.registry import get_card
from undercity.engine import characteristics as ch
from undercity.engine import phasing, zones
from undercity.engine.game import Game


def _creature(card: object) -> bool:
    return "Creature" in card.types  # type: ignore[attr-defined]


def _fresh(g: Game) -> tuple[int, ...]:
    return tuple(oid for oid in g.s.battlefield if _creature(g.s.objs[oid].card))


def test_400_7_the_index_follows_departures_and_newcomers() -> None:
    g = Game.empty(["Alice", "Bob"])
    bears = [g.create_object(get_card("Grizzly Bears"), i % 2, "battlefield") for i in range(4)]
    land = g.create_object(get_card("Forest"), 0, "battlefield")
    assert ch.permanents_with(g.s, _creature) == _fresh(g) == tuple(b.id for b in bears)
    zones.move(g, bears[1].id, "graveyard", rule="704.5g")  # one leaves from the middle
    assert ch.permanents_with(g.s, _creature) == _fresh(g)
    newer = g.create_object(get_card("Grizzly Bears"), 1, "battlefield")  # one joins
    zones.move(g, bears[0].id, "graveyard", rule="704.5g")  # and another leaves, between two looks
    assert ch.permanents_with(g.s, _creature) == _fresh(g) and newer.id in _fresh(g)
    zones.move(g, newer.id, "exile", rule="406.3")  # the last one leaves
    assert ch.permanents_with(g.s, _creature) == _fresh(g)
    zones.move(g, land.id, "graveyard", rule="701.8a")
    assert ch.permanents_with(g.s, _creature) == _fresh(g) == (bears[2].id, bears[3].id)


def test_702_26d_a_permanent_phasing_in_keeps_its_id_and_the_index_is_right() -> None:
    g = Game.empty(["Alice", "Bob"])
    bears = [g.create_object(get_card("Grizzly Bears"), 0, "battlefield") for _ in range(3)]
    assert ch.permanents_with(g.s, _creature) == _fresh(g)
    phasing.phase_out(g, [bears[0].id])
    g.create_object(get_card("Grizzly Bears"), 1, "battlefield")
    phasing._phase_in(g, bears[0].id)  # back at the end of the list, with its old id
    assert ch.permanents_with(g.s, _creature) == _fresh(g)
    assert _fresh(g)[-1] == bears[0].id
