"""undercity.cards.corpus: every real card known, in one field shape (issue 11 §4)."""

from __future__ import annotations

import subprocess
import sys

from undercity.cards.corpus import known_card, known_cards, legality_sources

FIELDS = {"name", "mana_cost", "mana_value", "colors", "color_identity", "type_line", "supertypes", "types",
          "subtypes", "oracle_text", "power", "toughness", "loyalty", "keywords", "layout", "faces", "legalities",
          "legalities_as_of", "rulings", "printings", "names_i18n", "printed"}


def test_every_corpus_card_and_the_newer_sets_are_known() -> None:
    cards = known_cards()
    assert len(cards) >= 22_998
    assert "Grizzly Bears" in cards and "Counterspell" in cards and "Mox Pearl" in cards  # corpus only
    assert "Ravenloft Adventurer" in cards  # CLB (June 2022) is not in the corpus: from the set data
    assert all(FIELDS <= set(card) for card in cards.values())
    assert known_cards() is cards  # loaded once


def test_set_data_wins_for_cards_in_those_sets() -> None:
    ravenloft = known_card("Ravenloft Adventurer")
    assert ravenloft is not None and ravenloft["set"] == "CLB" and ravenloft["number"] == "142"
    assert ravenloft["oracle_text"].startswith("When this creature enters, you take the initiative.")
    # a card of both: AFR's set data, with the corpus's printings
    cleric = known_card("Cleric Class")
    assert cleric is not None and cleric["set"] == "AFR" and "AFR" in cleric["printings"]


def test_corpus_legalities_fill_in_where_the_set_data_has_none() -> None:
    bears = known_card("Grizzly Bears")
    assert bears is not None
    assert bears["legalities"]["legacy"] == "Legal" and bears["legalities_as_of"] == "2022-04-25"
    assert "predh" not in legality_sources()[bears["legalities_source"]]["formats"]


def test_lookup_by_whole_name_and_face_name() -> None:
    giant = known_card("Bonecrusher Giant // Stomp")
    assert giant is not None and known_card("Stomp") is giant and known_card("Bonecrusher Giant") is giant
    assert [f["name"] for f in giant["faces"]] == ["Bonecrusher Giant", "Stomp"]
    assert giant["faces"][1]["type_line"] == "Instant — Adventure" and giant["faces"][1]["mana_cost"] == "{1}{R}"
    # the front face's types, whatever printing the corpus kept
    assert giant["types"] == ["Creature"] and giant["subtypes"] == ["Giant"]
    assert known_card("Fire")["name"] == "Fire // Ice"
    assert known_card("grizzly bears") is None  # exact names only
    assert known_card("No Such Card Anywhere") is None


def test_printed_text_in_french_and_chinese() -> None:
    ravenloft = known_card("Ravenloft Adventurer")
    assert ravenloft["printed"]["zh-Hans"]["name"] == "鸦阁城冒险家"
    assert ravenloft["printed"]["fr"]["type"] == "Créature : humain et gredin et assassin"
    assert known_card("Lightning Bolt")["printed"]["fr"]["name"] == "Foudre"


def test_importing_the_engine_does_not_load_the_corpus() -> None:
    code = ("import undercity.cli, undercity.engine.game, undercity.cards.registry as r, undercity.cards.corpus as c;"
            "r.all_cards(); print(c._load.cache_info().currsize)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "0"
