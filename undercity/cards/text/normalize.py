"""Oracle text before parsing: reminder text removed, the card's own name made ``~``, split
into abilities, and each ability into tokens.

The card's name (and a legend's short name — "Sefris" of "Sefris of the Hidden Ways",
"Linden" of "Linden, the Steadfast Queen") becomes ``~``, the 2022 templates' CARDNAME;
"this creature" (the 2024+ template) is read by the grammar itself. Reminder text is the
parenthesised text (CR 207.2a: it has no rules meaning).
"""

from __future__ import annotations

import re

_REMINDER = re.compile(r"\s*\([^()]*\)")
_TOKEN = re.compile(
    r"(?:\{[^{}]*\})+"  # mana and tap symbols, a run of them as one token: {2}{G}
    r"|[+\-−]?[\dX*]+/[+\-−]?[\dX*]+"  # +1/+1, -X/-X
    r"|[+\-−]\d+(?=:)"  # loyalty costs +1: −2:
    r"|\[[+\-−]?\d+\](?=:)"  # loyalty costs as printed since 2018: [+1]: [−2]: [0]: (CR 606.4)
    r"|~'s|~"
    r"|[A-Za-z0-9][A-Za-z0-9'’\-]*"
    r"|[.,:;—•\"+|]")  # "15+ |": a results table's open range, then its bar (CR 706.3a)


def short_name(name: str, legendary: bool = False) -> str | None:
    """A legend's short name as its abilities call it: the part before ", " or " of the " — or,
    of a legendary card, " of " ("Catti-brie" of "Catti-brie of Mithral Hall"; a nonlegendary
    "Wall of Kelp" says "Wall" of its type)."""
    for sep in (", ", " of the ", *((" of ",) if legendary else ())):
        if sep in name:
            return name.split(sep, 1)[0]
    return None


def self_normalised(text: str, name: str, legendary: bool = False) -> str:
    """``text`` with the card's name (and short name) replaced by ``~``."""
    names = [name] + ([s] if (s := short_name(name, legendary)) else [])
    if " // " in name:
        names += name.split(" // ")
    for n in sorted(names, key=len, reverse=True):
        if n in text:
            text = re.sub(r"(?<![\w])" + re.escape(n) + r"(?![\w])", "~", text)
    return text


def strip_reminder(text: str) -> str:
    """Remove parenthesised reminder text (CR 207.2a) and the blank lines it leaves."""
    lines = []
    for line in text.split("\n"):
        line = _REMINDER.sub("", line).strip()
        if line:
            lines.append(line)
    return "\n".join(lines)


def normalise(text: str, name: str, legendary: bool = False) -> str:
    """The text the compiler reads and the renderer must give back."""
    return strip_reminder(self_normalised(text, name, legendary)).replace("’", "'")


#: A line of a results table (CR 706.3a): "1—9 | Draw a card.", "20 | …", "15+ | …".
_TABLE_ROW = re.compile(r"^\d+(?:[—–-]\d+|\+)? \| ")


def paragraphs(text: str) -> list[str]:
    """One entry per ability: a modal "Choose one —" line keeps its bullets (CR 700.2), a
    die roll its results table (CR 706.3a)."""
    out: list[str] = []
    for line in text.split("\n"):
        if (line.startswith("•") or _TABLE_ROW.match(line)) and out:
            out[-1] += "\n" + line
        else:
            out.append(line)
    return out


def tokens(text: str) -> list[str]:
    """The words, symbols and punctuation of one ability, in order. A character the lexer
    doesn't know stays a token of its own, so nothing is lost silently."""
    out: list[str] = []
    pos = 0
    for m in _TOKEN.finditer(text):
        gap = text[pos:m.start()].strip()
        if gap:
            out.append(gap)
        out.append(m.group(0))
        pos = m.end()
    if text[pos:].strip():
        out.append(text[pos:].strip())
    return out
