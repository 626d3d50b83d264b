"""Reading a human's answer to a decision: an option number, or (part of) an option's label.

The rules, in order:

* ``?`` / ``help`` asks for help, ``board`` shows the board again, ``q`` / ``quit`` /
  ``concede`` asks to concede, ``card NAME`` / ``card N`` shows a card's text and rulings (the
  card named NAME, or in option N), ``graveyards`` (``gy``) and ``exile`` list those zones.
  These words win over option names.
* A number ``n`` picks option ``n`` (options are numbered from 1 on screen).
* Otherwise the text is compared, case-insensitively and with runs of spaces collapsed, with
  every option's label, and with the label's tail after each word ("Shock" names
  ``cast Shock``, "Recruit" names ``attack with Solemn Recruit``). The first of these tiers
  that matches anything decides: an exact label; an exact tail (a card name); a prefix of a
  label; a prefix of a tail. Within a tier the match must be unique — several options with the
  *same* label are the same answer and the first is taken; several different labels are
  ambiguous and the player is asked again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

HELP_WORDS = frozenset({"?", "help"})
QUIT_WORDS = frozenset({"q", "quit", "concede"})
BOARD_WORDS = frozenset({"board"})
GRAVEYARD_WORDS = frozenset({"graveyards", "graveyard", "gy"})
EXILE_WORDS = frozenset({"exile"})
CARD_WORDS = frozenset({"card", "text"})

_NUMBER = re.compile(r"#?(\d+)\.?")


@dataclass(frozen=True, slots=True)
class Answer:
    """What a line of input means.

    ``kind`` is ``choice`` (``index`` is the 0-based option index), ``help``, ``quit``,
    ``board``, ``graveyards``, ``exile``, ``card`` (``message`` is the card asked about: a
    name or an option number) or ``error`` (``message`` says what was wrong)."""

    kind: str
    index: int | None = None
    message: str = ""


def normalize(text: str) -> str:
    """Case-folded, typographic apostrophes made plain, whitespace collapsed."""
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    return " ".join(text.casefold().split())


def _tails(label: str) -> list[str]:
    """The label's tails after each word: "attack with Solemn Recruit" → "with Solemn
    Recruit", "Solemn Recruit", "Recruit"."""
    words = label.split(" ")
    return [" ".join(words[i:]) for i in range(1, len(words))]


def parse_answer(text: str, labels: list[str]) -> Answer:
    """Interpret one line typed in answer to a decision whose options read ``labels``."""
    n = len(labels)
    raw = text.strip()
    if not raw:
        return Answer("error", message=f"Please answer: type an option number (1-{n}) or a name; "
                                       "? for help.")
    t = normalize(raw)
    if t in HELP_WORDS:
        return Answer("help")
    if t in QUIT_WORDS:
        return Answer("quit")
    if t in BOARD_WORDS:
        return Answer("board")
    if t in GRAVEYARD_WORDS:
        return Answer("graveyards")
    if t in EXILE_WORDS:
        return Answer("exile")
    word = t.partition(" ")[0]
    if word in CARD_WORDS:
        return Answer("card", message=" ".join(raw.split()[1:]))  # as typed, for the messages
    m = _NUMBER.fullmatch(t)
    if m:
        k = int(m.group(1))
        if 1 <= k <= n:
            return Answer("choice", k - 1)
        return Answer("error", message=f"There is no option {k}: choose a number from 1 to {n}.")
    norm = [normalize(label) for label in labels]
    tails = [_tails(lab) for lab in norm]
    tiers = (
        [i for i, lab in enumerate(norm) if lab == t],
        [i for i, ts in enumerate(tails) if t in ts],
        [i for i, lab in enumerate(norm) if lab.startswith(t)],
        [i for i, ts in enumerate(tails) if any(x.startswith(t) for x in ts)],
    )
    for found in tiers:
        if not found:
            continue
        distinct = {norm[i] for i in found}
        if len(distinct) == 1:
            return Answer("choice", found[0])
        shown = ", ".join(f"{i + 1}. {labels[i]}" for i in found[:8])
        more = f" (and {len(found) - 8} more)" if len(found) > 8 else ""
        return Answer("error", message=f"{raw!r} is ambiguous: it matches {shown}{more}. "
                                       "Type more of the name, or the number.")
    return Answer("error", message=f"{raw!r} matches no option{_suggest(t, labels)}. Type a number from "
                                   f"1 to {n}, a name (or its beginning), or ? for help.")


def _suggest(t: str, labels: list[str]) -> str:
    """ "; did you mean ...?" for a near miss (a typo), or ""."""
    try:
        from rapidfuzz import fuzz, process
    except ImportError:  # pragma: no cover - rapidfuzz is a dependency
        return ""
    best = process.extractOne(t, [normalize(lab) for lab in labels], scorer=fuzz.partial_ratio,
                              score_cutoff=80)
    if best is None or len(t) < 3:
        return ""
    return f" (did you mean {best[2] + 1}. {labels[best[2]]}?)"
