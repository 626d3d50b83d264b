"""The shipped Oracle data (undercity/data/oracle.json) and its loader."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from undercity.cards.oracle import (
    OracleCard,
    find_oracle,
    load_oracle,
    lookup_localized,
    normalize_name,
    parse_type_line,
)
from undercity.errors import UnknownCardError

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
REFERENCE_CARDS = SHARED / "reference" / "cards.json"

needs_shared = pytest.mark.skipif(not REFERENCE_CARDS.exists(), reason=f"no reference data at {SHARED}")


def _builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_card_data", ROOT / "tools" / "build_card_data.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- loader -----------------------------------------------------------------


def test_lightning_bolt() -> None:
    bolt = find_oracle("Lightning Bolt")
    assert bolt.name == "Lightning Bolt"
    assert bolt.mana_cost == "{R}"
    assert bolt.mana_value == 1
    assert bolt.oracle_text == "Lightning Bolt deals 3 damage to any target."
    assert bolt.type_line == "Instant"
    assert bolt.types == ("Instant",)
    assert bolt.supertypes == () and bolt.subtypes == ()
    assert bolt.colors == ("R",)
    assert bolt.power is None and bolt.toughness is None and bolt.loyalty is None


def test_load_oracle_is_cached_and_keyed_by_name() -> None:
    cards = load_oracle()
    assert cards is load_oracle()
    assert len(cards) > 1000
    assert all(name == card.name for name, card in cards.items())


def test_cards_are_hashable_and_immutable() -> None:
    card = find_oracle("Ravenloft Adventurer")
    assert isinstance(card, OracleCard)
    assert hash(card) == hash(find_oracle("Ravenloft Adventurer"))
    assert {card} == {find_oracle("Ravenloft Adventurer")}
    with pytest.raises(AttributeError):
        card.name = "x"  # type: ignore[misc]


def test_seed_card_fields() -> None:
    card = find_oracle("Ravenloft Adventurer")
    assert card.mana_cost == "{3}{B}"
    assert card.type_line == "Creature — Human Rogue Assassin"
    assert card.subtypes == ("Human", "Rogue", "Assassin")
    assert (card.power, card.toughness) == ("3", "4")
    assert card.oracle_text.startswith("When this creature enters, you take the initiative.\n")
    assert (card.set, card.number, card.rarity) == ("CLB", "142", "rare")
    assert card.names_i18n["fr"] == "Aventurière de Ravenloft"
    assert card.legalities["commander"] == "Legal"
    assert card.rulings and all(r.date and r.text for r in card.rulings)
    assert card.source.startswith("reference/cards.json")


def test_multi_face_card() -> None:
    card = find_oracle("Lovestruck Beast // Heart's Desire")
    assert card.layout == "adventure"
    assert card.face_names == ("Lovestruck Beast", "Heart's Desire")
    assert card.faces[1].types == ("Sorcery",)
    assert card.faces[1].subtypes == ("Adventure",)
    assert (card.power, card.toughness) == ("5", "5")
    assert find_oracle("Heart's Desire") is card


def test_find_is_case_insensitive() -> None:
    assert find_oracle("lightning BOLT") is find_oracle("Lightning Bolt")


def test_oracle_text_is_normalised() -> None:
    for card in load_oracle().values():
        for text in (card.oracle_text, *(f.oracle_text for f in card.faces)):
            assert "\r" not in text
            assert text == text.strip()
            assert all(line == line.rstrip() and line for line in text.split("\n")) or text == ""


# --- unknown names ----------------------------------------------------------


def test_unknown_name_gives_suggestions() -> None:
    with pytest.raises(UnknownCardError) as info:
        find_oracle("Lightning Blot")
    err = info.value
    assert err.name == "Lightning Blot"
    assert "Lightning Bolt" in err.suggestions
    assert 1 <= len(err.suggestions) <= 3
    assert "did you mean" in str(err)


def test_unknown_name_without_close_match() -> None:
    with pytest.raises(UnknownCardError) as info:
        find_oracle("Qqqqqqqqqqqqqqqqqqqq")
    assert info.value.suggestions == []


# --- names in other languages -----------------------------------------------


@pytest.mark.parametrize(
    "printed",
    ["鸦阁城冒险家", "Aventurière de Ravenloft", "aventuriere de ravenloft", "  AVENTURIÈRE  DE RAVENLOFT "],
)
def test_lookup_localized(printed: str) -> None:
    card = lookup_localized(printed)
    assert card is not None and card.name == "Ravenloft Adventurer"


def test_lookup_localized_other_cards() -> None:
    assert lookup_localized("Foudre") is find_oracle("Lightning Bolt")
    assert lookup_localized("Ravenloft Adventurer") is find_oracle("Ravenloft Adventurer")
    assert lookup_localized("no such card anywhere") is None


def test_normalize_name() -> None:
    assert normalize_name("Aventurière") == normalize_name("AVENTURIERE") == "aventuriere"


# --- type lines -------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Legendary Creature — Human Rogue", (("Legendary",), ("Creature",), ("Human", "Rogue"))),
        ("Instant", ((), ("Instant",), ())),
        ("Basic Snow Land — Forest", (("Basic", "Snow"), ("Land",), ("Forest",))),
        ("Artifact Creature — Myr", ((), ("Artifact", "Creature"), ("Myr",))),
        ("Legendary Enchantment Creature — Spider", (("Legendary",), ("Enchantment", "Creature"), ("Spider",))),
        ("Sorcery — Adventure", ((), ("Sorcery",), ("Adventure",))),
        ("Legendary Planeswalker — Ellywick", (("Legendary",), ("Planeswalker",), ("Ellywick",))),
    ],
)
def test_parse_type_line(line: str, expected: tuple[tuple[str, ...], ...]) -> None:
    assert parse_type_line(line) == expected


def test_parsed_types_agree_with_shipped_types() -> None:
    for card in load_oracle().values():
        assert parse_type_line(card.type_line) == (card.supertypes, card.types, card.subtypes), card.name


def test_fixture_card_without_type_fields_is_parsed() -> None:
    builder = _builder()
    card = builder.card_from_fixture(
        "Test Rogue",
        [{"name": "Test Rogue", "manaCost": "{1}{B}", "manaValue": 2.0, "type": "Legendary Creature — Human Rogue",
          "text": "Menace  \r\nDeathtouch", "power": "2", "toughness": "1", "colors": ["B"], "colorIdentity": ["B"],
          "layout": "normal"}],
        "test",
    )
    assert card["supertypes"] == ["Legendary"]
    assert card["types"] == ["Creature"]
    assert card["subtypes"] == ["Human", "Rogue"]
    assert card["oracle_text"] == "Menace\nDeathtouch"
    assert card["mana_value"] == 2


# --- against the reference files --------------------------------------------


@needs_shared
def test_every_reference_card_is_shipped_with_its_oracle_text() -> None:
    reference = json.loads(REFERENCE_CARDS.read_text(encoding="utf-8"))
    cards = load_oracle()
    assert len(reference) == 68
    for ref in reference:
        assert ref["name"] in cards, ref["name"]
        card = cards[ref["name"]]
        assert card.oracle_text == ref["oracle_text"], ref["name"]
        assert card.mana_cost == ref["mana_cost"], ref["name"]
        assert card.type_line == ref["type_line"], ref["name"]
        assert (card.power, card.toughness) == (ref["power"], ref["toughness"]), ref["name"]


@needs_shared
def test_shipped_data_is_up_to_date() -> None:
    builder = _builder()
    shipped = (ROOT / "undercity" / "data" / "oracle.json").read_text(encoding="utf-8")
    assert builder.dumps(builder.build(SHARED)) == shipped, "run: python3 tools/build_card_data.py"
    dungeons = (ROOT / "undercity" / "data" / "dungeons.json").read_bytes()
    assert dungeons == (SHARED / "reference" / "dungeons.json").read_bytes()


def test_an_erratum_corrects_the_words_a_source_got_wrong() -> None:
    # The CLB spoiler data reads "If you, create a token"; the printed card says "If you do".
    assert "If you do, create a token that's a copy of Uchuulon." in find_oracle("Uchuulon").oracle_text
    builder = _builder()
    cards = {"Uchuulon": {"oracle_text": "Exile a card. If you, create a token."}}
    builder.apply_errata(cards)
    assert cards["Uchuulon"]["oracle_text"] == "Exile a card. If you do, create a token."


def test_a_stale_erratum_stops_the_build() -> None:
    builder = _builder()
    with pytest.raises(SystemExit, match="drop it"):
        builder.apply_errata({"Uchuulon": {"oracle_text": "Exile a card. If you do, create a token."}})


@pytest.mark.parametrize(
    "name",
    ["Plains", "Island", "Swamp", "Mountain", "Forest", "Grizzly Bears", "Counterspell", "Serra Angel",
     "You Look Upon the Tarrasque", "Xorn"],
)
def test_starter_cards_present(name: str) -> None:
    assert find_oracle(name).name == name
