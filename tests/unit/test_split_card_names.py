"""A split card is named by its whole Oracle name, "Dusk // Dawn" (CR 709.4a: it has two names),
in a decklist, in the card database and in `undercity card`, which shows both halves; the card
is one card (CR 709.2) of the two halves' combined characteristics (709.4)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from undercity import carddb
from undercity.cards.language.split_cards import SplitCard
from undercity.cards.registry import get_card, is_implemented
from undercity.cli import app
from undercity.decks import parse_decklist


@pytest.fixture()
def cache(tmp_path: Path) -> Iterator[Path]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(carddb.ENV_CACHE_DIR, str(tmp_path))
        yield tmp_path


def test_a_decklist_naming_the_split_card_loads_it() -> None:
    deck = parse_decklist("4 Dusk // Dawn\n56 Plains\n")
    assert [e.name for e in deck.entries] == ["Dusk // Dawn", "Plains"]
    assert deck.main.count("Dusk // Dawn") == 4  # four cards, not eight halves (CR 709.2)
    assert is_implemented("Dusk // Dawn")


def test_the_card_has_both_halves_combined() -> None:
    card = get_card("Dusk // Dawn")
    assert isinstance(card, SplitCard)
    assert card.names == ("Dusk", "Dawn")  # CR 709.4a
    assert (card.mana_cost.text, card.mana_value, card.colors) == ("{5}{W}{W}{W}{W}", 9, frozenset("W"))  # 709.4b
    assert card.types == frozenset({"Sorcery"}) and card.spell is None  # 709.4c; a half is cast (709.3)
    dusk, dawn = card.halves
    assert (dusk.name, dusk.mana_value, dusk.keywords) == ("Dusk", 4, frozenset())
    assert (dawn.name, dawn.mana_value, dawn.keywords) == ("Dawn", 5, frozenset({"aftermath"}))  # 702.127a


def test_undercity_card_shows_both_halves_and_that_it_is_implemented(cache: Path) -> None:
    r = CliRunner().invoke(app, ["card", "Dusk // Dawn"])
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Dusk\n{2}{W}{W}\nSorcery\nDestroy all creatures with power 3 or greater." in out
    assert "Dawn\n{3}{W}{W}\nSorcery\nAftermath" in out
    assert "Undercity: implemented" in out
