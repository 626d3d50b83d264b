"""Mana abilities after layer 6 (CR 605.1a, 613.1f), as the mana fast paths read them.

The mana bound of the priority fast path (``costs.mana_bound``), the payability memo and the
mana sources read a permanent's mana abilities from its card while every permanent has its
card's (``costs.mana_plain``): an ability given that is no mana ability (a Background's
"commander creatures you own have …") leaves them so; a mana ability given, or all abilities
lost, doesn't — then the mana is read from the permanent's characteristics.
"""

from __future__ import annotations

from undercity.cards.language.continuous import AddAbilities, LoseAbilities
from undercity.cards.registry import get_card
from undercity.engine import abilities as ab
from undercity.engine import costs, layers
from undercity.engine.game import Game
from undercity.mana import parse_cost


def test_605_1a_a_granted_ability_that_is_no_mana_ability_keeps_the_cards_mana() -> None:
    """Grizzly Bears given Zulaport Cutthroat's triggered ability (layer 6) has no mana
    ability: Alice's mana is her Forest's, bounded and memoized as if nothing were given."""
    g = Game.empty(["Alice", "Bob"])
    forest = g.create_object(get_card("Forest"), 0, "battlefield")
    bears = g.create_object(get_card("Grizzly Bears"), 0, "battlefield")
    layers.add_effect(g, bears.id, (AddAbilities((get_card("Zulaport Cutthroat").triggered[0],), frozenset()),))
    assert not ab.plain(g) and costs.mana_plain(g)
    assert costs.mana_bound(g, 0) == 1
    assert [src.key for src in costs.mana_sources(g, 0)] == [forest.id]
    mana = costs.PlayerMana(g, 0)
    assert mana.affords(parse_cost("{G}")) and not mana.affords(parse_cost("{1}{G}"))


def test_613_1f_a_granted_mana_ability_is_read_from_the_permanent() -> None:
    """Grizzly Bears given Llanowar Elves's "{T}: Add {G}" is a mana source (CR 605.1a): no
    bound from the cards (it would miss the Bears), and {1}{G} is affordable."""
    g = Game.empty(["Alice", "Bob"])
    forest = g.create_object(get_card("Forest"), 0, "battlefield")
    bears = g.create_object(get_card("Grizzly Bears"), 0, "battlefield")
    bears.sick = False
    layers.add_effect(g, bears.id, (AddAbilities((get_card("Llanowar Elves").activated[0],), frozenset()),))
    assert not costs.mana_plain(g) and costs.mana_bound(g, 0) is None
    assert sorted(src.key for src in costs.mana_sources(g, 0)) == sorted([forest.id, bears.id])
    assert costs.PlayerMana(g, 0).affords(parse_cost("{1}{G}"))


def test_613_1f_a_land_that_lost_all_abilities_adds_no_mana() -> None:
    """A Forest that loses all abilities (layer 6) has no mana ability: Alice's other Forest is
    her only source, and {1}{G} is beyond her."""
    g = Game.empty(["Alice", "Bob"])
    lost = g.create_object(get_card("Forest"), 0, "battlefield")
    other = g.create_object(get_card("Forest"), 0, "battlefield")
    layers.add_effect(g, lost.id, (LoseAbilities(),))
    assert not costs.mana_plain(g)
    assert [src.key for src in costs.mana_sources(g, 0)] == [other.id]
    assert not costs.PlayerMana(g, 0).affords(parse_cost("{1}{G}"))
