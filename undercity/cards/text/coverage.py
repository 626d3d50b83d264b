"""How much of a card list the compiler reads (parses) and implements (lowers), and the
phrases that stop the rest, most frequent first — the next grammar or engine step.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from undercity.cards.text.compile import Compiled, compile_fields


@dataclass
class Coverage:
    """Counts over a list of cards. ``reasons``: (stage, phrase) → how many cards it stops."""

    total: int = 0
    parsed: int = 0
    implemented: int = 0
    reasons: Counter[tuple[str, str]] = field(default_factory=Counter)
    results: dict[str, Compiled] = field(default_factory=dict)

    def add(self, c: Compiled) -> None:
        self.total += 1
        self.results[c.name] = c
        if c.parse is not None and c.parse.card is not None:
            self.parsed += 1
        if c.implemented:
            self.implemented += 1
        else:
            self.reasons[(c.stage, c.reason)] += 1


def measure(cards: Iterable[Mapping[str, Any]]) -> Coverage:
    """Compile every card (each once) and count."""
    cov = Coverage()
    seen: set[str] = set()
    for card in cards:
        if card["name"] in seen:
            continue
        seen.add(card["name"])
        cov.add(compile_fields(card))
    return cov


def learn_subtypes(cards: Iterable[Mapping[str, Any]]) -> None:
    """Make every subtype of ``cards`` known to the grammar ("Goblins you control")."""
    from undercity.cards.text import parser

    for c in cards:
        parser.EXTRA_SUBTYPES.update(c.get("subtypes") or ())
        for f in c.get("faces") or ():
            parser.EXTRA_SUBTYPES.update(f.get("subtypes") or ())


def phrase_groups(reasons: Counter[tuple[str, str]], n: int) -> list[tuple[str, str, int]]:
    """The ``n`` most frequent (stage, phrase, count), most frequent first, then by phrase."""
    return [(stage, phrase, k) for (stage, phrase), k in
            sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))[:n]]
