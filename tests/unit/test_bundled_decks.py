"""Every bundled deck is made only of implemented cards and is legal in its format (issue 5)."""

from __future__ import annotations

import pytest

from undercity.cards.registry import is_implemented
from undercity.decks import BUNDLED, COMMANDER_DECKS, load_deck, validate_deck


@pytest.mark.parametrize("name", BUNDLED)
def test_constructed_deck_is_legal_and_implemented(name: str) -> None:
    deck = load_deck(name)
    assert len(deck.main) >= 60
    assert all(is_implemented(c) for c in deck.main)
    assert validate_deck(deck, "constructed") == []


@pytest.mark.parametrize("name", COMMANDER_DECKS)
def test_commander_deck_is_legal_and_implemented(name: str) -> None:
    deck = load_deck(name)
    assert all(is_implemented(c) for c in deck.main + deck.commanders)
    assert validate_deck(deck, "commander") == []


def test_initiative_decks_take_the_initiative() -> None:
    """The two 60-card initiative decks are built around cards that take the initiative."""
    from undercity.cards.model import TakeInitiative
    from undercity.cards.registry import get_card

    for name in ("orzhov-initiative", "simic-initiative"):
        cards = {get_card(c) for c in load_deck(name).main}
        takers = [c for c in cards if any(isinstance(e, TakeInitiative) for a in (*c.triggered, c.spell)
                                          if a is not None for e in getattr(a, "effects", ()))]
        assert len(takers) >= 4, name


def test_commander_decks_are_real_decks_and_one_has_a_background() -> None:
    """Issue 5: the Commander decks are built from spells, not padded with basic lands, and
    one pairs its commander with a Background (CR 702.124k)."""
    from undercity.cards.registry import get_card

    backgrounds = []
    for name in ("commander-linden", "commander-erinis", "commander-sefris", "commander-barrowin"):
        deck = load_deck(name)
        cards = [get_card(c) for c in deck.main]
        nonland = [c for c in cards if "Land" not in c.types]
        assert len(nonland) >= 55, f"{name}: only {len(nonland)} nonland cards"
        backgrounds += [c for c in deck.commanders if "Background" in get_card(c).subtypes]
    assert backgrounds == ["Cloakwood Hermit"]
