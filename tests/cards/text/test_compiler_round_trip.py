"""Rendering the parsed form gives back the Oracle text (reminder text removed, the card's
name as ``~``) for every card the compiler reads: no clause is dropped on the way."""

from __future__ import annotations

from undercity.cards.corpus import known_cards
from undercity.cards.oracle import load_oracle
from undercity.cards.text.compile import compile_fields, oracle_fields
from undercity.cards.text.coverage import learn_subtypes


def _mismatches(cards: list[dict]) -> tuple[int, list[tuple[str, str, str]]]:
    read, bad = 0, []
    for card in cards:
        c = compile_fields(card)
        if c.parsed is None:
            continue
        read += 1
        # An adventurer card's Adventure face (CR 715.2) renders back to its own text too.
        for part in (c, c.adventure):
            if part is not None and part.parsed is not None and part.parsed.render() != part.parse.text:
                bad.append((c.name, part.parse.text, part.parsed.render()))
    return read, bad


def test_every_card_of_the_shipped_data_renders_back_to_its_text() -> None:
    read, bad = _mismatches([oracle_fields(oc) for oc in load_oracle().values()])
    assert read > 250  # the test means something only if the compiler reads cards
    assert bad == []


def test_every_known_card_read_renders_back_to_its_text() -> None:
    cards = list(known_cards().values())
    learn_subtypes(cards)
    read, bad = _mismatches(cards)
    assert read > 3000
    assert bad[:5] == []
