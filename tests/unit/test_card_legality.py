"""Card pages and `undercity deck check` agree about legality (issue 10), and every real card is
known: one function (undercity.formats.legality.card_legality) answers for both."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from undercity import carddb
from undercity.carddb import FORMATS, get_db
from undercity.cards.oracle import load_oracle
from undercity.cli import app
from undercity.decks import check_deck, parse_decklist

RAVENLOFT = "Ravenloft Adventurer"
#: A real card (Street Fighter Secret Lair) that the April 2022 data gives no legalities at all.
NO_LEGALITIES = "Blanka, Ferocious Friend"
#: Formats newer than the April 2022 data, or missing from it.
NEWER_FORMATS = ("oathbreaker", "timeless", "predh", "standardbrawl")


@pytest.fixture(scope="module", autouse=True)
def cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(carddb.ENV_CACHE_DIR, str(folder))
        yield folder


def run(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(app, list(args))
    return r.exit_code, r.stdout, r.stderr


def deck(text: str, fmt: str) -> tuple[list[str], list[str]]:
    return check_deck(parse_decklist(text, check=False), fmt)


def page_lines(*args: str) -> list[str]:
    code, out, err = run("card", *args)
    assert code == 0, err
    return out.splitlines()


# ----------------------------------------------------------------------------- one answer


def test_missing_legality_data_is_unknown_not_illegal() -> None:
    """A card with no legality data is "unknown" everywhere on its page, and deck check warns
    about it rather than calling it legal or not legal."""
    page = get_db().page(NO_LEGALITIES)
    assert set(page.legalities.values()) == {"unknown"}
    assert "Legality (the card data has no legalities for this card)" in page_lines(NO_LEGALITIES)
    problems, warnings = deck(f"4 {NO_LEGALITIES}\n56 Forest\n", "legacy")
    assert not any("legal" in p for p in problems)
    assert warnings == [f"line 1: {NO_LEGALITIES}: legality in legacy unknown — the card data has no legacy "
                        "status for it (data as of 2022-04-25)"]


def test_corpus_legalities_fill_the_gaps_with_their_date() -> None:
    """Grizzly Bears had no legality data: now the corpus's, dated 2022-04-25, on both sides."""
    page = get_db().page("Grizzly Bears")
    assert page.legalities["legacy"] == "legal" and page.legalities["standard"] == "not legal"
    assert page.legalities["timeless"] == "unknown"  # a format the April 2022 data doesn't know
    assert page.legalities_as_of == "2022-04-25"
    lines = page_lines("Grizzly Bears")
    assert any(ln.startswith("Legality (as of 2022-04-25") for ln in lines)
    assert deck("4 Grizzly Bears\n56 Forest\n", "legacy") == ([], [])
    assert deck("4 Grizzly Bears\n56 Forest\n", "standard")[0] == ["line 1: Grizzly Bears is not legal in standard"]
    assert deck("4 Grizzly Bears\n56 Forest\n", "timeless")[1][0].startswith(
        "line 1: Grizzly Bears: legality in timeless unknown")


@pytest.mark.parametrize("name", ["Grizzly Bears", "Counterspell", "Mox Pearl", "Wrath of God", "Sol Ring",
                                  RAVENLOFT, NO_LEGALITIES, "Plains"])
def test_the_card_page_and_deck_check_give_one_answer(name: str) -> None:
    db = get_db()
    page = db.page(name)
    for fmt, status in page.legalities.items():
        if fmt in ("commander", "constructed"):
            continue  # deck construction rules of their own
        problems, warnings = deck(f"1 {name}\n59 Wastes\n", fmt)
        mine = [p for p in problems if name in p and "implemented" not in p]
        assert bool(mine) == (status in ("banned", "not legal")), (fmt, status, mine)
        assert bool([w for w in warnings if name in w]) == (status == "unknown"), (fmt, status)


def test_basic_lands_are_legal_in_every_format(tmp_path: Path) -> None:
    """CR 100.2a / 205.4c: a deck may have any number of basic lands; no format makes a basic land
    illegal (what Commander-style formats restrict is their color, CR 903.5d)."""
    plains = tmp_path / "plains.txt"
    plains.write_text("60 Plains\n", encoding="utf-8")
    for fmt in NEWER_FORMATS:
        assert deck("60 Plains\n", fmt) == ([], []), fmt
        code, out, _ = run("deck", "check", str(plains), "--format", fmt)
        assert code == 0 and "OK (60 cards" in out, out
    page = get_db().page("Plains")
    assert set(page.legalities.values()) == {"legal"}


def test_search_by_format_finds_basic_lands() -> None:
    assert "Plains" in {r["name"] for r in get_db().search("f:oathbreaker t:basic")}


# ----------------------------------------------------------------------------- the card page


def test_the_page_lists_every_format_of_the_data_seed_order_first() -> None:
    legal = get_db().page(RAVENLOFT).legalities
    assert list(legal)[:len(FORMATS)] == list(FORMATS)
    assert set(NEWER_FORMATS) <= set(legal)
    assert legal["oathbreaker"] == "legal"
    lines = page_lines(RAVENLOFT)
    start = next(i for i, ln in enumerate(lines) if ln.startswith("Legality"))
    shown = [ln.split()[0] for ln in lines[start + 1:lines.index("Rulings") - 1]]
    assert shown == list(legal)


