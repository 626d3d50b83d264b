"""Protection from creatures (CR 702.16), as Seasoned Dungeoneer grants it: damage from creature
sources is prevented (702.16e), abilities of creature sources can't target it (702.16b),
creatures can't block it (702.16f) — while noncreature sources are unaffected.

The scenarios under tests/rulings/seasoned-dungeoneer/ show the blocking and targeting rules in
play; no card of the pool can make a creature deal damage to a creature that has protection
from creatures, so the prevention is checked here on a hand-built position.
"""

from __future__ import annotations

from undercity.cards.model import F, TargetSpec, target_creature
from undercity.cards.registry import get_card
from undercity.engine import combat, targeting
from undercity.engine import events as ev
from undercity.engine.effects import deal_damage
from undercity.engine.game import Game
from undercity.engine.state import ContinuousEffect, Obj

PROTECTION = "protection from creatures"


def position() -> tuple[Game, Obj, Obj, Obj]:
    g = Game.empty(["Alice", "Bob"])
    protected = g.create_object(get_card("Seasoned Dungeoneer"), 0, "battlefield")
    bears = g.create_object(get_card("Grizzly Bears"), 1, "battlefield")
    bard = g.create_object(get_card("Stirring Bard"), 1, "battlefield")
    g.s.effects.append(ContinuousEffect("pump", protected.id, 0, 0, frozenset({PROTECTION}), "eot"))
    return g, protected, bears, bard


def test_damage_from_a_creature_is_prevented() -> None:
    g, protected, bears, _ = position()
    assert deal_damage(g, bears.id, bears.name, ("o", protected.id), 2) == 0
    assert protected.damage == 0
    assert any(isinstance(e, ev.DamagePrevented) and e.rule == "702.16e" for e in g.events)


def test_damage_from_a_noncreature_source_is_dealt() -> None:
    g, protected, _, _ = position()
    bolt = g.create_object(get_card("Lightning Bolt"), 1, "stack")
    assert deal_damage(g, bolt.id, bolt.name, ("o", protected.id), 3) == 3
    assert protected.damage == 3


def test_damage_from_a_creature_that_left_the_battlefield_is_prevented() -> None:
    """Its last known information says the source was a creature (CR 608.2h)."""
    g, protected, bears, _ = position()
    g.s.lki[9999] = {"types": frozenset({"Creature"}), "controller": 1, "name": "Grizzly Bears"}
    assert deal_damage(g, 9999, "Grizzly Bears", ("o", protected.id), 2) == 0


def test_creature_abilities_cant_target_it_other_sources_can() -> None:
    g, protected, bears, bard = position()
    spec = target_creature()
    assert ("o", protected.id) not in targeting.candidates(g, spec, 1, bard.id)  # Stirring Bard's ability
    assert ("o", bears.id) in targeting.candidates(g, spec, 1, bard.id)
    bolt = g.create_object(get_card("Lightning Bolt"), 1, "stack")
    assert ("o", protected.id) in targeting.candidates(g, TargetSpec("any"), 1, bolt.id)
    assert not targeting.still_legal(g, spec, ("o", protected.id), 1, bard.id)


def test_creatures_cant_block_it() -> None:
    g, protected, bears, _ = position()
    assert not combat.can_block(g, bears, protected)
    assert combat.can_block(g, protected, bears)  # it can still block creatures itself


def test_without_the_effect_nothing_changes() -> None:
    g, protected, bears, bard = position()
    g.s.effects.clear()
    assert deal_damage(g, bears.id, bears.name, ("o", protected.id), 2) == 2
    assert ("o", protected.id) in targeting.candidates(g, TargetSpec("permanent", F("Creature")), 1, bard.id)
    assert combat.can_block(g, bears, protected)
