"""The card database: a SQLite file built from every card we know, for lookups and search.

:func:`open_db` builds the database on first use from ``undercity/data/all-cards.json.gz`` (every
real card to April 2022 and the newer sets, see :mod:`undercity.cards.corpus`) in the
user cache directory (``platformdirs.user_cache_dir("undercity")``, or ``$UNDERCITY_CACHE_DIR``
when set) and rebuilds it whenever the shipped data changes: the database stores the SHA-256
of the data (and a schema version) and is rebuilt when either differs. A new database is
written to a temporary file and moved into place, so a reader never sees half of one. If the
cache directory can't be written, the database is built in memory.

Tables:

* ``cards`` — one row per card (English name): cost, mana value, type line, Oracle text, P/T,
  colors and color identity (letters in WUBRG order), set, collector number, rarity, printings,
  where its legalities come from and their date, and two search columns (every face's Oracle
  text and type lines, casefolded);
* ``faces`` — the faces of multi-face cards;
* ``names`` — every name a card is printed with: English (``lang = 'en'``, whole and face
  names) and each other language, with its normalised form (:func:`fold`: NFKD, accents
  stripped, casefolded) and the printed type line where the data has it;
* ``legalities`` — (card, format, status) with status ``legal`` / ``banned`` / ``restricted``
  as the data lists them; what a missing format means is :func:`undercity.formats.legality.card_legality`'s
  to say ("not legal", or "unknown" when the data doesn't know the format), with the formats
  each source knows in ``legality_sources``;
* ``printed`` — the printed name, type line and rules text in other languages (zh-Hans, fr),
  per face for some multi-face cards;
* ``rulings`` — the official rulings with their dates;
* ``meta`` — the data hash and schema version.

Lookups (:meth:`CardDB.find`) take an English name or a printed name in any language, ignoring
case and accents; :meth:`CardDB.suggest` gives close matches (rapidfuzz).
:meth:`CardDB.search` takes a subset of Scryfall's search syntax (see :func:`compile_query`).
Whether Undercity implements a card is not data: it comes from the card registry when asked.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import shlex
import sqlite3
import tempfile
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from undercity.cards.oracle import normalize_name
from undercity.errors import UndercityError, UnknownCardError
from undercity.formats.legality import Legality, card_legality

__all__ = [
    "CardDB",
    "CardPage",
    "FORMATS",
    "LANGUAGES",
    "Match",
    "PrintedText",
    "SearchError",
    "cache_dir",
    "compile_query",
    "data_hash",
    "fold",
    "get_db",
    "open_db",
]

SCHEMA_VERSION = 2
DB_FILE = "cards.sqlite3"
ENV_CACHE_DIR = "UNDERCITY_CACHE_DIR"

#: The formats a card page lists first, in this order (the seed card pages'); every other format
#: of the data follows, sorted (:meth:`CardDB.all_formats`).
FORMATS: tuple[str, ...] = (
    "standard", "future", "historic", "gladiator", "pioneer", "explorer", "modern", "legacy", "pauper",
    "vintage", "penny", "commander", "brawl", "alchemy", "paupercommander", "duel", "oldschool", "premodern",
)

#: Language codes of printed names in the data (as Scryfall spells them), and short aliases.
LANGUAGES: tuple[str, ...] = ("en", "de", "es", "fr", "it", "ja", "ko", "pt-BR", "ru", "zh-Hans", "zh-Hant", "ph")
_LANG_ALIASES = {"zh": "zh-Hans", "zhs": "zh-Hans", "cn": "zh-Hans", "zht": "zh-Hant", "tw": "zh-Hant",
                 "pt": "pt-BR", "jp": "ja", "kr": "ko", "english": "en"}
#: When a printed name is the same in several languages, the one reported as matched.
_LANG_PREFERENCE = {lang: i for i, lang in enumerate(LANGUAGES)}

COLORS = "WUBRG"
_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


class SearchError(UndercityError):
    """A search query the card database can't read."""


def fold(text: str) -> str:
    """The form names are compared in: NFKD, accents stripped, casefolded, spaces collapsed;
    typographic apostrophes are plain ones (``Heart’s`` = ``Heart's``)."""
    return normalize_name(text.replace("\u2019", "'").replace("\u2018", "'"))


def canonical_lang(code: str) -> str:
    """``"FR"`` → ``"fr"``, ``"zh-hans"`` → ``"zh-Hans"``, ``"zh"`` → ``"zh-Hans"``;
    raises :class:`UndercityError` for a language the data doesn't have."""
    low = code.strip().casefold()
    for lang in LANGUAGES:
        if lang.casefold() == low:
            return lang
    if low in _LANG_ALIASES:
        return _LANG_ALIASES[low]
    raise UndercityError(f"unknown language {code!r}; the card data has: {', '.join(LANGUAGES)}")


# ----------------------------------------------------------------------------- location and build


