"""The venture and completed-dungeon cards of Adventures in the Forgotten Realms (AFR) and
Forgotten Realms Commander (AFC) that the engine implements (cards/pool/venture_cards.py, and
cards compiled from their Oracle text): every ruling is demonstrated by a
scenario under tests/rulings/.

The ten rulings about venturing that most of these cards share are quoted once, in
tests/rulings/venture/; each card's own rulings are quoted in its folder
(tests/rulings/<card-name>/). Texts compare with whitespace collapsed and quotes straight.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from undercity.cards.oracle import find_oracle
from undercity.cards.registry import is_implemented
from undercity.scenario.schema import load_scenario

ROOT = Path(__file__).parents[1] / "rulings"
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})

#: The implemented AFR/AFC cards that venture or care about completing a dungeon.
CARDS = (
    "Cloister Gargoyle", "Delver's Torch", "Gloom Stalker", "Keen-Eared Sentry", "Nadaar, Selfless Paladin",
    "Planar Ally", "Ranger's Hawk", "Veteran Dungeoneer", "Bar the Gate", "Displacer Beast", "Eccentric Apprentice",
    "Fly", "Secret Door", "Shortcut Seeker", "Yuan-Ti Malison", "Acererak the Archlich", "Clattering Skeletons",
    "Dungeon Crawler", "Fates' Reversal", "Precipitous Drop", "Yuan-Ti Fang-Blade", "Zombie Ogre",
    "Kick in the Door", "Zalto, Fire Giant Duke", "Ellywick Tumblestrum", "Intrepid Outlander",
    "Varis, Silverymoon Ranger", "Wandering Troubadour", "You Find a Cursed Idol", "Barrowin of Clan Undurr",
    "Hama Pashar, Ruin Seeker", "Triumphant Adventurer", "Dungeon Map", "Fifty Feet of Rope", "Dungeon Descent",
    "Sefris of the Hidden Ways", "Radiant Solar", "Thorough Investigation", "Midnight Pathlighter",
)


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text.translate(_QUOTES)).strip()


def folder(card: str) -> str:
    """The card's rulings folder: its name in lower case, words joined by hyphens."""
    return re.sub(r"[^a-z0-9]+", "-", card.lower().replace("'", "")).strip("-")


@cache
def quoted() -> dict[str, set[str]]:
    """Normalised ``ruling:`` text -> the folders (under tests/rulings/) that quote it."""
    out: dict[str, set[str]] = {}
    for path in sorted(ROOT.rglob("*.yaml")):
        sc = load_scenario(path)
        if sc.ruling:
            out.setdefault(normalise(sc.ruling), set()).add(path.relative_to(ROOT).parts[0])
    return out


@cache
def generic() -> frozenset[str]:
    """The rulings about venturing shared by many of the cards (quoted in venture/)."""
    counts = Counter(normalise(f"{r.text} ({r.date})") for c in CARDS for r in find_oracle(c).rulings)
    return frozenset(t for t, n in counts.items() if n >= 10)


def test_every_card_is_implemented_and_has_a_folder() -> None:
    for card in CARDS:
        assert is_implemented(card), card
        assert (ROOT / folder(card)).is_dir(), f"no tests/rulings/{folder(card)}/ for {card}"


def test_the_shared_venture_rulings_are_quoted_in_the_venture_folder() -> None:
    assert len(generic()) == 10
    for text in generic():
        assert "venture" in quoted().get(text, set()), f"tests/rulings/venture/ doesn't quote: {text}"


@pytest.mark.parametrize("card", CARDS)
def test_each_card_ruling_is_quoted_in_its_folder(card: str) -> None:
    for r in find_oracle(card).rulings:
        text = normalise(f"{r.text} ({r.date})")
        if text in generic():
            continue
        assert folder(card) in quoted().get(text, set()), (
            f"no scenario in tests/rulings/{folder(card)}/ quotes this ruling of {card}:\n"
            f'ruling: "{r.text} ({r.date})"')
