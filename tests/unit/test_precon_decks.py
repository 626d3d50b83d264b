"""The eight real Commander precons of AFC and CLB ship as named decks (issue 11 §3).

They are legal Commander decks as printed (CR 903.5: 100 cards, singleton but for basic lands,
within the commander's color identity); until the engine implements every card, loading one
for a game names each card it lacks and why (the compiler's first unread or unsupported phrase).
"""

from __future__ import annotations

import pytest

from undercity.cards.registry import is_implemented
from undercity.decks import PRECON_DECKS, load_deck, validate_deck
from undercity.errors import DecklistError


@pytest.mark.parametrize("name", PRECON_DECKS)
def test_each_precon_is_a_hundred_card_commander_deck(name: str) -> None:
    deck = load_deck(name, check=False)
    assert len(deck.main) + len(deck.commanders) == 100  # CR 903.5a
    assert 1 <= len(deck.commanders) <= 2
    # Every problem Commander deck construction finds is an unimplemented card: the lists are
    # legal as printed (singleton 903.5b, color identity 903.5c).
    problems = [p for p in validate_deck(deck, "commander") if "is not implemented in Undercity" not in p]
    assert problems == [], problems


@pytest.mark.parametrize("name", PRECON_DECKS)
def test_loading_a_precon_for_a_game_names_each_missing_card_and_why(name: str) -> None:
    deck = load_deck(name, check=False)
    missing = sorted({c for c in deck.main + deck.commanders if not is_implemented(c)})
    if not missing:
        assert load_deck(name).main  # complete: it loads for a game
        return
    with pytest.raises(DecklistError) as e:
        load_deck(name)
    text = str(e.value)
    for card in missing:
        assert repr(card) in text, card
    assert "not read:" in text or "not supported:" in text  # the reason, not only the name


def test_a_misspelled_precon_name_gets_a_suggestion() -> None:
    with pytest.raises(DecklistError, match="did you mean 'party-time'"):
        load_deck("party-tme")