def cache_dir() -> Path:
    """Where the database lives: ``$UNDERCITY_CACHE_DIR`` or the user cache directory."""
    env = os.environ.get(ENV_CACHE_DIR)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_cache_dir("undercity", appauthor=False))


def shipped_data() -> bytes:
    """The bytes of the shipped ``all-cards.json.gz``."""
    from undercity.cards.corpus import DATA_FILE

    return resources.files("undercity.data").joinpath(DATA_FILE).read_bytes()


def _decode(data: bytes) -> tuple[dict[str, Any], dict[str, Any]]:
    """(cards by name, legality sources) from the shipped file's bytes, gzip-compressed or not;
    a plain ``{name: card}`` JSON object (for tests) has no legality sources."""
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    obj = json.loads(data)
    if isinstance(obj.get("cards"), dict) and isinstance(obj.get("source"), dict):
        return obj["cards"], obj["source"].get("legality_sources") or {}
    return obj, {}


def data_hash(data: bytes) -> str:
    """What the database records to know it was built from ``data`` by this code."""
    return f"{SCHEMA_VERSION}:{hashlib.sha256(data).hexdigest()}"


#: Indexes are made after the rows are in: one sort each instead of one insertion per row.
_INDEXES = """
CREATE INDEX names_norm ON names(norm);
CREATE INDEX names_card ON names(card, lang);
CREATE INDEX printed_card ON printed(card, lang);
"""

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE cards (
    name TEXT PRIMARY KEY, mana_cost TEXT, mana_value REAL NOT NULL, type_line TEXT NOT NULL,
    oracle_text TEXT NOT NULL, power TEXT, toughness TEXT, loyalty TEXT, colors TEXT NOT NULL,
    color_identity TEXT NOT NULL, layout TEXT NOT NULL, set_code TEXT, number TEXT, rarity TEXT,
    search_text TEXT NOT NULL, search_types TEXT NOT NULL, supertypes TEXT NOT NULL, types TEXT NOT NULL,
    printings TEXT NOT NULL, legalities_source TEXT, legalities_as_of TEXT
);
CREATE TABLE printed (
    card TEXT NOT NULL REFERENCES cards(name), lang TEXT NOT NULL, face TEXT, name TEXT, type_line TEXT,
    text TEXT
);
CREATE TABLE legality_sources (key TEXT PRIMARY KEY, as_of TEXT, description TEXT, formats TEXT NOT NULL);
CREATE TABLE faces (
    card TEXT NOT NULL REFERENCES cards(name), idx INTEGER NOT NULL, name TEXT NOT NULL, mana_cost TEXT,
    type_line TEXT NOT NULL, oracle_text TEXT NOT NULL, power TEXT, toughness TEXT, loyalty TEXT,
    PRIMARY KEY (card, idx)
);
CREATE TABLE names (
    card TEXT NOT NULL REFERENCES cards(name), lang TEXT NOT NULL, printed TEXT NOT NULL,
    norm TEXT NOT NULL, whole INTEGER NOT NULL, type_line TEXT
);
CREATE TABLE legalities (
    card TEXT NOT NULL REFERENCES cards(name), format TEXT NOT NULL, status TEXT NOT NULL,
    PRIMARY KEY (card, format)
);
CREATE TABLE rulings (
    card TEXT NOT NULL REFERENCES cards(name), seq INTEGER NOT NULL, date TEXT NOT NULL, text TEXT NOT NULL,
    PRIMARY KEY (card, seq)
);
"""


def _letters(colors: Iterable[str]) -> str:
    s = set(colors)
    return "".join(c for c in COLORS if c in s)


def _fill(conn: sqlite3.Connection, raw: Mapping[str, Mapping[str, Any]], sources: Mapping[str, Any],
          digest: str) -> None:
    # A new file that is moved into place only when complete: no journal is needed.
    conn.execute("PRAGMA journal_mode = OFF")
    conn.execute("PRAGMA synchronous = OFF")
    conn.executescript(_SCHEMA)
    cards, faces, names, legal, rulings, printed = [], [], [], [], [], []
    for name, c in sorted(raw.items()):
        fs = c.get("faces") or []
        texts = [c.get("oracle_text") or ""] + [f.get("oracle_text") or "" for f in fs]
        types = [c.get("type_line") or ""] + [f.get("type_line") or "" for f in fs]
        cards.append((name, c.get("mana_cost"), c.get("mana_value") or 0, c["type_line"], c.get("oracle_text") or "",
                      c.get("power"), c.get("toughness"), c.get("loyalty"), _letters(c.get("colors") or ()),
                      _letters(c.get("color_identity") or ()), c.get("layout") or "normal", c.get("set"),
                      c.get("number"), c.get("rarity"), "\n".join(texts).casefold(), " // ".join(types).casefold(),
                      " ".join(c.get("supertypes") or ()), " ".join(c.get("types") or ()),
                      " ".join(c.get("printings") or ()), c.get("legalities_source"), c.get("legalities_as_of")))
        for i, f in enumerate(fs):
            faces.append((name, i, f["name"], f.get("mana_cost"), f["type_line"], f.get("oracle_text") or "",
                          f.get("power"), f.get("toughness"), f.get("loyalty")))
        english = [name] + [f["name"] for f in fs if f["name"] != name]
        for i, n in enumerate(english):
            names.append((name, "en", n, fold(n), int(i == 0), c["type_line"] if i == 0 else None))
        type_lines = dict(c.get("type_lines_i18n") or {})
        i18n = dict(c.get("names_i18n") or {})
        for lang, text in sorted((c.get("printed") or {}).items()):
            for face, fields in (sorted(text["faces"].items()) if "faces" in text else [(None, text)]):
                printed.append((name, lang, face, fields.get("name"), fields.get("type"), fields.get("text")))
            if "faces" not in text:
                i18n.setdefault(lang, text.get("name") or "")
                if text.get("type"):
                    type_lines[lang] = text["type"]
        for lang, local in sorted(i18n.items()):
            if not local:
                continue
            names.append((name, lang, local, fold(local), 1, type_lines.get(lang)))
            if " // " in local:
                for part in local.split(" // "):
                    names.append((name, lang, part, fold(part), 0, None))
        for fmt, status in (c.get("legalities") or {}).items():
            legal.append((name, fmt, status.casefold()))
        for i, r in enumerate(c.get("rulings") or ()):
            rulings.append((name, i, r["date"], r["text"]))
    conn.executemany("INSERT INTO cards VALUES (" + ",".join("?" * 21) + ")", cards)
    conn.executemany("INSERT INTO printed VALUES (?,?,?,?,?,?)", printed)
    conn.executemany("INSERT INTO legality_sources VALUES (?,?,?,?)",
                     [(k, v.get("as_of"), v.get("description"), json.dumps(sorted(v.get("formats") or ())))
                      for k, v in sorted(sources.items())])
    conn.executemany("INSERT INTO faces VALUES (?,?,?,?,?,?,?,?,?)", faces)
    conn.executemany("INSERT INTO names VALUES (?,?,?,?,?,?)", names)
    conn.executemany("INSERT INTO legalities VALUES (?,?,?)", legal)
    conn.executemany("INSERT INTO rulings VALUES (?,?,?,?)", rulings)
    conn.executemany("INSERT INTO meta VALUES (?,?)", [("data_hash", digest), ("cards", str(len(cards)))])
    conn.executescript(_INDEXES)
    conn.commit()


def _stored(path: Path, key: str) -> str | None:
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None
    except sqlite3.Error:
        return None
    finally:
        conn.close()


def _stored_hash(path: Path) -> str | None:
    return _stored(path, "data_hash")


def _shipped_stamp() -> str | None:
    """Size, modification time and schema of the shipped data file, when it is a file on disk:
    a database stamped with the same was built from it, so it need not be read and hashed
    (10 MB) on every start."""
    from undercity.cards.corpus import DATA_FILE

    try:
        st = os.stat(str(resources.files("undercity.data").joinpath(DATA_FILE)))
    except (OSError, TypeError):
        return None
    return f"{SCHEMA_VERSION}:{st.st_size}:{st.st_mtime_ns}"


def open_db(directory: Path | str | None = None, data: bytes | None = None) -> CardDB:
    """Open the card database in ``directory`` (default :func:`cache_dir`), building it from
    ``data`` (default: the shipped ``all-cards.json.gz``) if it is missing or was built from other data."""
    folder = Path(directory) if directory is not None else cache_dir()
    path = folder / DB_FILE
    stamp = _shipped_stamp() if data is None else None
    if stamp is not None and path.exists() and _stored(path, "data_stamp") == f"{stamp}|{_stored_hash(path)}":
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        return CardDB(conn, path, rebuilt=False)
    data = shipped_data() if data is None else data
    digest = data_hash(data)
    rebuilt = False
    if not path.exists() or _stored_hash(path) != digest:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".cards-", suffix=".tmp", dir=folder)
            os.close(fd)
            try:
                conn = sqlite3.connect(tmp)
                try:
                    _fill(conn, *_decode(data), digest)
                    if stamp is not None:
                        conn.execute("INSERT INTO meta VALUES ('data_stamp', ?)", (f"{stamp}|{digest}",))
                        conn.commit()
                finally:
                    conn.close()
                os.replace(tmp, path)
            finally:
                if os.path.exists(tmp):
                    os.unlink(tmp)
            rebuilt = True
        except OSError:  # an unwritable cache: keep the database in memory
            conn = sqlite3.connect(":memory:", check_same_thread=False)
            _fill(conn, *_decode(data), digest)
            return CardDB(conn, None, rebuilt=True)
    elif stamp is not None:  # the same data in a touched file: stamp it, so next time needs no hash
        try:
            with sqlite3.connect(path) as rw:
                rw.execute("INSERT OR REPLACE INTO meta VALUES ('data_stamp', ?)", (f"{stamp}|{digest}",))
            rw.close()
        except sqlite3.Error:
            pass  # a read-only cache: the hash is checked on every start instead
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
    return CardDB(conn, path, rebuilt=rebuilt)


_DB: dict[str, CardDB] = {}
_DB_LOCK = threading.Lock()


def get_db() -> CardDB:
    """The card database for this process (opened once per cache directory)."""
    key = str(cache_dir())
    with _DB_LOCK:
        db = _DB.get(key)
        if db is None:
            db = _DB[key] = open_db()
        return db


# ----------------------------------------------------------------------------- the database


@dataclass(frozen=True, slots=True)
class Match:
    """A name found: the card's English name, and the language and printed name that matched."""

    name: str
    lang: str
    printed: str


