"""Decklists: reading them in three formats, checking them, and the bundled decks.

Formats read by :func:`parse_decklist` (the format is recognised from the text):

* **plain text** — ``4 Lightning Bolt`` (or ``4x Lightning Bolt``), one card a line; the
  sideboard follows a blank line or a ``Sideboard`` line, and ``SB: 2 Name`` lines go to the
  sideboard wherever they are; ``#`` and ``//`` lines are comments;
* **MTG Arena exports** — ``4 Name (SET) 123`` lines in sections headed ``Deck``,
  ``Sideboard``, ``Commander`` and ``Companion`` (and ``About`` / ``Name …``, ignored); the
  Commander and Companion sections end at a blank line;
* **MTGO .dek files** (XML, read with defusedxml) —
  ``<Cards CatID="…" Quantity="4" Sideboard="false" Name="…"/>``. MTGO keeps a Commander
  deck's commander in the sideboard: a .dek whose main deck and one or two sideboard cards
  make exactly 100 cards is read as a Commander deck with those cards as commanders.

Card names may be printed names in any language the card data has (``4 Éclair`` …) and are
mapped to English names, ignoring case and accents; ``Fire/Ice`` and ``Fire /// Ice`` are
read as ``Fire // Ice``.

:func:`validate_deck` reports every problem of a deck at once, each with its line number.

A decklist is read within bounds, so that an absurd one is refused, with its line number, in
bounded time and memory: a file of at most 512 KB, lines of at most 1,000 characters, at most
250 copies on a line and 1,000 cards (and lines) in all.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from undercity.errors import DecklistError, UndercityError

__all__ = [
    "BUNDLED",
    "COMMANDER_DECKS",
    "PRECON_DECKS",
    "DeckEntry",
    "Decklist",
    "check_deck",
    "load_deck",
    "parse_decklist",
    "resolve_card_name",
    "validate_deck",
]

_LINE = re.compile(r"^\s*(\d+)\s*[xX]?\s+(.+?)\s*$")
#: An MTG Arena suffix: " (SET) 123", " (SET)", optionally followed by a foil/etched marker.
_ARENA_SUFFIX = re.compile(r"\s+\(([A-Za-z0-9_]{2,8})\)(?:\s+([A-Za-z0-9\-★*]+))?\s*$")
_MARKER = re.compile(r"\s+\*[A-Za-z]+\*\s*$")
_SB_PREFIX = re.compile(r"^SB:\s*", re.IGNORECASE)

_HEADERS = {
    "commander": "commander", "commanders": "commander",
    "companion": "companion",
    "deck": "main", "main": "main", "maindeck": "main", "main deck": "main", "mainboard": "main",
    "sideboard": "sideboard", "side board": "sideboard", "sb": "sideboard",
    "about": "about",
    "maybeboard": "ignored", "considering": "ignored",
}

MIN_CONSTRUCTED = 60  # CR 100.2a
MAX_SIDEBOARD = 15  # CR 100.4a
MAX_COPIES = 4  # CR 100.2a


@dataclass
class DeckEntry:
    """One line of a decklist."""

    count: int
    #: The card's English name when it is known, else the name as written.
    name: str
    written: str
    section: str  # "main" | "sideboard" | "commander" | "companion"
    line: int
    known: bool = True
    set_code: str | None = None
    number: str | None = None


@dataclass
class Decklist:
    name: str
    main: list[str] = field(default_factory=list)
    sideboard: list[str] = field(default_factory=list)
    #: The commander(s) of a Commander deck (CR 903.3), not counted in ``main``.
    commanders: list[str] = field(default_factory=list)
    #: Companion(s) named in an Arena ``Companion`` section (also in the sideboard in Arena exports).
    companions: list[str] = field(default_factory=list)
    #: Every card line, in order, with its line number.
    entries: list[DeckEntry] = field(default_factory=list)
    #: "text" (plain or MTG Arena) or "dek" (MTGO).
    source_format: str = "text"
    #: Lines that could not be read, as (line, message); only when parsed with ``check=False``.
    errors: list[tuple[int, str]] = field(default_factory=list)


# ----------------------------------------------------------------------------- names


def resolve_card_name(written: str) -> str | None:
    """The English name of the card printed as ``written`` (any language, case and accents
    ignored; face names and ``A/B`` / ``A /// B`` spellings of ``A // B`` work), or None."""
    from undercity.cards.oracle import find_oracle, lookup_localized
    from undercity.errors import UnknownCardError

    candidates = [written, written.replace("\u2019", "'")]
    if "///" in written:
        candidates.append(re.sub(r"\s*///\s*", " // ", written))
    elif "/" in written and "//" not in written:
        candidates.append(re.sub(r"\s*/\s*", " // ", written))
    for cand in candidates:
        oc = lookup_localized(cand)
        if oc is not None:
            return oc.name
        try:
            return find_oracle(cand).name
        except UnknownCardError:
            continue
    # A real card Undercity doesn't define: every known card, in any printed language.
    from undercity.carddb import get_db

    db = get_db()
    for cand in candidates:
        match = db.find(cand) if cand.strip() else None
        if match is not None:
            return match.name
    return None


def _suggestions(written: str) -> list[str]:
    from undercity.carddb import get_db

    try:
        return get_db().suggest(written)
    except Exception:  # suggestions are a nicety: never fail a deck for them
        from undercity.cards.registry import suggest

        return suggest(written)


def _unknown_message(written: str) -> str:
    from undercity.errors import UnknownCardError

    return str(UnknownCardError(written, _suggestions(written)))


# ----------------------------------------------------------------------------- parsing

# Bounds on a decklist, so that a hostile or mistaken file is refused at once, naming the line
# at fault, instead of exhausting memory: a real deck is a few KB, its longest line under 200
# characters, and no line of a real deck lists more copies than a 250-card deck could hold.
MAX_DECK_BYTES = 512 * 1024
MAX_LINE_CHARS = 1_000
MAX_LINE_COUNT = 250
MAX_DECK_CARDS = 1_000  # all sections together, and as many lines
_MAX_PROBLEMS = 100  # unreadable lines reported before the rest is left unread


class _Stop(Exception):  # noqa: N818
    """Reading stops here: the reason is the last entry of the problem list."""


def _problem(fail: list[tuple[int, str]], line: int, message: str) -> None:
    fail.append((line, message))
    if len(fail) >= _MAX_PROBLEMS:
        fail.append((line, f"{_MAX_PROBLEMS} unreadable lines: the rest of the file is not read"))
        raise _Stop


def _count(written: str, line: int, fail: list[tuple[int, str]]) -> int | None:
    """The number of copies a line lists (``written``: its digits), or None (reported in
    ``fail``) for more than :data:`MAX_LINE_COUNT`."""
    n = int(written) if len(written) <= 4 else MAX_LINE_COUNT + 1  # never read a number of 5,000 digits
    if n > MAX_LINE_COUNT:
        shown = written if len(written) <= 20 else f"a number of {len(written):,} digits"
        _problem(fail, line, f"{shown} copies of a card on one line; a line lists at most {MAX_LINE_COUNT}")
        return None
    return n


def _make_room(deck: Decklist, n: int, line: int, fail: list[tuple[int, str]]) -> None:
    """Stop reading at a line that would take the deck past :data:`MAX_DECK_CARDS` cards or lines."""
    total = len(deck.main) + len(deck.sideboard) + len(deck.commanders) + len(deck.companions) + n
    if total > MAX_DECK_CARDS or len(deck.entries) >= MAX_DECK_CARDS:
        fail.append((line, f"this line takes the decklist past {MAX_DECK_CARDS:,} cards or lines, the most a "
                           "deck may have; the rest of the file is not read"))
        raise _Stop


def _add(deck: Decklist, entry: DeckEntry) -> None:
    deck.entries.append(entry)
    target = {"main": deck.main, "sideboard": deck.sideboard, "commander": deck.commanders,
              "companion": deck.companions}[entry.section]
    target.extend([entry.name] * entry.count)


def _parse_text(text: str, deck: Decklist, fail: list[tuple[int, str]]) -> None:
    section = "main"
    for lineno, raw in enumerate(text.splitlines(), 1):
        if len(raw) > MAX_LINE_CHARS:
            _problem(fail, lineno, f"the line has {len(raw):,} characters; a decklist line has at most "
                                   f"{MAX_LINE_CHARS:,}")
            continue
        line = raw.strip().lstrip("\ufeff")
        header = line.lower().rstrip(":").strip()
        if header in _HEADERS:
            section = _HEADERS[header]
            continue
        if not line:
            if section in ("commander", "companion", "about"):
                section = "main"  # these sections end at a blank line
            elif section == "main" and any(e.section == "main" for e in deck.entries):
                section = "sideboard"
            continue
        if line.startswith(("#", "//")) or section in ("about", "ignored"):
            continue
        where = section
        m_sb = _SB_PREFIX.match(line)
        if m_sb:
            line, where = line[m_sb.end():], "sideboard"
        m = _LINE.match(line)
        if not m:
            _problem(fail, lineno, f"expected 'COUNT NAME' (e.g. '4 Lightning Bolt'), got {raw!r}")
            continue
        count, written = _count(m.group(1), lineno, fail), m.group(2)
        if count is None:
            continue
        _make_room(deck, count, lineno, fail)
        written = _MARKER.sub("", written)
        set_code = number = None
        m_arena = _ARENA_SUFFIX.search(written)
        if m_arena and resolve_card_name(written) is None:
            set_code, number = m_arena.group(1).upper(), m_arena.group(2)
            written = written[:m_arena.start()].strip()
        _add(deck, _entry(count, written, where, lineno, set_code, number))


def _entry(count: int, written: str, section: str, line: int, set_code: str | None = None,
           number: str | None = None) -> DeckEntry:
    english = resolve_card_name(written)
    return DeckEntry(count, english or written, written, section, line, english is not None, set_code, number)


def _parse_dek(text: str, deck: Decklist, fail: list[tuple[int, str]]) -> None:
    import xml.sax.handler

    import defusedxml.sax

    rows: list[tuple[int, int, str, bool]] = []

    class Handler(xml.sax.handler.ContentHandler):
        def startElement(self, name: str, attrs: xml.sax.xmlreader.AttributesImpl) -> None:  # noqa: N802
            if name != "Cards":
                return
            line = self._locator.getLineNumber() if self._locator is not None else 0
            card = attrs.get("Name", "").strip()
            qty = attrs.get("Quantity", "").strip()
            if not card or not qty.isascii() or not qty.isdigit() or len(card) > MAX_LINE_CHARS:
                _problem(fail, line, "expected <Cards Quantity=\"N\" Sideboard=\"false|true\" Name=\"…\"/>"
                                     + (f" with a name of at most {MAX_LINE_CHARS:,} characters"
                                        if len(card) > MAX_LINE_CHARS else ""))
                return
            n = _count(qty, line, fail)
            if n is not None:
                rows.append((line, n, card, attrs.get("Sideboard", "false").strip().lower() == "true"))

    try:
        defusedxml.sax.parseString(text.encode("utf-8"), Handler())
    except _Stop:
        raise
    except Exception as e:  # malformed or forbidden XML (entities, DTDs)
        raise DecklistError(f"{deck.name}: not a readable MTGO .dek file: {e}") from None
    main_count = sum(q for _, q, _, sb in rows if not sb)
    side = [r for r in rows if r[3]]
    side_count = sum(q for _, q, _, _ in side)
    as_commanders = 1 <= side_count <= 2 and main_count + side_count == 100
    for line, qty, card, sb in rows:
        section = ("commander" if as_commanders else "sideboard") if sb else "main"
        _make_room(deck, qty, line, fail)
        _add(deck, _entry(qty, card, section, line))


def _is_dek(text: str) -> bool:
    head = text.lstrip("\ufeff \t\r\n")[:200]
    return head.startswith("<?xml") or head.startswith("<Deck")


def parse_decklist(text: str, name: str = "deck", *, check: bool = True) -> Decklist:
    """Read a decklist: plain text, an MTG Arena export or an MTGO .dek file.

    With ``check`` (the default, for playing) every card must be one Undercity implements:
    unreadable lines, unknown cards ("did you mean …") and unimplemented cards raise
    :class:`DecklistError` naming each line. With ``check=False`` nothing is raised for them:
    unreadable lines are kept in :attr:`Decklist.errors` and unknown cards stay as written
    (``DeckEntry.known`` false), for :func:`validate_deck` to report.
    """
    deck = Decklist(name)
    fail: list[tuple[int, str]] = []
    if len(text) > MAX_DECK_BYTES:
        raise DecklistError(_too_big(name))
    try:
        if _is_dek(text):
            deck.source_format = "dek"
            _parse_dek(text, deck, fail)
        else:
            _parse_text(text, deck, fail)
    except _Stop:
        pass  # the reason is in `fail`, reported like every unreadable line
    if not check:
        deck.errors = fail
        return deck
    from undercity.cards.registry import is_implemented
    from undercity.errors import UnimplementedCardError

    problems = list(fail)
    for e in deck.entries:
        if not e.known:
            problems.append((e.line, _unknown_message(e.written)))
        elif not is_implemented(e.name):
            problems.append((e.line, str(UnimplementedCardError(e.name))))
    if problems:
        problems.sort(key=lambda p: p[0])
        raise DecklistError("\n".join(f"{name}:{line}: {msg}" for line, msg in problems))
    if not deck.main:
        raise DecklistError(f"{name}: the decklist has no cards")
    return deck


def _too_big(name: str) -> str:
    return (f"{name}: the file is larger than {MAX_DECK_BYTES // 1024} KB, the most a decklist may be "
            f"(a deck of {MAX_DECK_CARDS:,} cards fits in far less)")


def _read_bounded(path: Path) -> str:
    """The text of a decklist file, read no further than :data:`MAX_DECK_BYTES`."""
    with path.open("rb") as f:
        data = f.read(MAX_DECK_BYTES + 1)
    if len(data) > MAX_DECK_BYTES:
        raise DecklistError(_too_big(str(path)))
    return data.decode("utf-8-sig")


BUNDLED = ("orzhov-initiative", "simic-initiative", "gruul-stompy", "orzhov-knights")
#: Bundled 100-card Commander decks (CR 903.5), played by ``undercity play --variant commander``.
COMMANDER_DECKS = ("commander-linden", "commander-erinis", "commander-sefris", "commander-barrowin")
#: The eight real Commander preconstructed decks of Forgotten Realms Commander (AFC) and Commander
#: Legends: Battle for Baldur's Gate (CLB), as printed (data/decks/precons/SOURCES.md). They load
#: by name; a game with one needs every card implemented, and the error names those that aren't
#: and why (`undercity cards --coverage` reports each deck's share).
PRECON_DECKS = ("aura-of-courage", "draconic-rage", "dungeons-of-death", "planar-portal",
                "draconic-dissent", "exit-from-exile", "mind-flayarrrs", "party-time")


def _bundled_suggestion(written: str) -> str:
    """ "; did you mean 'simic-initiative'?" for a near miss of a bundled deck's name, or ""."""
    from rapidfuzz import fuzz, process

    best = process.extractOne(written.casefold(), BUNDLED + COMMANDER_DECKS + PRECON_DECKS, scorer=fuzz.WRatio,
                              score_cutoff=80)
    return f"; did you mean {best[0]!r}?" if best else ""


def load_deck(name_or_path: str, *, check: bool = True) -> Decklist:
    """A bundled deck by name, or a decklist file (plain text, MTG Arena export or MTGO .dek)."""
    if name_or_path in BUNDLED or name_or_path in COMMANDER_DECKS or name_or_path in PRECON_DECKS:
        where = "decks/precons" if name_or_path in PRECON_DECKS else "decks"
        text = resources.files("undercity.data").joinpath(f"{where}/{name_or_path}.txt").read_text("utf-8")
        return parse_decklist(text, name_or_path, check=check)
    p = Path(name_or_path)
    if not p.is_file():
        raise DecklistError(f"no deck named {name_or_path!r}: not a bundled deck "
                            f"({', '.join(BUNDLED + COMMANDER_DECKS + PRECON_DECKS)}) and no such file"
                            + _bundled_suggestion(name_or_path))
    try:
        text = _read_bounded(p)
    except UnicodeDecodeError:
        raise DecklistError(f"{p}: not a text file (decklists are UTF-8 text or MTGO .dek XML)") from None
    except OSError as e:
        raise DecklistError(f"{p}: cannot read the file: {e.strerror or e}") from None
    return parse_decklist(text, p.stem, check=check)


# ----------------------------------------------------------------------------- validation

_ANY_NUMBER = re.compile(r"A deck can have any number of cards named", re.IGNORECASE)
_UP_TO = re.compile(r"A deck can have up to (\w+) cards named", re.IGNORECASE)
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10}