def test_the_text_page_has_set_number_and_rarity() -> None:
    assert "Set: CLB #142 (rare)" in page_lines(RAVENLOFT)


def test_lang_fr_shows_the_printed_type_line_and_text_beside_the_oracle_text() -> None:
    lines = page_lines(RAVENLOFT, "--lang", "fr")
    assert lines[1] == "fr: Aventurière de Ravenloft"
    assert "fr: Créature : humain et gredin et assassin" in lines
    assert "When this creature enters, you take the initiative." in lines  # the English Oracle text stays
    marker = next(i for i, ln in enumerate(lines) if ln.startswith("Printed text (fr)"))
    assert "Oracle text" in lines[marker] and "authoritative" in lines[marker]
    assert lines[marker + 3] == ("  Quand l'Aventurière de Ravenloft arrive sur le champ de bataille, "
                                 "vous prenez l'initiative.")


def test_lang_zh_hans_shows_the_printed_text() -> None:
    lines = page_lines(RAVENLOFT, "--lang", "zh-Hans")
    assert "zh-Hans: 生物 ～人类／浪客／杀手" in lines
    assert "  当鸦阁城冒险家进战场时，你掌握先制。" in lines  # as on the seed card page
    page = get_db().page("Lightning Bolt", "zh-Hans")
    assert page.printed is not None and page.printed.text == "闪电击对任意一个目标造成3点伤害。"


def test_a_language_without_printed_text_says_so() -> None:
    lines = page_lines(RAVENLOFT, "--lang", "de")
    assert lines[1] == "de: Ravenloft-Abenteurerin"
    assert "  (no printed rules text in de in the card data)" in lines


@pytest.mark.parametrize("printed", ["Aventurière de Ravenloft", "鸦阁城冒险家"])
def test_lookup_by_printed_name_still_works(printed: str) -> None:
    assert page_lines(printed)[0] == RAVENLOFT


# ----------------------------------------------------------------------------- every real card


def test_a_real_card_that_is_not_implemented_is_not_unknown() -> None:
    corpus_only = "Shahrazad"  # "Players play a Magic subgame…": not a card Undercity will soon play
    assert corpus_only not in load_oracle()
    lines = page_lines(corpus_only)
    assert lines[0] == corpus_only and lines[-1].startswith("Undercity: not implemented")
    # The page says why: the first phrase of the Oracle text the compiler can't read.
    assert "not read: play a Magic subgame" in lines[-1]
    problems, _ = deck(f"4 {corpus_only}\n56 Plains\n", "constructed")
    assert len(problems) == 1
    assert problems[0].startswith(f"line 1: {corpus_only} is not implemented in Undercity (not read: ")
    with pytest.raises(Exception, match="is a real card but Undercity does not implement it"):
        parse_decklist(f"4 {corpus_only}\n56 Plains\n")
    problems, _ = deck("4 Sharazad\n56 Plains\n", "constructed")
    assert problems[0].startswith("line 1: unknown card 'Sharazad'; did you mean 'Shahrazad'")


def test_commander_checks_read_every_real_card() -> None:
    problems, _ = deck("Commander\n1 Ravenloft Adventurer\n\nDeck\n1 Shahrazad\n98 Swamp\n", "commander")
    assert not any("unknown card" in p for p in problems)
    assert any("Ravenloft Adventurer can't be a commander" in p for p in problems)


# ----------------------------------------------------------------------------- rough edges


def test_deck_check_of_a_directory_says_so(tmp_path: Path) -> None:
    code, _, err = run("deck", "check", str(tmp_path))
    assert code == 2 and "is a directory" in err and "no such file" not in err


def test_card_with_an_empty_name_asks_for_a_name() -> None:
    for empty in ("", "   "):
        code, _, err = run("card", empty)
        assert code == 2 and "a card name is needed" in err and "unknown card" not in err


def test_a_name_longer_than_any_card_is_refused_at_once() -> None:
    code, _, err = run("card", "x" * 5_000)
    assert code == 2 and "no card has a name of 5,000 characters" in err
    assert get_db().suggest("y" * 5_000) == []


def test_json_page_has_the_printed_text_and_the_legality_date() -> None:
    import json

    code, out, _ = run("card", RAVENLOFT, "--json", "--lang", "fr")
    data = json.loads(out)
    assert (data["set"], data["number"], data["rarity"]) == ("CLB", "142", "rare")
    assert data["printed"]["type_line"] == "Créature : humain et gredin et assassin"
    assert data["printed"]["text"].startswith("Quand l'Aventurière de Ravenloft arrive")
    assert data["legalities_as_of"] == "2023-06-27" and data["legalities"]["timeless"] == "unknown"


def test_search_shows_a_corpus_card_by_its_newest_printing() -> None:
    (bears,) = [r for r in get_db().search("n:\"grizzly bears\"") if r["name"] == "Grizzly Bears"]
    assert bears["set"] is None and bears["printings"][-1] == "10E"
    code, out, _ = run("card", "--search", "n:\"grizzly bears\"")
    assert code == 0 and any(ln.startswith("Grizzly Bears") and "10E" in ln for ln in out.splitlines())
