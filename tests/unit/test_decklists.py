"""Decklists (undercity/decks.py): plain text, MTG Arena and MTGO .dek, names in any language,
validate_deck, and `undercity deck check` / `undercity play --deck` (issue 5, "Decklists")."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from undercity import carddb
from undercity.cli import app
from undercity.decks import Decklist, load_deck, parse_decklist, validate_deck
from undercity.errors import DecklistError, UndercityError

LINDEN = "Linden, the Steadfast Queen"


@pytest.fixture(autouse=True, scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Suggestions come from the card database: keep it in a temporary cache directory."""
    folder = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(carddb.ENV_CACHE_DIR, str(folder))
        yield folder


def burn(n_bolts: int = 4, mountains: int = 56) -> str:
    return f"{n_bolts} Lightning Bolt\n{mountains} Mountain\n"


# ----------------------------------------------------------------------------- plain text


def test_plain_text_with_blank_line_sideboard() -> None:
    d = parse_decklist("4 Lightning Bolt\n4x Shock\n52 Mountain\n\n2 Giant Growth\n")
    assert d.main.count("Lightning Bolt") == 4 and d.main.count("Shock") == 4 and len(d.main) == 60
    assert d.sideboard == ["Giant Growth"] * 2 and d.commanders == []
    assert [(e.line, e.count, e.section) for e in d.entries] == [
        (1, 4, "main"), (2, 4, "main"), (3, 52, "main"), (5, 2, "sideboard")]


def test_plain_text_sideboard_header_and_sb_lines() -> None:
    d = parse_decklist("# burn\nSB: 1 Shock\n4 Lightning Bolt\n// more\n56 Mountain\nSideboard:\n3 Giant Growth\n")
    assert d.sideboard == ["Shock", "Giant Growth", "Giant Growth", "Giant Growth"]
    assert len(d.main) == 60
    assert next(e for e in d.entries if e.name == "Shock").line == 2


def test_plain_text_errors_name_the_line() -> None:
    with pytest.raises(DecklistError, match="deck:2: .*did you mean 'Lightning Bolt'"):
        parse_decklist("4 Forest\n4 Lightnig Bolt\n")
    with pytest.raises(DecklistError, match="deck:1: expected 'COUNT NAME'"):
        parse_decklist("Forest x4\n")
    with pytest.raises(DecklistError, match="has no cards"):
        parse_decklist("# nothing\n")


def test_every_bad_line_is_reported_when_playing() -> None:
    with pytest.raises(DecklistError) as exc:
        parse_decklist("4 Lightnig Bolt\n4 Ancient Silver Dragon\nForest x4\n48 Forest\n")
    lines = str(exc.value).splitlines()
    assert [ln.split(":")[1] for ln in lines] == ["1", "2", "3"]
    assert "does not implement it yet" in lines[1]


# ----------------------------------------------------------------------------- MTG Arena

ARENA = """Deck
4 Lightning Bolt (CLB) 187
4 Monastery Swiftspear (KTK) 118
52 Mountain (CLB) 465

Sideboard
2 Shock (M21) 159
"""


def test_arena_export() -> None:
    d = parse_decklist(ARENA)
    assert len(d.main) == 60 and d.main.count("Monastery Swiftspear") == 4
    assert d.sideboard == ["Shock", "Shock"]
    bolt = d.entries[0]
    assert (bolt.name, bolt.set_code, bolt.number, bolt.line) == ("Lightning Bolt", "CLB", "187", 2)


def test_arena_commander_and_companion_sections() -> None:
    text = (f"Companion\n1 Savannah Lions (M12) 33\n\nCommander\n1 {LINDEN} (WOE) 23\n\n"
            "Deck\n1 Disenchant (CLB) 1\n98 Plains (CLB) 451 *F*\n\nSideboard\n1 Savannah Lions (M12) 33\n")
    d = parse_decklist(text)
    assert d.commanders == [LINDEN] and d.companions == ["Savannah Lions"]
    assert len(d.main) == 99 and d.sideboard == ["Savannah Lions"]


def test_arena_about_section_is_skipped() -> None:
    d = parse_decklist("About\nName Burn\n\nDeck\n60 Mountain (CLB) 465\n")
    assert d.main == ["Mountain"] * 60


# ----------------------------------------------------------------------------- MTGO .dek

DEK = """<?xml version="1.0" encoding="utf-8"?>
<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <NetDeckID>0</NetDeckID>
  <PreconstructedDeckID>0</PreconstructedDeckID>
  <Cards CatID="1" Quantity="4" Sideboard="false" Name="Lightning Bolt" Annotation="0" />
  <Cards CatID="2" Quantity="56" Sideboard="false" Name="Mountain" Annotation="0" />
  <Cards CatID="3" Quantity="3" Sideboard="true" Name="Shock" Annotation="0" />
</Deck>
"""


