"""Defining adventurer cards (CR 715) and Classes (CR 716): the definitions read the Oracle data,
and a definition that doesn't fit the card is refused with an error saying why."""

from __future__ import annotations

import pickle

import pytest

from undercity.cards.language.adventure import AdventurerCard, adventure_of, adventurer, normal_card
from undercity.cards.language.class_level import class_card, level
from undercity.cards.model import SpellAbility
from undercity.cards.registry import get_card


def test_an_adventurer_card_has_its_main_characteristics_and_its_adventure() -> None:
    """CR 715.2, 715.4: named, costed and typed as the main card; the Adventure from the second face."""
    card = get_card("Giant Killer // Chop Down")
    assert get_card("Giant Killer") is card and isinstance(card, AdventurerCard)
    assert (card.name, card.mana_value, card.types) == ("Giant Killer", 1, frozenset({"Creature"}))
    adv = adventure_of(card)
    assert adv is not None
    assert (adv.name, str(adv.mana_cost), adv.types, adv.subtypes) == (
        "Chop Down", "{2}{W}", frozenset({"Instant"}), frozenset({"Adventure"}))
    assert normal_card(adv) is card
    assert pickle.loads(pickle.dumps(adv)) is adv and pickle.loads(pickle.dumps(card)) is card


def test_a_card_without_an_adventure_cannot_be_defined_as_one() -> None:
    with pytest.raises(ValueError, match=r"Grizzly Bears is not an adventurer card \(layout 'normal', 0 faces\)"):
        adventurer("Grizzly Bears", adventure=SpellAbility("Nothing."))


def test_level_bars_must_be_in_order_from_level_two() -> None:
    with pytest.raises(ValueError, match=r"class level bar raises the level to 2 or more, not 1"):
        level(1, "{U}")
    with pytest.raises(ValueError, match=r"Wizard Class: level bars must be levels \[2, 3\] in order"):
        class_card("Wizard Class", levels=(level(3, "{4}{U}"), level(2, "{2}{U}")))
