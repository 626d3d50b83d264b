"""Every ruling of the three seed cards is demonstrated by a scenario (tests/rulings/).

For Ravenloft Adventurer, From the Catacombs and Tomb of Horrors Adventurer, each ruling text
of the shipped Oracle data (``find_oracle(name).rulings``) must be quoted, verbatim, in the
``ruling:`` key of at least one scenario under tests/rulings/. Texts are compared with their
whitespace collapsed and curly quotes made straight, so a file may be typed either way; the
ruling's date follows the text in parentheses, as in "… benefits. (2022-06-10)".
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from undercity.cards.oracle import find_oracle
from undercity.scenario.schema import load_scenario

ROOT = Path(__file__).parent / "rulings"
#: The folders of the seed cards' rulings (the initiative's rulings are shared by all three).
SEED_DIRS = ("initiative", "ravenloft-adventurer", "from-the-catacombs", "tomb-of-horrors-adventurer")
SEED_CARDS = ("Ravenloft Adventurer", "From the Catacombs", "Tomb of Horrors Adventurer")
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def normalise(text: str) -> str:
    """Whitespace collapsed, curly quotes straightened."""
    return re.sub(r"\s+", " ", text.translate(_QUOTES)).strip()


@cache
def quoted() -> dict[str, list[str]]:
    """Normalised ``ruling:`` text -> the scenario files that quote it."""
    out: dict[str, list[str]] = {}
    for path in sorted(ROOT.rglob("*.yaml")):
        sc = load_scenario(path)
        if sc.ruling:
            out.setdefault(normalise(sc.ruling), []).append(str(path.relative_to(ROOT)))
    return out


def _cases() -> list[tuple[str, str, str]]:
    return [(card, r.date, r.text) for card in SEED_CARDS for r in find_oracle(card).rulings]


def test_the_seed_cards_have_rulings() -> None:
    counts = {card: len(find_oracle(card).rulings) for card in SEED_CARDS}
    assert counts == {"Ravenloft Adventurer": 10, "From the Catacombs": 18, "Tomb of Horrors Adventurer": 17}


@pytest.mark.parametrize(("card", "date", "text"), _cases(),
                         ids=[f"{c}-{i}" for c in SEED_CARDS for i in range(len(find_oracle(c).rulings))])
def test_ruling_is_quoted_by_a_scenario(card: str, date: str, text: str) -> None:
    want = normalise(f"{text} ({date})")
    files = quoted().get(want)
    assert files, (f"no scenario under tests/rulings/ quotes this ruling of {card} in its `ruling:` key:\n"
                   f'ruling: "{text} ({date})"')


def test_every_quoted_ruling_in_the_seed_folders_is_a_seed_card_ruling() -> None:
    """A `ruling:` in the seed cards' folders that quotes none of their rulings is a typo or a
    paraphrase."""
    known = {normalise(f"{r.text} ({r.date})") for card in SEED_CARDS for r in find_oracle(card).rulings}
    strays = [(f, text) for text, files in quoted().items() if text not in known
              for f in files if Path(f).parts[0] in SEED_DIRS]
    assert not strays, "\n".join(f"{f}: {text[:100]}…" for f, text in strays)
