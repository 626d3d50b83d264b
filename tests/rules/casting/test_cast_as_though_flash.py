"""CR 702.8a: "You may cast spells as though they had flash" is a permission for the controller
of the permanent that has it — printed or given by a continuous effect (layer 6, CR 613.1f) —
and for no one else."""

from __future__ import annotations

from undercity.cards.language.continuous import AddAbilities
from undercity.cards.language.static_abilities import CastAsThoughFlash, NoMaximumHandSize
from undercity.cards.registry import get_card
from undercity.engine import abilities, casting, layers, static_abilities
from undercity.engine.game import Game

ALICE, BOB = 0, 1


def test_702_8a_a_given_permission_is_its_controllers_only() -> None:
    """Alice's Grizzly Bears is given "You may cast spells as though they had flash": Alice may
    cast her sorcery in Bob's upkeep, Bob may not cast his."""
    g = Game.empty(["Alice", "Bob"])
    g.s.active, g.s.step = BOB, "upkeep"
    bears = g.create_object(get_card("Grizzly Bears"), ALICE, "battlefield")
    layers.add_effect(g, bears.id, (AddAbilities(abilities=(CastAsThoughFlash(text="You may cast spells as though they had flash."),)),), until="always")
    assert static_abilities.flash_permissions(g, ALICE) == (frozenset(),)
    assert static_abilities.flash_permissions(g, BOB) == ()
    divination = get_card("Divination")
    assert casting.timing_ok(g, ALICE, divination) and not casting.timing_ok(g, BOB, divination)


def test_702_8a_a_printed_permission_stays_its_controllers_when_the_permanent_gains_more() -> None:
    """Alice's Hypersonic Dragon ("You may cast sorcery spells as though they had flash") is given
    another ability too: the permission is still Alice's only, not Bob's."""
    g = Game.empty(["Alice", "Bob"])
    g.s.active, g.s.step = BOB, "upkeep"
    dragon = g.create_object(get_card("Hypersonic Dragon"), ALICE, "battlefield")
    layers.add_effect(g, dragon.id, (AddAbilities(abilities=(CastAsThoughFlash(text="You may cast spells as though they had flash."),)),), until="always")
    assert static_abilities.flash_permissions(g, BOB) == ()
    assert frozenset({"Sorcery"}) in static_abilities.flash_permissions(g, ALICE)
    assert not casting.timing_ok(g, BOB, get_card("Divination"))


def test_613_1f_only_the_permanents_given_that_ability_are_asked() -> None:
    """Two of Alice's Bears are given abilities (layer 6): one "You may cast spells as though they
    had flash", the other "You have no maximum hand size". A query for the first kind finds the
    first only (``abilities.with_static``), after the permanents whose card has it (Vedalken
    Orrery); the second is found for its own kind."""
    g = Game.empty(["Alice", "Bob"])
    orrery = g.create_object(get_card("Vedalken Orrery"), ALICE, "battlefield")
    flash, hand = (g.create_object(get_card("Grizzly Bears"), ALICE, "battlefield") for _ in range(2))
    layers.add_effect(g, flash.id, (AddAbilities(abilities=(CastAsThoughFlash(text="flash"),)),), until="always")
    layers.add_effect(g, hand.id, (AddAbilities(abilities=(NoMaximumHandSize(text="hand"),)),), until="always")
    assert abilities.with_static(g, (orrery.id,), CastAsThoughFlash) == (orrery.id, flash.id)
    assert abilities.with_static(g, (), NoMaximumHandSize) == (hand.id,)
    assert len(static_abilities.flash_permissions(g, ALICE)) == 2