def _max_copies(name: str) -> int | None:
    """CR 100.2a: four copies, except basic lands and cards that say otherwise (None: any number)."""
    from undercity.cards.oracle import find_card

    oc = find_card(name)
    if "Basic" in oc.supertypes and "Land" in oc.types:
        return None
    if _ANY_NUMBER.search(oc.oracle_text or ""):
        return None
    m = _UP_TO.search(oc.oracle_text or "")
    if m:
        word = m.group(1).casefold()
        return int(word) if word.isdigit() else _NUMBERS.get(word, MAX_COPIES)
    return MAX_COPIES


def _entries_of(deck: Decklist) -> list[DeckEntry]:
    """Entries (line 0: no line numbers) for a Decklist built in code rather than parsed."""
    out: list[DeckEntry] = []
    for section, names in (("commander", deck.commanders), ("main", deck.main), ("sideboard", deck.sideboard),
                           ("companion", deck.companions)):
        for written, count in Counter(names).items():
            out.append(_entry(count, written, section, 0))
    return out


def _lines_text(lines: list[int]) -> str:
    lines = sorted({ln for ln in lines if ln > 0})
    if not lines:
        return ""
    return f"line {lines[0]}: " if len(lines) == 1 else "lines " + ", ".join(map(str, lines)) + ": "