@dataclass
class PrintedText:
    """A card as printed in one language: name, type line and rules text (per face for some
    multi-face cards). The English Oracle text is the authority; this is what the card says."""

    lang: str
    name: str | None = None
    type_line: str | None = None
    text: str | None = None
    #: For a multi-face card printed face by face: (English face name, PrintedText of that face).
    faces: list[tuple[str, PrintedText]] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.name or self.type_line or self.text or self.faces)

    @property
    def has_text(self) -> bool:
        return bool(self.text) or any(f.text for _, f in self.faces)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"lang": self.lang, "name": self.name, "type_line": self.type_line,
                               "text": self.text}
        if self.faces:
            out["faces"] = [{"face": face, **pt.to_json()} for face, pt in self.faces]
        return out


@dataclass
class CardPage:
    """Everything a card page shows (``undercity card NAME``)."""

    name: str
    mana_cost: str | None
    mana_value: float
    type_line: str
    oracle_text: str
    power: str | None
    toughness: str | None
    loyalty: str | None
    colors: str
    color_identity: str
    layout: str
    set: str | None
    number: str | None
    rarity: str | None
    faces: list[dict[str, Any]]
    names_i18n: dict[str, str]
    type_lines_i18n: dict[str, str]
    #: Format → legal / banned / restricted / not legal / unknown, every format of the data
    #: (:data:`FORMATS` first), from :func:`undercity.formats.legality.card_legality`.
    legalities: dict[str, str]
    rulings: list[dict[str, str]]
    implemented: bool
    #: The language shown (asked for with --lang, or the one the query matched) and the card's
    #: printed name and type line in it (None where the data doesn't have them).
    lang: str = "en"
    printed_name: str | None = None
    printed_type_line: str | None = None
    matched: str | None = None
    printings: list[str] = field(default_factory=list)
    #: The date of the legality data (None: undated) and a description of its source.
    legalities_as_of: str | None = None
    legalities_source: str | None = None
    #: The printed text in the language shown (None for English).
    printed: PrintedText | None = None
    #: Why the engine doesn't implement the card: the first phrase of its Oracle text the
    #: compiler can't read or the engine can't do (None when implemented).
    not_implemented_reason: str | None = None

    def to_json(self) -> dict[str, Any]:
        mv = int(self.mana_value) if float(self.mana_value).is_integer() else self.mana_value
        return {
            "name": self.name, "lang": self.lang, "printed_name": self.printed_name,
            "printed_type_line": self.printed_type_line, "matched": self.matched,
            "mana_cost": self.mana_cost, "mana_value": mv, "type_line": self.type_line,
            "oracle_text": self.oracle_text, "power": self.power, "toughness": self.toughness,
            "loyalty": self.loyalty, "colors": list(self.colors), "color_identity": list(self.color_identity),
            "layout": self.layout, "set": self.set, "number": self.number, "rarity": self.rarity,
            "printings": self.printings, "faces": self.faces, "names_i18n": self.names_i18n,
            "legalities": self.legalities, "legalities_as_of": self.legalities_as_of,
            "legalities_source": self.legalities_source,
            "printed": self.printed.to_json() if self.printed is not None else None,
            "rulings": self.rulings, "implemented": self.implemented,
            "not_implemented_reason": self.not_implemented_reason,
        }


