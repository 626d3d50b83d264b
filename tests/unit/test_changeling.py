"""Changeling (CR 702.73a): "this object is every creature type", a characteristic-defining
ability (604.3) that works in every zone — part of the card's characteristics, and of a token's
that has it."""

from __future__ import annotations

from undercity.cards import registry
from undercity.cards.text.creature_types import CREATURE_TYPES


def test_a_changeling_card_is_every_creature_type() -> None:
    for name in ("Irregular Cohort", "Avian Changeling"):
        card = registry.get_card(name)
        assert "changeling" in card.keywords
        assert CREATURE_TYPES <= card.subtypes and {"Goblin", "Assembly-Worker", "Shapeshifter"} <= card.subtypes


def test_its_token_with_changeling_is_every_creature_type() -> None:
    registry.get_card("Irregular Cohort")  # defines the token it creates
    token = registry.get_token("Shapeshifter (2/2 colorless, changeling)")
    assert CREATURE_TYPES <= token.subtypes and token.colors == frozenset()


def test_without_changeling_a_card_keeps_its_own_subtypes() -> None:
    assert registry.get_card("Grizzly Bears").subtypes == frozenset({"Bear"})