def test_mtgo_dek() -> None:
    d = parse_decklist(DEK, "burn")
    assert d.source_format == "dek" and len(d.main) == 60 and d.sideboard == ["Shock"] * 3
    assert [e.line for e in d.entries] == [5, 6, 7]


def test_mtgo_dek_commander_in_the_sideboard() -> None:
    dek = ('<?xml version="1.0"?>\n<Deck>\n'
           '<Cards CatID="1" Quantity="99" Sideboard="false" Name="Plains" />\n'
           f'<Cards CatID="2" Quantity="1" Sideboard="true" Name="{LINDEN}" />\n</Deck>\n')
    d = parse_decklist(dek)
    assert d.commanders == [LINDEN] and d.sideboard == [] and len(d.main) == 99


def test_mtgo_dek_split_card_spelling_and_foreign_name() -> None:
    dek = ('<Deck>\n<Cards CatID="1" Quantity="4" Sideboard="false" Name="Foudre" />\n'
           '<Cards CatID="2" Quantity="2" Sideboard="false" Name="Lovestruck Beast/Heart\'s Desire" />\n</Deck>')
    d = parse_decklist(dek, check=False)
    assert [e.name for e in d.entries] == ["Lightning Bolt", "Lovestruck Beast // Heart's Desire"]


def test_mtgo_dek_rejects_entities_and_garbage() -> None:
    bomb = ('<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>\n'
            '<Deck><Cards Quantity="1" Sideboard="false" Name="&b;" /></Deck>')
    with pytest.raises(DecklistError, match="not a readable MTGO .dek"):
        parse_decklist(bomb)
    with pytest.raises(DecklistError, match="not a readable MTGO .dek"):
        parse_decklist("<?xml version='1.0'?><Deck><Cards")
    d = parse_decklist('<Deck>\n<Cards Quantity="x" Name="Forest" />\n</Deck>', check=False)
    assert d.errors and d.errors[0][0] == 2


# ----------------------------------------------------------------------------- names in other languages


@pytest.mark.parametrize("written", ["Foudre", "foudre", "Blitzschlag", "闪电击", "LIGHTNING BOLT"])
def test_foreign_names_map_to_english(written: str) -> None:
    d = parse_decklist(f"4 {written}\n56 Forêt\n")
    assert d.main[:4] == ["Lightning Bolt"] * 4 and d.main[4:] == ["Forest"] * 56
    assert d.entries[0].written == written


def test_foreign_names_in_an_arena_export() -> None:
    d = parse_decklist("Deck\n4 Vive-lance du monastère (KTK) 118\n56 montagne (CLB) 465\n")
    assert d.main.count("Monastery Swiftspear") == 4 and d.main.count("Mountain") == 56


def test_load_deck_formats_from_files(tmp_path: Path) -> None:
    for fname, text in (("a.txt", burn()), ("b.txt", ARENA), ("c.dek", DEK)):
        (tmp_path / fname).write_text(text, encoding="utf-8")
        d = load_deck(str(tmp_path / fname))
        assert len(d.main) == 60 and d.name == Path(fname).stem
    (tmp_path / "bom.txt").write_text("\ufeff" + burn(), encoding="utf-8")
    assert len(load_deck(str(tmp_path / "bom.txt")).main) == 60
    with pytest.raises(DecklistError, match="no such file"):
        load_deck(str(tmp_path / "missing.txt"))


def test_bundled_decks_still_load() -> None:
    for name in ("gruul-stompy", "orzhov-knights"):
        d = load_deck(name)
        assert len(d.main) >= 60 and validate_deck(d) == []
    for name, commanders in (("commander-linden", 1), ("commander-erinis", 2)):  # Erinis + a Background
        d = load_deck(name)
        assert len(d.commanders) == commanders and validate_deck(d, "commander") == []


# ----------------------------------------------------------------------------- validation


def check(text: str, fmt: str = "constructed") -> list[str]:
    return validate_deck(parse_decklist(text, check=False), fmt)


def test_a_legal_deck_has_no_problems() -> None:
    assert check(burn()) == []
    assert check(burn() + "\n4 Shock\n") == []


def test_unknown_card_with_suggestions() -> None:
    problems = check("4 Lightnig Bolt\n56 Mountain\n")
    assert len(problems) == 1
    assert problems[0].startswith("line 1: unknown card 'Lightnig Bolt'; did you mean 'Lightning Bolt'")


def test_unreadable_line() -> None:
    assert check("Mountain x60\n60 Mountain\n") == [
        "line 1: expected 'COUNT NAME' (e.g. '4 Lightning Bolt'), got 'Mountain x60'"]


