"""The card database (undercity/carddb.py) and `undercity card` (issue 5, "The card database")."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from undercity import carddb
from undercity.carddb import FORMATS, SearchError, fold, get_db, open_db
from undercity.cards.corpus import known_cards
from undercity.cards.oracle import load_oracle
from undercity.cli import app
from undercity.errors import UndercityError, UnknownCardError

RAVENLOFT = "Ravenloft Adventurer"


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """One database for the module, in a temporary cache directory (UNDERCITY_CACHE_DIR)."""
    folder = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(carddb.ENV_CACHE_DIR, str(folder))
        yield folder


@pytest.fixture()
def db(cache: Path) -> carddb.CardDB:
    return get_db()


def names(rows: list[dict]) -> set[str]:
    return {r["name"] for r in rows}


# ----------------------------------------------------------------------------- building


def test_database_is_built_in_the_cache_dir_from_the_env(db: carddb.CardDB, cache: Path) -> None:
    assert db.path == cache / carddb.DB_FILE and db.path.exists()
    assert carddb.cache_dir() == cache
    assert db.count() == len(known_cards())
    assert db.data_hash == carddb.data_hash(carddb.shipped_data())


def test_default_cache_dir_is_the_user_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    monkeypatch.delenv(carddb.ENV_CACHE_DIR, raising=False)
    assert carddb.cache_dir() == Path(platformdirs.user_cache_dir("undercity", appauthor=False))


def test_tables_hold_normalised_names_legalities_and_rulings(db: carddb.CardDB) -> None:
    conn = sqlite3.connect(db.path)
    try:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"cards", "names", "legalities", "rulings", "faces", "meta"} <= tables
        norm = conn.execute("SELECT norm FROM names WHERE card = ? AND lang = 'fr'", (RAVENLOFT,)).fetchone()[0]
        assert norm == "aventuriere de ravenloft"
        assert conn.execute("SELECT status FROM legalities WHERE card = 'Sol Ring' AND format = 'legacy'"
                            ).fetchone() == ("banned",)
        dates = {r[0] for r in conn.execute("SELECT date FROM rulings WHERE card = ?", (RAVENLOFT,))}
        assert dates == {"2022-06-10"}
    finally:
        conn.close()


def _one_card_data() -> bytes:
    return json.dumps({RAVENLOFT: known_cards()[RAVENLOFT]}).encode()


def test_rebuilt_when_the_data_hash_changes(tmp_path: Path) -> None:
    small = _one_card_data()
    first = open_db(tmp_path, data=small)
    assert first.rebuilt and first.count() == 1
    first.close()
    again = open_db(tmp_path, data=small)
    assert not again.rebuilt and again.count() == 1  # same data: the file is reused
    again.close()
    shipped = open_db(tmp_path)  # the shipped data has another hash: rebuilt
    assert shipped.rebuilt and shipped.count() == len(known_cards())
    assert shipped.data_hash == carddb.data_hash(carddb.shipped_data())
    shipped.close()


def test_rebuilt_when_the_stored_hash_differs(tmp_path: Path) -> None:
    open_db(tmp_path).close()
    conn = sqlite3.connect(tmp_path / carddb.DB_FILE)
    conn.execute("UPDATE meta SET value = 'stale' WHERE key = 'data_hash'")
    conn.commit()
    conn.close()
    db = open_db(tmp_path)
    assert db.rebuilt and db.data_hash != "stale"
    db.close()


def test_a_damaged_file_is_rebuilt(tmp_path: Path) -> None:
    (tmp_path / carddb.DB_FILE).write_bytes(b"not a database")
    db = open_db(tmp_path)
    assert db.rebuilt and db.find(RAVENLOFT) is not None
    db.close()


def test_unwritable_cache_falls_back_to_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    db = open_db(blocker / "sub", data=_one_card_data())  # can't make a directory under a file
    assert db.path is None and db.count() == 1


# ----------------------------------------------------------------------------- lookups


@pytest.mark.parametrize(("query", "lang"), [
    ("Ravenloft Adventurer", "en"),
    ("ravenloft ADVENTURER", "en"),
    ("  Ravenloft   Adventurer ", "en"),
    ("鸦阁城冒险家", "zh-Hans"),
    ("鴉閣城冒險家", "zh-Hant"),
    ("Aventurière de Ravenloft", "fr"),
    ("aventuriere de ravenloft", "fr"),
    ("AVENTURIÈRE DE RAVENLOFT", "fr"),
    ("Ravenloft-Abenteurerin", "de"),
    ("レイヴンロフトの冒険者", "ja"),
])
def test_find_by_any_printed_name(db: carddb.CardDB, query: str, lang: str) -> None:
    m = db.find(query)
    assert m is not None and m.name == RAVENLOFT and m.lang == lang


def test_face_names_and_apostrophes(db: carddb.CardDB) -> None:
    beast = "Lovestruck Beast // Heart's Desire"
    assert db.find("Heart\u2019s Desire").name == beast
    assert db.find("heart's desire").name == beast
    assert db.find("Désir du cœur").name == beast  # a face of a foreign "A // B" name
    assert db.find("Lovestruck Beast").name == beast


def test_fold() -> None:
    assert fold("  Aventurière  de RAVENLOFT ") == "aventuriere de ravenloft"
    assert fold("Heart\u2019s Desire") == "heart's desire"


def test_unknown_name_gives_suggestions(db: carddb.CardDB) -> None:
    assert db.find("Ravenlof Adventurr") is None
    with pytest.raises(UnknownCardError, match="did you mean 'Ravenloft Adventurer'") as exc:
        db.lookup("Ravenlof Adventurr")
    assert exc.value.suggestions[0] == RAVENLOFT
    assert db.suggest("aventuriere de ravenlof")[0] == RAVENLOFT  # close to a French name
    assert db.suggest("鸦阁城冒险")[0] == RAVENLOFT
    assert db.suggest("tomb adventurer")[0] == "Tomb of Horrors Adventurer"
    assert db.suggest("qqqqzzzzxxxx") == []


def test_page_fields(db: carddb.CardDB) -> None:
    page = db.page("鸦阁城冒险家")
    assert page.name == RAVENLOFT and page.lang == "zh-Hans" and page.printed_name == "鸦阁城冒险家"
    assert page.mana_cost == "{3}{B}" and page.type_line == "Creature — Human Rogue Assassin"
    assert (page.power, page.toughness) == ("3", "4")
    assert list(page.legalities)[:len(FORMATS)] == list(FORMATS)
    assert page.legalities["commander"] == "legal" and page.legalities["standard"] == "not legal"
    assert page.rulings and all(r["date"] == "2022-06-10" for r in page.rulings)
    assert page.implemented is True
    assert db.page("Ancient Silver Dragon").implemented is False
    assert db.page("Sol Ring").legalities["legacy"] == "banned"
    assert db.page("Sol Ring").legalities["vintage"] == "restricted"


def test_page_in_another_language(db: carddb.CardDB) -> None:
    page = db.page(RAVENLOFT, "fr")
    assert page.lang == "fr" and page.printed_name == "Aventurière de Ravenloft"
    assert page.printed_type_line == "Créature : humain et gredin et assassin"
    bolt = db.page("Brainstorm", "zh-hans")
    assert bolt.lang == "zh-Hans" and bolt.printed_name == "脑力激荡" and bolt.printed_type_line == "瞬间"
    assert db.page("Grizzly Bears", "fr").printed_name == "Grizzlis"
    assert db.page("Sol Ring", "ko").printed_name is None
    with pytest.raises(UndercityError, match="unknown language"):
        db.page(RAVENLOFT, "xx")


# ----------------------------------------------------------------------------- search


def test_search_bare_words_match_names_in_any_language(db: carddb.CardDB) -> None:
    assert names(db.search("ravenloft")) == {RAVENLOFT}
    assert names(db.search("鸦阁")) == {RAVENLOFT}
    assert names(db.search("aventuriere ravenloft")) == {RAVENLOFT}  # words ANDed
    assert names(db.search('"ravenloft adventurer"')) == {RAVENLOFT}
    assert names(db.search("n:ravenloft")) == {RAVENLOFT}


def test_search_oracle_text(db: carddb.CardDB) -> None:
    rows = db.search("o:initiative")
    assert RAVENLOFT in names(rows) and "Lightning Bolt" not in names(rows)
    phrase = names(db.search('o:"take the initiative"'))
    assert RAVENLOFT in phrase and phrase <= names(rows)
    # Every face's text is searched: the adventure half of Lovestruck Beast.
    assert "Lovestruck Beast // Heart's Desire" in names(db.search('o:"1/1 white human"'))


def test_search_type_line(db: carddb.CardDB) -> None:
    rows = db.search("t:assassin")
    assert RAVENLOFT in names(rows)
    assert all("assassin" in r["type_line"].casefold() for r in rows)
    assert "Lovestruck Beast // Heart's Desire" in names(db.search("t:adventure"))  # a back face's type


def test_search_colors(db: carddb.CardDB) -> None:
    black = db.search("c:b")
    assert RAVENLOFT in names(black) and "Lightning Bolt" not in names(black)
    wu = names(db.search("c:wu"))  # at least white and blue
    exactly = names(db.search("c=wu"))
    assert exactly and exactly <= wu
    assert "Elminster" in exactly
    assert "Sol Ring" in names(db.search("c:c"))  # colorless
    assert "Sol Ring" not in names(db.search("c:r"))
    assert "Elminster" in names(db.search("c:m"))  # multicolored
    assert "Elminster" in names(db.search("c:blue"))
    with pytest.raises(SearchError, match="colors are letters"):
        db.search("c:xyz")


def test_search_color_identity_is_a_subset(db: carddb.CardDB) -> None:
    within = names(db.search("id:wu"))
    assert {"Elminster", "Serra Angel", "Brainstorm", "Sol Ring"} <= within
    assert RAVENLOFT not in within
    assert "Serra Angel" not in names(db.search("id=wu"))


def test_search_mana_value(db: carddb.CardDB) -> None:
    assert all(r["mana_value"] == 3 for r in db.search("mv=3"))
    assert all(r["mana_value"] <= 2 for r in db.search("mv<=2"))
    big = db.search("mv>4")
    assert big and all(r["mana_value"] > 4 for r in big)
    assert RAVENLOFT in names(db.search("mv:4")) and RAVENLOFT in names(db.search("cmc>=4"))
    assert RAVENLOFT not in names(db.search("mv<4"))
    with pytest.raises(SearchError, match="expected a number"):
        db.search("mv>four")


def test_search_set_format_and_rarity(db: carddb.CardDB) -> None:
    clb = db.search("s:clb")
    assert RAVENLOFT in names(clb) and all(r["set"] == "CLB" for r in clb)
    assert RAVENLOFT not in names(db.search("s:AFR"))
    assert RAVENLOFT in names(db.search("f:commander"))
    assert RAVENLOFT not in names(db.search("f:modern"))
    assert "Sol Ring" in names(db.search("f:vintage"))  # restricted is still playable
    assert "Sol Ring" not in names(db.search("f:legacy"))  # banned
    assert "Sol Ring" in names(db.search("banned:legacy"))
    assert RAVENLOFT in names(db.search("r:rare s:clb"))


def test_search_implemented_and_negation(db: carddb.CardDB) -> None:
    from undercity.cards.registry import all_cards

    impl = db.search("is:implemented")
    assert names(impl) == set(all_cards()) & set(load_oracle())
    assert all(r["implemented"] for r in impl)
    assert "Ancient Silver Dragon" not in names(impl)
    assert "Ancient Silver Dragon" in names(db.search("-is:implemented t:creature"))
    assert names(db.search("not:implemented")) == set(known_cards()) - names(impl)
    both = names(db.search("o:initiative t:creature c:b"))
    assert RAVENLOFT in both
    assert RAVENLOFT not in names(db.search("o:initiative t:creature c:b -t:assassin"))
    assert not names(db.search("t:creature -t:creature"))


def test_search_errors(db: carddb.CardDB) -> None:
    with pytest.raises(SearchError, match="unknown search term"):
        db.search("zz:top")
    with pytest.raises(SearchError, match="empty search"):
        db.search("   ")
    with pytest.raises(SearchError, match="unbalanced quotes"):
        db.search('o:"take the')
    with pytest.raises(SearchError):
        db.search("is:nonsense")


# ----------------------------------------------------------------------------- the command


def run(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(app, list(args))
    return r.exit_code, r.stdout, r.stderr


def test_cli_card_page(cache: Path) -> None:
    code, out, _ = run("card", "鸦阁城冒险家")
    assert code == 0
    lines = out.splitlines()
    assert lines[:6] == [RAVENLOFT, "zh-Hans: 鸦阁城冒险家", "{3}{B}", "Creature — Human Rogue Assassin",
                         "zh-Hans: 生物 ～人类／浪客／杀手", "When this creature enters, you take the initiative."]
    assert "3/4" in lines
    start = next(i for i, ln in enumerate(lines) if ln.startswith("Legality"))
    legal = [ln.split()[0] for ln in lines[start + 1:lines.index("Rulings") - 1]]
    assert legal[:len(FORMATS)] == list(FORMATS)
    assert any(ln.split() == ["standard", "not", "legal"] for ln in lines)
    assert any(ln.split() == ["commander", "legal"] for ln in lines)
    assert any(ln.strip().startswith("2022-06-10  The initiative is a designation") for ln in lines)
    assert lines[-1] == "Undercity: implemented"


def test_cli_card_name_in_several_words_and_accents(cache: Path) -> None:
    code, out, _ = run("card", "aventuriere", "de", "ravenloft")
    assert code == 0 and out.splitlines()[:2] == [RAVENLOFT, "fr: Aventurière de Ravenloft"]
    code, out, _ = run("card", "RAVENLOFT ADVENTURER")
    assert code == 0 and out.splitlines()[1] == "{3}{B}"  # English: no second name line


def test_cli_card_lang(cache: Path) -> None:
    code, out, _ = run("card", RAVENLOFT, "--lang", "fr")
    assert code == 0 and out.splitlines()[1] == "fr: Aventurière de Ravenloft"
    code, out, _ = run("card", "Brainstorm", "--lang", "de")
    lines = out.splitlines()
    assert lines[1] == "de: Gedankenwirbel" and "de: Spontanzauber" in lines  # the printed type line
    code, out, _ = run("card", "Sol Ring", "--lang", "ko")
    assert code == 0 and out.splitlines()[1] == "ko: (no ko name in the card data)"
    code, _, err = run("card", RAVENLOFT, "--lang", "klingon")
    assert code == 2 and "unknown language" in err


def test_cli_card_json(cache: Path) -> None:
    code, out, _ = run("card", "Aventurière de Ravenloft", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["name"] == RAVENLOFT and data["lang"] == "fr" and data["printed_name"] == "Aventurière de Ravenloft"
    assert data["mana_value"] == 4 and data["color_identity"] == ["B"]
    assert list(data["legalities"])[:len(FORMATS)] == list(FORMATS) and data["legalities"]["legacy"] == "legal"
    assert data["rulings"][0]["date"] == "2022-06-10" and data["implemented"] is True
    assert data["names_i18n"]["zh-Hans"] == "鸦阁城冒险家"
    code, out, _ = run("card", "Brainstorm", "--json", "--lang", "zh-Hans")
    data = json.loads(out)
    assert data["printed_name"] == "脑力激荡" and data["printed_type_line"] == "瞬间"


def test_cli_unknown_card(cache: Path) -> None:
    code, out, err = run("card", "Ravenlof Adventurr")
    assert code == 2 and "did you mean 'Ravenloft Adventurer'" in err and out == ""
    code, out, err = run("card", "Ravenlof Adventurr", "--json")
    assert code == 2 and json.loads(out) == {"error": "unknown card", "name": "Ravenlof Adventurr",
                                              "suggestions": [RAVENLOFT]}
    code, _, err = run("card")
    assert code == 2 and "give a card name" in err


def test_cli_search_table(cache: Path) -> None:
    code, out, _ = run("card", "--search", "o:initiative t:creature c:b")
    assert code == 0 and "Ravenloft" in out and "Impl." in out
    assert out.splitlines()[-1].endswith("cards")
    code, out, _ = run("card", "--search", "o:initiative t:creature c:b", "--lang", "zh-Hans")
    assert "鸦阁城冒险家" in out
    code, out, _ = run("card", "--search", "t:creature -t:creature")
    assert code == 0 and "no cards match" in out
    code, _, err = run("card", "--search", "zz:top")
    assert code == 2 and "unknown search term" in err


def test_cli_search_json(cache: Path) -> None:
    code, out, _ = run("card", "--search", "o:initiative t:creature c:b", "--json", "--lang", "fr")
    rows = json.loads(out)
    ravenloft = next(r for r in rows if r["name"] == RAVENLOFT)
    assert ravenloft["printed_name"] == "Aventurière de Ravenloft" and ravenloft["implemented"] is True
    code, out, _ = run("card", "--search", "t:creature", "--json", "--limit", "3")
    assert len(json.loads(out)) == 3


def test_a_touched_data_file_with_the_same_bytes_is_not_rebuilt(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The database is stamped with the data file's size and time; a new stamp with the same
    bytes (a rebuild of identical data) keeps the database and records the new stamp."""
    open_db(tmp_path).close()
    monkeypatch.setattr(carddb, "_shipped_stamp", lambda: "2:touched")
    db = open_db(tmp_path)
    assert not db.rebuilt
    db.close()
    assert carddb._stored(tmp_path / carddb.DB_FILE, "data_stamp").startswith("2:touched|")
    monkeypatch.setattr(carddb, "shipped_data", lambda: pytest.fail("the stamp matches: no need to read the data"))
    assert not open_db(tmp_path).rebuilt
