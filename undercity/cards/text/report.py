"""``undercity cards --coverage``: implemented cards per set and per deck, and what stops the
rest (the compiler's first unread or unsupported phrase, grouped, most frequent first);
``--all``: the compiler over every known card."""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

from rich.console import Console
from rich.table import Table

from undercity.cards.text.coverage import Coverage, learn_subtypes, measure, phrase_groups

SETS = ("CLB", "AFR", "AFC")
BASICS = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes", "Snow-Covered Plains",
                    "Snow-Covered Island", "Snow-Covered Swamp", "Snow-Covered Mountain", "Snow-Covered Forest"})


def _fields(name: str) -> dict[str, Any] | None:
    from undercity.cards.corpus import known_card
    from undercity.cards.oracle import load_oracle
    from undercity.cards.text.compile import oracle_fields

    oc = load_oracle().get(name)
    return oracle_fields(oc) if oc is not None else known_card(name)


def _reasons_table(title: str, reasons: Counter[tuple[str, str]], top: int) -> Table:
    t = Table(title=title)
    t.add_column("cards", justify="right")
    t.add_column("stage")
    t.add_column("first phrase not read (parse) or not supported (lower)")
    for stage, phrase, k in phrase_groups(reasons, top):
        t.add_row(str(k), stage, phrase)
    return t


def coverage_report(console: Console, decks: list[str], *, everything: bool, top: int) -> None:
    """Print the coverage tables."""
    from undercity.cards.oracle import load_oracle
    from undercity.cards.registry import hand_written, is_implemented
    from undercity.decks import BUNDLED, COMMANDER_DECKS, PRECON_DECKS, load_deck

    # Read every deck first: a bad file is reported before anything is printed. The eight
    # Commander precons are always measured: they are the card pool's next goal (issue 11).
    decks = [d for d in decks if d not in PRECON_DECKS]
    loaded = [(name, load_deck(name, check=False)) for name in [*BUNDLED, *COMMANDER_DECKS, *PRECON_DECKS, *decks]]
    oracle = load_oracle()
    hand = hand_written()
    table = Table(title="Implemented cards per set (hand-written or compiled from Oracle text)")
    for col in ("set", "cards", "implemented", "%", "hand-written", "compiled", "read by the compiler"):
        table.add_column(col, justify="left" if col == "set" else "right")
    stopped: Counter[tuple[str, str]] = Counter()
    missing: dict[str, list[str]] = {}
    all_sets = Coverage()
    for code in SETS:
        names = sorted(n for n, oc in oracle.items() if oc.set == code)
        cov = measure(f for n in names if (f := _fields(n)) is not None)
        done = [n for n in names if is_implemented(n)]
        compiled = [n for n in done if n not in hand]
        missing[code] = [n for n in names if n not in set(done)]
        for n in names:
            all_sets.add(cov.results[n])
            if n not in done:
                c = cov.results[n]
                stopped[(c.stage, c.reason)] += 1
        table.add_row(code, str(len(names)), str(len(done)), f"{100 * len(done) / max(1, len(names)):.0f}",
                      str(len([n for n in done if n in hand])), str(len(compiled)),
                      f"{cov.parsed} parsed, {cov.implemented} lowered")
    total_done = sum(1 for n in all_sets.results if is_implemented(n))
    table.add_row("all three", str(all_sets.total), str(total_done),
                  f"{100 * total_done / max(1, all_sets.total):.0f}", "", "",
                  f"{all_sets.parsed} parsed, {all_sets.implemented} lowered")
    console.print(table)

    deck_table = Table(title="Implemented cards per deck (distinct nonbasic cards)")
    for col in ("deck", "cards", "implemented", "%"):
        deck_table.add_column(col, justify="left" if col == "deck" else "right")
    for _name, deck in loaded:
        cards = sorted({e.name for e in deck.entries if e.name not in BASICS})
        done = [n for n in cards if is_implemented(n)]
        deck_table.add_row(deck.name, str(len(cards)), str(len(done)), f"{100 * len(done) / max(1, len(cards)):.0f}")
        for n in cards:
            if n not in done and n not in all_sets.results and (f := _fields(n)) is not None:
                c = measure([f]).results[n]
                stopped[(c.stage, c.reason)] += 1
    def together(label: str, group: list[tuple[str, Any]]) -> None:
        cards = set().union(*({e.name for e in deck.entries if e.name not in BASICS} for _n, deck in group))
        done = sum(1 for n in cards if is_implemented(n))
        deck_table.add_row(label, str(len(cards)), str(done), f"{100 * done / max(1, len(cards)):.0f}")

    first = len(BUNDLED) + len(COMMANDER_DECKS)
    together("the eight precons together", loaded[first:first + len(PRECON_DECKS)])
    if decks:
        together("given decks together", loaded[len(loaded) - len(decks):])
    console.print(deck_table)
    console.print(_reasons_table("Why the other cards of these sets and decks are not implemented", stopped, top))
    for code, names in missing.items():
        if names:
            console.print(f"\n{code} — not implemented ({len(names)}):", markup=False)
            console.print(", ".join(names), markup=False)

    if everything:
        from undercity.cards.corpus import known_cards

        start = time.perf_counter()
        cards = known_cards()
        learn_subtypes(cards.values())
        cov = measure(cards.values())
        secs = time.perf_counter() - start
        console.print(f"\nEvery known card: {cov.total} cards; the compiler reads {cov.parsed} fully "
                      f"({100 * cov.parsed / max(1, cov.total):.1f}%) and implements {cov.implemented} "
                      f"({100 * cov.implemented / max(1, cov.total):.1f}%) in {secs:.1f} s.", markup=False)
        console.print(_reasons_table("Most frequent phrases over every known card", cov.reasons, top))