def test_not_implemented() -> None:
    problems = check("2 Ancient Silver Dragon\n58 Mountain\n1 Ancient Silver Dragon\n")
    # The reason is the first phrase of its Oracle text the compiler can't read or lower.
    assert len(problems) == 1
    assert problems[0].startswith("lines 1, 3: Ancient Silver Dragon is not implemented in Undercity (not ")


def test_too_many_copies_counts_the_sideboard_and_spares_basic_lands() -> None:
    problems = check("3 Lightning Bolt\n57 Mountain\n\n2 Lightning Bolt\n")
    assert problems == ["lines 1, 4: 5 copies of Lightning Bolt; at most 4 copies of a card other than a basic "
                        "land (CR 100.2a)"]
    assert check("60 Mountain\n") == []


def test_deck_size_and_sideboard_size() -> None:
    assert check("4 Lightning Bolt\n50 Mountain\n") == [
        "the main deck has 54 cards; a constructed deck has at least 60 (CR 100.2a)"]
    assert check("60 Mountain\n\n4 Shock\n4 Lightning Bolt\n4 Giant Growth\n4 Rancor\n") == [
        "the sideboard has 16 cards; at most 15 (CR 100.4a)"]


def test_banned_restricted_and_not_legal_in_a_format() -> None:
    problems = check("4 Sol Ring\n56 Mountain\n", "legacy")
    assert "line 1: Sol Ring is banned in legacy" in problems
    problems = check("2 Sol Ring\n58 Mountain\n", "vintage")
    assert problems == ["line 1: 2 copies of Sol Ring; Sol Ring is restricted in vintage: at most 1 copy"]
    assert check("1 Sol Ring\n59 Mountain\n", "vintage") == []
    assert "line 1: Ravenloft Adventurer is not legal in modern" in check("4 Ravenloft Adventurer\n56 Swamp\n",
                                                                           "modern")
    assert check(burn(), "modern") == []
    with pytest.raises(UndercityError, match="unknown format"):
        check(burn(), "fnord")


def test_every_problem_at_once() -> None:
    text = "4 Lightnig Bolt\nSol Ring x1\n5 Shock\n2 Ancient Silver Dragon\n4 Sol Ring\n10 Mountain\n"
    problems = check(text, "legacy")
    assert [p.split(":")[0] for p in problems] == ["line 1", "line 2", "line 3", "line 4", "line 5",
                                                   "the main deck has 25 cards; a constructed deck has at least 60 "
                                                   "(CR 100.2a)"]


def commander_deck(extra: str = "", plains: int = 98) -> str:
    return f"Commander\n1 {LINDEN}\n\nDeck\n1 Disenchant\n{plains} Plains\n{extra}"


def test_commander_checks_with_line_numbers() -> None:
    assert check(commander_deck(), "commander") == []
    problems = check(commander_deck("2 Lightning Bolt\n", plains=96), "commander")
    assert problems == [
        "line 7: 2 copies of Lightning Bolt: other than basic lands, each card in a Commander deck must have a "
        "different name (CR 903.5b)",
        "line 7: Lightning Bolt (color identity R) is outside the commander's color identity (W) (CR 903.5c)"]
    problems = check(commander_deck(plains=90), "commander")
    assert problems == ["the deck has 92 cards including its commander; a Commander deck has exactly 100 "
                        "(CR 903.5a)"]
    problems = check("1 Disenchant\n99 Plains\n", "commander")
    assert problems[0] == "the deck has no commander (CR 903.3)"


def test_commander_with_unknown_and_unimplemented_cards() -> None:
    problems = check(commander_deck("1 Ancient Silver Dragon\n1 Lightnig Bolt\n", plains=96), "commander")
    assert problems[0].startswith("line 7: Ancient Silver Dragon is not implemented in Undercity (not ")
    assert problems[1].startswith("line 7: Ancient Silver Dragon (color identity U) is outside")
    assert problems[2].startswith("line 8: unknown card 'Lightnig Bolt'; did you mean 'Lightning Bolt'")
    assert sum("unknown card" in p for p in problems) == 1


