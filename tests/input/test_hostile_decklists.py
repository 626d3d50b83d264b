"""Absurd decklists are refused line by line, in bounded time and memory: a count of a
trillion, a count past a machine integer, a .dek Quantity of a hundred million, a deck of
thousands of cards, a huge file or a huge line. Through ``undercity deck check`` and the
loader used by ``undercity play --deck``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from undercity.cli import app
from undercity.decks import load_deck, parse_decklist
from undercity.errors import DecklistError


def check(path: Path) -> tuple[int, str]:
    r = CliRunner().invoke(app, ["deck", "check", str(path)])
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception  # no crash
    assert "Traceback" not in r.stdout + r.stderr
    return r.exit_code, r.stdout + r.stderr


def dek(quantity: str, name: str = "Plains") -> str:
    return ('<?xml version="1.0" encoding="utf-8"?>\n<Deck>\n'
            f'  <Cards CatID="1" Quantity="{quantity}" Sideboard="false" Name="{name}" />\n</Deck>\n')


@pytest.mark.parametrize(("fname", "text", "line", "count"), [
    ("plain.txt", "1000000000000 Plains\n", 1, "1000000000000"),
    ("plain.txt", "56 Mountain\n9223372036854775808 Swamp\n", 2, "9223372036854775808"),
    ("arena.txt", "Deck\n9223372036854775808 Swamp (AFR) 270\n", 2, "9223372036854775808"),
    ("mtgo.dek", dek("9223372036854775808"), 3, "9223372036854775808"),
    ("mtgo.dek", dek("100000000"), 3, "100000000"),
], ids=["plain-trillion", "plain-int64", "arena-int64", "dek-int64", "dek-hundred-million"])
def test_a_line_of_more_than_250_copies_is_refused_with_its_line(tmp_path: Path, fname: str, text: str,
                                                                 line: int, count: str) -> None:
    f = tmp_path / fname
    f.write_text(text, encoding="utf-8")
    code, out = check(f)
    assert code == 1 and "OK" not in out
    assert f"line {line}: {count} copies of a card on one line; a line lists at most 250" in out
    with pytest.raises(DecklistError) as info:  # what `undercity play --deck` reads
        load_deck(str(f))
    assert f":{line}: {count} copies" in str(info.value)


def test_a_count_of_five_thousand_digits_is_refused() -> None:
    d = parse_decklist("1 Plains\n" + "9" * 900 + " Plains\n", check=False)
    assert d.main == ["Plains"]
    assert d.errors == [(2, "a number of 900 digits copies of a card on one line; a line lists at most 250")]


def test_a_deck_past_a_thousand_cards_is_refused_at_the_line_that_crosses_it(tmp_path: Path) -> None:
    f = tmp_path / "rats.txt"
    f.write_text("250 Plains\n" * 5, encoding="utf-8")
    code, out = check(f)
    assert code == 1
    assert "line 5: this line takes the decklist past 1,000 cards or lines" in out
    d = parse_decklist("250 Plains\n" * 5, check=False)
    assert len(d.main) == 1_000  # the first four lines of 250 (the most a line may list), nothing after


def test_a_thousand_card_dek_is_refused_past_its_bound() -> None:
    text = dek("250").replace("</Deck>", "".join(
        '  <Cards CatID="1" Quantity="250" Sideboard="true" Name="Plains" />\n' for _ in range(4)) + "</Deck>")
    d = parse_decklist(text, check=False)
    assert len(d.main) + len(d.sideboard) == 1_000
    assert d.errors[-1][0] == 7 and "past 1,000 cards" in d.errors[-1][1]


def test_many_lines_of_no_cards_are_bounded_too() -> None:
    d = parse_decklist("0 Plains\n" * 5_000, check=False)
    assert len(d.entries) == 1_000 and d.errors[-1][0] == 1_001


def test_a_huge_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    f = tmp_path / "huge.txt"
    f.write_text("60 Plains\n" + "# padding\n" * 60_000, encoding="utf-8")
    code, out = check(f)
    assert code == 2 and "larger than 512 KB" in out
    with pytest.raises(DecklistError, match="larger than 512 KB"):
        parse_decklist(f.read_text(encoding="utf-8"))


def test_a_huge_line_is_refused_and_the_rest_is_read(tmp_path: Path) -> None:
    f = tmp_path / "long.txt"
    f.write_text("4 " + "Bolt " * 20_000 + "\n60 Plains\n", encoding="utf-8")
    code, out = check(f)
    assert code == 1 and "line 1: the line has 100,002 characters; a decklist line has at most 1,000" in out
    assert len(out) < 1_000  # the line is not echoed
    assert parse_decklist(f.read_text(encoding="utf-8"), check=False).main == ["Plains"] * 60


def test_thousands_of_unreadable_lines_give_a_bounded_report() -> None:
    d = parse_decklist("garbage\n" * 10_000 + "60 Plains\n", check=False)
    assert len(d.errors) == 101 and "the rest of the file is not read" in d.errors[-1][1]
