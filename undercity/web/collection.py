"""The collection as CSV, and bulk edits as decklist lines.

Export columns: ``Count,Name`` — the names of the Deckbox and Moxfield collection exports, so
an export of theirs (``Count``, ``Name``, ``Edition``, ``Condition``, ``Language``, ``Foil`` …)
imports here: only ``Count`` (or ``Quantity``) and ``Name`` are read, other columns are ignored,
and rows of the same card (different editions, foils) add up. Names may be in any printed language.
"""

from __future__ import annotations

import csv
import io
from collections import Counter

from undercity.errors import UndercityError
from undercity.web.storage import MAX_COUNT

MAX_ROWS = 20_000
COUNT_COLUMNS = ("count", "quantity", "qty")
NAME_COLUMNS = ("name", "card", "card name")


class ImportError_(UndercityError):  # noqa: N801 - not the builtin ImportError
    """Every problem of an import, each with its line number; nothing was imported."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


def export_csv(rows: list[tuple[str, int]]) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["Count", "Name"])
    for card, n in rows:
        w.writerow([n, card])
    return out.getvalue()


def _resolve(written: str) -> str | None:
    from undercity.decks import resolve_card_name

    return resolve_card_name(written) if written.strip() else None


def _unknown(written: str) -> str:
    from undercity.decks import _unknown_message

    return _unknown_message(written)


def parse_csv(text: str) -> Counter[str]:
    """English card name → count, from a CSV with ``Count`` and ``Name`` columns (any case;
    ``Quantity`` too). Raises :class:`ImportError_` with every bad row."""
    if text.startswith("\ufeff"):
        text = text[1:]
    reader = csv.reader(io.StringIO(text))
    try:
        header = next(reader)
    except StopIteration:
        raise ImportError_(["the file is empty: a CSV with a header row Count,Name is expected"]) from None
    except csv.Error as e:
        raise ImportError_([f"line 1: not CSV ({e})"]) from None
    cols = [h.strip().casefold() for h in header]
    count_col = next((cols.index(c) for c in COUNT_COLUMNS if c in cols), None)
    name_col = next((cols.index(c) for c in NAME_COLUMNS if c in cols), None)
    if count_col is None or name_col is None:
        missing = " and ".join(w for w, c in (("Count", count_col), ("Name", name_col)) if c is None)
        raise ImportError_([f"line 1: the header has no {missing} column (it has: "
                            f"{', '.join(h.strip() for h in header)[:200] or 'nothing'}); "
                            "the columns are Count,Name"])
    counts: Counter[str] = Counter()
    problems: list[str] = []
    try:
        for row in reader:
            line = reader.line_num
            if line > MAX_ROWS + 1:
                problems.append(f"more than {MAX_ROWS:,} rows: split the file")
                break
            if not any(cell.strip() for cell in row):
                continue
            if len(row) <= max(count_col, name_col):
                problems.append(f"line {line}: {len(row)} columns, the header has {len(header)}")
                continue
            raw, written = row[count_col].strip(), row[name_col].strip()
            if not raw.isdigit() or not 0 <= int(raw) <= MAX_COUNT:
                problems.append(f"line {line}: the count {raw[:20]!r} is not a whole number from 0 to {MAX_COUNT:,}")
                continue
            name = _resolve(written[:300])
            if name is None:
                problems.append(f"line {line}: " + (_unknown(written[:300]) if written else "no card name"))
                continue
            counts[name] += int(raw)
    except csv.Error as e:
        problems.append(f"line {reader.line_num}: not CSV ({e})")
    if problems:
        raise ImportError_(problems)
    return counts


def parse_lines(text: str) -> Counter[str]:
    """Bulk edit lines in decklist form (``4 Lightning Bolt``, any language), read by the decklist
    parser; every unreadable line or unknown card is a problem with its line number."""
    from undercity.decks import parse_decklist

    deck = parse_decklist(text, "collection", check=False)
    problems = [f"line {line}: {msg}" for line, msg in deck.errors]
    problems += [f"line {e.line}: {_unknown(e.written)}" for e in deck.entries if not e.known]
    if problems:
        raise ImportError_(sorted(problems, key=lambda p: int(p.split(":")[0].split()[1])))
    counts: Counter[str] = Counter()
    for e in deck.entries:
        counts[e.name] += e.count
    return counts