def test_commander_banned(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shipped data bans nothing in Commander; a card marked Banned there is reported."""
    from dataclasses import replace

    from undercity.cards import oracle

    cards = dict(oracle.load_oracle())
    disenchant = cards["Disenchant"]
    banned = replace(disenchant, legalities=oracle.FrozenMap({**disenchant.legalities, "commander": "Banned"}))
    monkeypatch.setattr(oracle, "find_oracle", lambda n, _f=oracle.find_oracle: banned if n == "Disenchant" else _f(n))
    import undercity.formats.commander as fc

    monkeypatch.setattr(fc, "find_card", oracle.find_oracle)
    fc.color_identity.cache_clear()
    try:
        assert check(commander_deck(), "commander") == ["line 5: Disenchant is banned in Commander"]
    finally:
        fc.color_identity.cache_clear()


def test_validate_takes_a_built_decklist() -> None:
    assert validate_deck(Decklist("by hand", main=["Mountain"] * 60)) == []
    problems = validate_deck(Decklist("by hand", main=["Lightning Bolt"] * 5 + ["Mountain"] * 55))
    assert problems == ["5 copies of Lightning Bolt; at most 4 copies of a card other than a basic land "
                        "(CR 100.2a)"]  # no line numbers to give


# ----------------------------------------------------------------------------- the commands


def run(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(app, list(args))
    return r.exit_code, r.stdout, r.stderr


def test_cli_deck_check(tmp_path: Path) -> None:
    good = tmp_path / "burn.txt"
    good.write_text(burn(), encoding="utf-8")
    code, out, _ = run("deck", "check", str(good))
    assert code == 0 and "OK (60 cards" in out
    bad = tmp_path / "bad.txt"
    bad.write_text("4 Lightnig Bolt\n5 Shock\n", encoding="utf-8")
    code, out, _ = run("deck", "check", str(bad))
    assert code == 1 and "3 problems" in out
    assert "line 1: unknown card 'Lightnig Bolt'; did you mean 'Lightning Bolt'" in out
    assert "line 2: 5 copies of Shock" in out and "at least 60" in out
    code, _, err = run("deck", "check", str(tmp_path / "missing.txt"))
    assert code == 2 and "no such file" in err
    code, _, err = run("deck", "check", str(good), "--format", "fnord")
    assert code == 2 and "unknown format" in err


def test_cli_deck_check_commander(tmp_path: Path) -> None:
    f = tmp_path / "linden.txt"
    f.write_text(commander_deck(), encoding="utf-8")
    assert run("deck", "check", str(f), "--format", "commander")[0] == 0
    code, out, _ = run("deck", "check", str(f))  # as a constructed deck it has 99 Plains and 1 Disenchant: fine
    assert code == 0
    f.write_text(commander_deck("1 Lightning Bolt\n", plains=97), encoding="utf-8")
    code, out, _ = run("deck", "check", str(f), "--format", "commander")
    assert code == 1 and "line 7: Lightning Bolt (color identity R)" in out


@pytest.mark.parametrize(("fname", "text"), [("burn.txt", burn()), ("burn-arena.txt", ARENA), ("burn.dek", DEK)],
                         ids=["plain", "arena", "mtgo"])
def test_play_with_each_decklist_format(tmp_path: Path, fname: str, text: str) -> None:
    f = tmp_path / fname
    f.write_text(text, encoding="utf-8")
    import subprocess

    r = subprocess.run([sys.executable, "-m", "undercity.cli", "play", "--quiet", "--seed", "1",
                        "--deck", str(f), "--deck", "gruul-stompy"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "Result:" in r.stdout and f"({f.stem})" in r.stdout


def test_play_with_a_commander_dek(tmp_path: Path) -> None:
    dek = tmp_path / "linden.dek"
    dek.write_text('<?xml version="1.0"?>\n<Deck>\n'
                   '<Cards CatID="1" Quantity="1" Sideboard="false" Name="Disenchant" />\n'
                   '<Cards CatID="2" Quantity="98" Sideboard="false" Name="Plaine" />\n'
                   f'<Cards CatID="3" Quantity="1" Sideboard="true" Name="{LINDEN}" />\n</Deck>\n', encoding="utf-8")
    code, out, err = run("play", "--quiet", "--variant", "commander", "--deck", str(dek),
                         "--deck", "commander-erinis")
    assert code == 0, err
    assert "Result:" in out


def test_play_with_an_unknown_card_is_a_clear_error(tmp_path: Path) -> None:
    f = tmp_path / "bad.txt"
    f.write_text("4 Lightnig Bolt\n56 Mountain\n", encoding="utf-8")
    import subprocess

    r = subprocess.run([sys.executable, "-m", "undercity.cli", "play", "--quiet", "--deck", str(f),
                        "--deck", "gruul-stompy"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 2 and "bad:1: unknown card 'Lightnig Bolt'" in r.stderr
    assert "Traceback" not in r.stderr


def test_cli_deck_check_names_a_bundled_deck() -> None:
    """`undercity deck check` takes a bundled deck's name as `play --deck` does: each of the eight
    Commander precons is a legal Commander deck (issue 11); a near miss is an error with a
    suggestion."""
    from undercity.decks import PRECON_DECKS

    for name in PRECON_DECKS:
        code, out, _ = run("deck", "check", name, "--format", "commander")
        assert code == 0 and f"{name}: OK (100 cards" in out, out
    code, _, err = run("deck", "check", "party-tim", "--format", "commander")
    assert code == 2 and "did you mean 'party-time'" in err