def _implemented_names() -> frozenset[str]:
    from undercity.cards.registry import all_cards

    return frozenset(all_cards())


class CardDB:
    """Queries on the card database. Get one with :func:`get_db` or :func:`open_db`."""

    def __init__(self, conn: sqlite3.Connection, path: Path | None, *, rebuilt: bool = False) -> None:
        self.conn = conn
        self.path = path
        #: Whether opening it (re)built the database.
        self.rebuilt = rebuilt
        self._lock = threading.Lock()
        self._choices: list[tuple[str, str]] | None = None
        self._implemented: frozenset[str] | None = None
        self._sources: dict[str, tuple[str | None, str | None, frozenset[str]]] | None = None
        self._formats: list[str] | None = None
        self._longest: int | None = None

    def close(self) -> None:
        self.conn.close()

    def _all(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return self.conn.execute(sql, tuple(params)).fetchall()

    @property
    def data_hash(self) -> str:
        return self._all("SELECT value FROM meta WHERE key = 'data_hash'")[0][0]

    def count(self) -> int:
        return self._all("SELECT count(*) FROM cards")[0][0]

    def names(self) -> list[str]:
        """Every card's English name, sorted."""
        return [r[0] for r in self._all("SELECT name FROM cards ORDER BY name")]

    def is_implemented(self, name: str) -> bool:
        """Whether Undercity implements the card — asked of the registry for this one card, so a
        card page doesn't wait for every definition to be made."""
        if self._implemented is not None and name in self._implemented:
            return True
        from undercity.cards.registry import is_implemented

        return is_implemented(name)

    def implemented(self) -> frozenset[str]:
        if self._implemented is None:
            self._implemented = _implemented_names()
        return self._implemented

    # -- lookups -------------------------------------------------------------------------------

    def find(self, name: str) -> Match | None:
        """The card printed with this name (English or another language; case and accents
        ignored), or None. English names win over other languages, whole names over face names."""
        rows = self._all("SELECT card, lang, printed, whole FROM names WHERE norm = ?", (fold(name),))
        if not rows:
            return None
        rows.sort(key=lambda r: (r[1] != "en", not r[3], _LANG_PREFERENCE.get(r[1], 99), r[0]))
        card, lang, printed, _ = rows[0]
        return Match(card, lang, printed)

    def lookup(self, name: str) -> Match:
        """Like :meth:`find`, but raises :class:`UnknownCardError` with close matches."""
        m = self.find(name)
        if m is None:
            raise UnknownCardError(name, self.suggest(name))
        return m

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        """English names of the cards whose names (in any language) are closest to ``name``."""
        from rapidfuzz import fuzz, process

        if self._choices is None:
            # Deduplicated here: SQL's DISTINCT sorts 200,000 rows, several times slower.
            self._choices = list(dict.fromkeys((r[0], r[1]) for r in self._all("SELECT norm, card FROM names")))
        key = fold(name)
        if not key or len(key) > 2 * self.longest_name():
            return []  # nothing is close, and comparing a huge string with every name is slow
        choices = [c[0] for c in self._choices]
        scores: dict[int, float] = {}
        for scorer, weight in ((fuzz.ratio, 1.0), (fuzz.token_set_ratio, 0.95)):
            for _choice, score, idx in process.extract(key, choices, scorer=scorer, limit=limit * 8,
                                                       score_cutoff=60 / weight):
                scores[idx] = max(scores.get(idx, 0.0), score * weight)
        hits = sorted(((choices[i], s, i) for i, s in scores.items()), key=lambda h: (-h[1], h[0]))
        if not hits:
            return []
        best = hits[0][1]
        hits = sorted((h for h in hits if h[1] >= best - 20), key=lambda h: (-h[1], h[0]))
        out: list[str] = []
        for _choice, _score, idx in hits:
            card = self._choices[idx][1]
            if card not in out:
                out.append(card)
            if len(out) == limit:
                break
        return out

    def longest_name(self) -> int:
        """The length of the longest printed name (folded), in characters."""
        if self._longest is None:
            self._longest = int(self._all("SELECT max(length(norm)) FROM names")[0][0] or 0)
        return self._longest

    def page(self, name: str, lang: str | None = None) -> CardPage:
        """The card page for ``name`` (any language). ``lang`` chooses the language shown;
        by default it is the language the name matched in."""
        if not name.strip():
            raise UndercityError("a card name is needed (e.g. \"Ravenloft Adventurer\")")
        if len(name) > 2 * self.longest_name():
            raise UndercityError(f"no card has a name of {len(name):,} characters (the longest has "
                                 f"{self.longest_name()})")
        m = self.lookup(name)
        (row,) = self._all("SELECT name, mana_cost, mana_value, type_line, oracle_text, power, toughness, loyalty, "
                           "colors, color_identity, layout, set_code, number, rarity, printings, "
                           "legalities_as_of, legalities_source FROM cards WHERE name = ?", (m.name,))
        faces = [dict(zip(("name", "mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty"),
                          r, strict=True))
                 for r in self._all("SELECT name, mana_cost, type_line, oracle_text, power, toughness, loyalty "
                                    "FROM faces WHERE card = ? ORDER BY idx", (m.name,))]
        i18n: dict[str, str] = {}
        types_i18n: dict[str, str] = {}
        for lang_, printed, type_line in self._all(
                "SELECT lang, printed, type_line FROM names WHERE card = ? AND lang != 'en' AND whole = 1 "
                "ORDER BY lang", (m.name,)):
            i18n.setdefault(lang_, printed)
            if type_line:
                types_i18n.setdefault(lang_, type_line)
        legalities = {fmt: self.legality(m.name, fmt).status for fmt in self.all_formats()}
        rulings = [{"date": d, "text": t}
                   for d, t in self._all("SELECT date, text FROM rulings WHERE card = ? ORDER BY seq", (m.name,))]
        shown = canonical_lang(lang) if lang else m.lang
        source = self._legality_sources().get(row[16] or "")
        page = CardPage(*row[:14], faces=faces, names_i18n=i18n, type_lines_i18n=types_i18n, legalities=legalities,
                        rulings=rulings, implemented=self.is_implemented(m.name), lang=shown,
                        matched=m.printed, printings=(row[14] or "").split(), legalities_as_of=row[15],
                        legalities_source=source[1] if source else None)
        if not page.implemented:
            from undercity.cards.registry import not_implemented_reason

            page.not_implemented_reason = not_implemented_reason(m.name)
        if shown == "en":
            page.printed_name, page.printed_type_line = m.name, row[3]
        else:
            page.printed_name, page.printed_type_line = i18n.get(shown), types_i18n.get(shown)
            page.printed = self.printed_text(m.name, shown)
        return page

    def printed_text(self, name: str, lang: str) -> PrintedText:
        """The card (English name) as printed in ``lang``: name, type line and rules text where the
        data has them (the name and type line of other languages come from ``names``)."""
        lang = canonical_lang(lang)
        out = PrintedText(lang)
        for face, pname, ptype, ptext in self._all(
                "SELECT face, name, type_line, text FROM printed WHERE card = ? AND lang = ? ORDER BY rowid",
                (name, lang)):
            if face is None:
                out.name, out.type_line, out.text = pname, ptype, ptext
            else:
                out.faces.append((face, PrintedText(lang, pname, ptype, ptext)))
        if out.faces and out.name is None:
            out.name = out.faces[0][1].name  # each face repeats the whole card's printed name
        if out.name is None or out.type_line is None:
            for printed, type_line in self._all("SELECT printed, type_line FROM names WHERE card = ? AND lang = ? "
                                                "AND whole = 1", (name, lang)):
                out.name = out.name or printed
                if not out.faces:
                    out.type_line = out.type_line or type_line
        return out

    def _legality_sources(self) -> dict[str, tuple[str | None, str | None, frozenset[str]]]:
        if self._sources is None:
            self._sources = {k: (as_of, desc, frozenset(json.loads(fmts)))
                             for k, as_of, desc, fmts in self._all("SELECT key, as_of, description, formats "
                                                                   "FROM legality_sources")}
        return self._sources

    def legality(self, name: str, fmt: str) -> Legality:
        """The card's (English name) legality in ``fmt``: legal / banned / restricted / not legal /
        unknown, with the date of the data — :func:`undercity.formats.legality.card_legality`."""
        rows = self._all("SELECT supertypes, types, legalities_source, legalities_as_of FROM cards WHERE name = ?",
                         (name,))
        if not rows:
            return Legality("unknown")
        supertypes, types, source, as_of = rows[0]
        card = {"supertypes": supertypes.split(), "types": types.split(), "legalities_source": source,
                "legalities_as_of": as_of,
                "legalities": dict(self._all("SELECT format, status FROM legalities WHERE card = ?", (name,)))}
        known = self._legality_sources().get(source or "")
        return card_legality(card, fmt, known[2] if known else None)

    def formats(self) -> list[str]:
        """Every format the legality data names."""
        return [r[0] for r in self._all("SELECT DISTINCT format FROM legalities ORDER BY format")]

    def all_formats(self) -> list[str]:
        """Every format of the data: :data:`FORMATS` (the seed pages' order), then the others sorted."""
        if self._formats is None:
            others = set(self.formats()).union(*(f for _, _, f in self._legality_sources().values()))
            self._formats = [*FORMATS, *sorted(others - set(FORMATS))]
        return self._formats

    # -- search --------------------------------------------------------------------------------

    def search(self, query: str, *, limit: int | None = None) -> list[dict[str, Any]]:
        """Cards matching a Scryfall-style query (see :func:`compile_query`), by name."""
        where, params, needs = compile_query(query)
        with self._lock:
            if "implemented" in needs:
                impl = self.implemented()
                self.conn.create_function("uc_implemented", 1, lambda n: int(n in impl), deterministic=True)
            self.conn.create_function("uc_colors", 3, _color_compare, deterministic=True)
            sql = ("SELECT name, mana_cost, mana_value, type_line, power, toughness, loyalty, set_code, rarity, printings "
                   f"FROM cards WHERE {where} ORDER BY name")
            if limit is not None:
                sql += f" LIMIT {int(limit)}"
            rows = self.conn.execute(sql, params).fetchall()
        impl = self.implemented()
        keys = ("name", "mana_cost", "mana_value", "type_line", "power", "toughness", "loyalty", "set", "rarity",
                "printings")
        out = []
        for r in rows:
            d = dict(zip(keys, r, strict=True))
            d["mana_value"] = int(d["mana_value"]) if float(d["mana_value"]).is_integer() else d["mana_value"]
            d["printings"] = (d["printings"] or "").split()
            d["implemented"] = d["name"] in impl
            out.append(d)
        return out

    def printed_names(self, names: Iterable[str], lang: str) -> dict[str, str]:
        """English name → printed name in ``lang`` for the cards that have one."""
        lang = canonical_lang(lang)
        wanted = list(names)
        if not wanted:
            return {}
        marks = ",".join("?" * len(wanted))
        return dict(self._all(f"SELECT card, printed FROM names WHERE lang = ? AND whole = 1 AND card IN ({marks})",
                              (lang, *wanted)))


# ----------------------------------------------------------------------------- query language


def _parse_colors(value: str, what: str) -> str | None:
    """``"wu"`` / ``"white"`` / ``"c"`` (colorless) → letters in WUBRG order; ``"m"`` → None
    (multicolored, handled by the caller)."""
    v = value.casefold()
    if v in ("c", "colorless"):
        return ""
    if v in _COLOR_WORDS:
        return _COLOR_WORDS[v]
    if v in ("m", "multicolor", "multicolored"):
        return None
    if not v or any(ch.upper() not in COLORS for ch in v):
        raise SearchError(f"{what}:{value}: colors are letters of WUBRG (e.g. {what}:wu), a color name, "
                          "c (colorless) or m (multicolored)")
    return _letters(v.upper())


def _color_compare(card: str, op: str, want: str) -> int:
    have, w = set(card), set(want)
    if op == "=":
        return int(have == w)
    if op == "!=":
        return int(have != w)
    if op == ">=":
        return int(have >= w) if w else int(not have)  # c:c means colorless
    if op == ">":
        return int(have > w)
    if op == "<=":
        return int(have <= w)
    if op == "<":
        return int(have < w)
    raise SearchError(f"bad color comparison {op!r}")


_TERM = re.compile(r"^(?P<key>[a-zA-Z]+)(?P<op>:|=|!=|<=|>=|<|>)(?P<value>.*)$", re.S)
_KEYS = {
    "o": "o", "oracle": "o", "t": "t", "type": "t", "c": "c", "color": "c", "id": "id", "identity": "id",
    "ci": "id", "mv": "mv", "cmc": "mv", "manavalue": "mv", "s": "s", "set": "s", "e": "s", "edition": "s",
    "f": "f", "format": "f", "legal": "f", "banned": "banned", "restricted": "restricted", "is": "is", "not": "not",
    "n": "n", "name": "n", "r": "r", "rarity": "r", "pow": "pow", "power": "pow", "tou": "tou",
    "toughness": "tou",
}
_RARITIES = {"c": "common", "u": "uncommon", "r": "rare", "m": "mythic", "s": "special"}


def _like(text: str) -> str:
    return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def _tokens(query: str) -> list[str]:
    lexer = shlex.shlex(query, posix=True)
    lexer.whitespace_split = True
    lexer.quotes = '"'
    lexer.escape = ""
    lexer.commenters = ""
    try:
        return list(lexer)
    except ValueError as e:
        raise SearchError(f"unbalanced quotes in {query!r}") from e


def _number_compare(column: str, op: str, value: str, key: str) -> tuple[str, list[Any], set[str]]:
    try:
        num = float(value)
    except ValueError:
        raise SearchError(f"{key}{op}{value}: expected a number (e.g. {key}<=2)") from None
    sql_op = {":": "=", "=": "=", "!=": "!=", "<": "<", ">": ">", "<=": "<=", ">=": ">="}[op]
    return f"{column} {sql_op} ?", [num], set()


def _term(token: str) -> tuple[str, list[Any], set[str]]:
    """One search term → (SQL condition on ``cards``, parameters, needed functions)."""
    m = _TERM.match(token)
    if m is None or m.group("key").casefold() not in _KEYS:
        if m is not None and ":" in token:
            raise SearchError(f"unknown search term {token!r}; known: o: t: c: id: mv s: f: banned: is: n: r: "
                              "pow tou, and bare words for the name")
        return ("EXISTS (SELECT 1 FROM names n WHERE n.card = cards.name AND n.norm LIKE ? ESCAPE '\\')",
                [_like(fold(token))], set())
    key, op, value = _KEYS[m.group("key").casefold()], m.group("op"), m.group("value")
    if not value:
        raise SearchError(f"{token!r} has no value")
    text_ops = (":", "=")
    if key in ("o", "t", "n", "s", "f", "banned", "restricted", "is", "not", "r") and op not in text_ops:
        raise SearchError(f"{token!r}: {m.group('key')} takes ':' (e.g. {m.group('key')}:{value})")
    if key == "o":
        return "cards.search_text LIKE ? ESCAPE '\\'", [_like(value.casefold())], set()
    if key == "t":
        return "cards.search_types LIKE ? ESCAPE '\\'", [_like(value.casefold())], set()
    if key == "n":
        return ("EXISTS (SELECT 1 FROM names n WHERE n.card = cards.name AND n.norm LIKE ? ESCAPE '\\')",
                [_like(fold(value))], set())
    if key in ("c", "id"):
        column = "cards.colors" if key == "c" else "cards.color_identity"
        colors = _parse_colors(value, m.group("key"))
        if colors is None:  # multicolored
            return f"length({column}) >= 2", [], set()
        cmp = {":": ">=" if key == "c" else "<=", "=": "=", "!=": "!=", "<": "<", ">": ">", "<=": "<=",
               ">=": ">="}[op]
        return f"uc_colors({column}, ?, ?)", [cmp, colors], set()
    if key == "mv":
        return _number_compare("cards.mana_value", op, value, m.group("key"))
    if key in ("pow", "tou"):
        column = "cards.power" if key == "pow" else "cards.toughness"
        cond, params, _ = _number_compare(f"CAST({column} AS REAL)", op, value, m.group("key"))
        return f"({column} GLOB '[0-9]*' AND {cond})", params, set()
    if key == "s":
        return "upper(cards.set_code) = ?", [value.upper()], set()
    if key == "r":
        rarity = _RARITIES.get(value.casefold(), value.casefold())
        return "cards.rarity = ?", [rarity], set()
    if key in ("f", "banned", "restricted"):
        statuses = {"f": ("legal", "restricted"), "banned": ("banned",), "restricted": ("restricted",)}[key]
        marks = ",".join("?" * len(statuses))
        cond = (f"EXISTS (SELECT 1 FROM legalities l WHERE l.card = cards.name AND l.format = ? "
                f"AND l.status IN ({marks}))")
        if key == "f":  # a basic land is legal in every format (undercity.formats.legality)
            cond = f"({cond} OR (' ' || cards.supertypes || ' ' LIKE '% Basic %' AND cards.types LIKE '%Land%'))"
        return cond, [value.casefold(), *statuses], set()
    # is: / not:
    what = value.casefold()
    negate = key == "not"
    if what == "implemented":
        cond = "uc_implemented(cards.name)"
        needs = {"implemented"}
    elif what in ("multicolor", "multicolored"):
        cond, needs = "length(cards.colors) >= 2", set()
    elif what == "colorless":
        cond, needs = "cards.colors = ''", set()
    elif what in ("split", "adventure", "transform", "modal_dfc", "flip", "meld"):
        cond, needs = "cards.layout = ?", set()
        return (f"NOT ({cond})" if negate else cond), [what], needs
    elif what in ("dfc", "mdfc"):
        cond, needs = "cards.layout IN ('transform', 'modal_dfc')", set()
    elif what == "commander":
        cond = ("(cards.type_line LIKE 'Legendary%Creature%' OR cards.oracle_text LIKE '%can be your commander%')")
        needs = set()
    else:
        raise SearchError(f"{token!r}: known is: values are implemented, multicolor, colorless, commander, "
                          "split, adventure, transform, dfc")
    return (f"NOT ({cond})" if negate else cond), [], needs


def compile_query(query: str) -> tuple[str, list[Any], set[str]]:
    """A Scryfall-style query → (SQL WHERE condition on ``cards``, parameters, SQL functions needed).

    Terms are separated by spaces and all must hold; ``-term`` negates one. Supported:

    * bare words (or a ``"quoted phrase"``): part of the name, in any language;
    * ``o:text`` / ``o:"a phrase"``: Oracle text (every face); ``t:goblin``: type line;
    * ``c:wu`` colors (``:`` means at least these; ``=``, ``<=``, ``<``, ``>=``, ``>``, ``!=``
      compare sets; ``c:c`` colorless, ``c:m`` multicolored, color names work);
    * ``id:wu`` color identity (``:`` means within these, as for a commander);
    * ``mv=3``, ``mv<=2``, ``mv>4`` (also ``cmc``); ``pow>=3``, ``tou<2``;
    * ``s:clb`` set code; ``r:rare`` (or ``r:r``) rarity;
    * ``f:commander`` legal (or restricted) in a format; ``banned:legacy``;
    * ``is:implemented`` (Undercity implements it), ``is:commander``, ``is:multicolor``,
      ``is:colorless``, ``is:adventure``, ``is:split``, ``is:transform``, ``is:dfc``; ``not:X``
      is ``-is:X``.
    """
    tokens = _tokens(query)
    if not tokens:
        raise SearchError("empty search: give at least one term (e.g. t:creature)")
    conds: list[str] = []
    params: list[Any] = []
    needs: set[str] = set()
    for tok in tokens:
        negate = tok.startswith("-") and len(tok) > 1
        cond, ps, ns = _term(tok[1:] if negate else tok)
        conds.append(f"NOT ({cond})" if negate else f"({cond})")
        params.extend(ps)
        needs |= ns
    return " AND ".join(conds), params, needs