def _known_formats() -> list[str]:
    from undercity.carddb import get_db

    return get_db().all_formats()


def _mentions(message: str, names: list[str]) -> list[str]:
    """The card names (from ``names``) that ``message`` mentions, longest first, each span once."""
    found: list[str] = []
    text = message
    for n in sorted(set(names), key=len, reverse=True):
        pattern = re.compile(r"(?<![\w'])" + re.escape(n) + r"(?![\w'])")
        if pattern.search(text):
            found.append(n)
            text = pattern.sub(lambda mt: "\0" * len(mt.group(0)), text)
    return found


def validate_deck(deck: Decklist, format: str = "constructed") -> list[str]:
    """Every problem of ``deck`` at once, as messages starting with the line number(s)
    (:func:`check_deck` also gives the warnings)."""
    return check_deck(deck, format)[0]


def check_deck(deck: Decklist, format: str = "constructed") -> tuple[list[str], list[str]]:
    """(problems, warnings) of ``deck``: every problem at once, as messages starting with the
    line number(s), and the cards whose legality in the format the card data doesn't know.

    ``format`` is ``"constructed"`` (CR 100.2a: at least 60 cards, at most four of a card
    except basic lands; a sideboard of at most 15, 100.4a), ``"commander"`` (CR 903.5, via
    :mod:`undercity.formats.commander`, and the Commander banned list), or a format of the
    legality data (``"modern"``, ``"legacy"``, ``"vintage"`` …): constructed rules plus that
    format's banned (and restricted: one copy) list and card legality.

    Always reported: unreadable lines, unknown cards (with suggestions), and cards Undercity
    does not implement. A card's legality is :meth:`undercity.carddb.CardDB.legality`, the
    answer its card page gives.
    """
    from undercity.carddb import get_db
    from undercity.cards.registry import is_implemented, not_implemented_reason

    fmt = format.casefold()
    formats = _known_formats()
    if fmt not in ("constructed", "commander") and fmt not in formats:
        raise UndercityError(f"unknown format {format!r}: use constructed, commander or one of "
                             f"{', '.join(formats)}")
    problems: list[tuple[float, str]] = [(line, f"line {line}: {msg}") for line, msg in deck.errors]
    warnings: list[tuple[float, str]] = []
    entries = deck.entries or _entries_of(deck)
    lines_of: dict[str, list[int]] = defaultdict(list)
    for e in entries:
        if not e.known:
            problems.append((e.line, f"{_lines_text([e.line])}{_unknown_message(e.written)}"))
            continue
        lines_of[e.name].append(e.line)
    for name, lines in lines_of.items():
        if not is_implemented(name):
            why = not_implemented_reason(name)
            problems.append((min(lines), f"{_lines_text(lines)}{name} is not implemented in Undercity"
                                         + (f" ({why})" if why else "")))

    known = [e for e in entries if e.known]
    if fmt == "commander":
        from undercity.formats.commander import validate_commander_deck

        for msg in validate_commander_deck(deck.main, deck.commanders, deck.sideboard):
            if msg.startswith(("deck: ", "commander: ")) and "unknown card" in msg:
                continue  # already reported above, with its line
            lines = [ln for n in _mentions(msg, list(lines_of)) for ln in lines_of[n]]
            problems.append((min(lines) if lines else math.inf, _lines_text(lines) + msg))
    else:
        counted = Counter({e.name: 0 for e in known})
        for e in known:
            if e.section in ("main", "sideboard"):
                counted[e.name] += e.count
        for name in deck.companions:  # an Arena companion is also listed in the sideboard
            if name in lines_of and counted[name] == 0:
                counted[name] = 1
        for name, n in counted.items():
            limit = _max_copies(name)
            restricted = fmt != "constructed" and get_db().legality(name, fmt).status == "restricted"
            if restricted:
                limit = 1
            if limit is not None and n > limit:
                why = (f"{name} is restricted in {fmt}: at most 1 copy" if restricted else
                       f"at most {limit} copies of a card other than a basic land (CR 100.2a)")
                problems.append((min(lines_of[name]), f"{_lines_text(lines_of[name])}{n} copies of {name}; {why}"))
        main_count = sum(e.count for e in entries if e.section == "main")
        if main_count < MIN_CONSTRUCTED:
            problems.append((math.inf, f"the main deck has {main_count} cards; a constructed deck has at least "
                                       f"{MIN_CONSTRUCTED} (CR 100.2a)"))
        side_count = sum(e.count for e in entries if e.section == "sideboard")
        if side_count > MAX_SIDEBOARD:
            problems.append((math.inf, f"the sideboard has {side_count} cards; at most {MAX_SIDEBOARD} "
                                       "(CR 100.4a)"))
        if fmt != "constructed":
            for name, lines in lines_of.items():
                legality = get_db().legality(name, fmt)
                where = _lines_text(lines)
                if legality.status == "banned":
                    problems.append((min(lines), f"{where}{name} is banned in {fmt}"))
                elif legality.status == "unknown":
                    when = f" (data as of {legality.as_of})" if legality.as_of else ""
                    warnings.append((min(lines), f"{where}{name}: legality in {fmt} unknown — the card data "
                                                 f"has no {fmt} status for it{when}"))
                elif not legality.playable:
                    problems.append((min(lines), f"{where}{name} is not legal in {fmt}"))
    problems.sort(key=lambda p: p[0])
    warnings.sort(key=lambda p: p[0])
    return [msg for _, msg in problems], [msg for _, msg in warnings]
