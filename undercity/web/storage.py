"""The site's own storage: one SQLite file in the user data directory (saved decks, the
collection, games at the table). Created on first start and migrated forward by ``PRAGMA user_version``.

``UNDERCITY_DATA_DIR`` overrides the directory (tests use it).
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: Each entry upgrades the schema from version i to i + 1; a new change is appended, never edited.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE decks (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        format TEXT NOT NULL DEFAULT 'constructed',
        text TEXT NOT NULL,
        created TEXT NOT NULL DEFAULT (datetime('now')),
        updated TEXT NOT NULL DEFAULT (datetime('now'))
    );
    CREATE TABLE collection (
        card TEXT PRIMARY KEY,
        count INTEGER NOT NULL CHECK (count > 0)
    );
    """,
    # The play table's games (a replay: Game.save's setup and choices) and each human seat's link.
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kinds TEXT NOT NULL,
        seed INTEGER NOT NULL,
        save TEXT NOT NULL,
        over INTEGER NOT NULL DEFAULT 0,
        updated TEXT NOT NULL DEFAULT (datetime('now'))
    );
    CREATE TABLE seats (
        token TEXT PRIMARY KEY,
        game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL
    );
    """,
    # A seat's table settings: its stops and whether it passes until its next turn.
    """
    ALTER TABLE seats ADD COLUMN prefs TEXT NOT NULL DEFAULT '{}';
    """,
    # When the pending decision was put to its player (the table's clock), kept over a restart.
    """
    ALTER TABLE games ADD COLUMN since REAL;
    """,
)

MAX_NAME = 200  # a deck's name, in characters
MAX_COUNT = 100_000  # copies of one card in the collection


def data_dir() -> Path:
    """Where the site keeps its database: ``UNDERCITY_DATA_DIR``, else the user data directory."""
    env = os.environ.get("UNDERCITY_DATA_DIR")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("undercity", appauthor=False))


@dataclass(frozen=True, slots=True)
class SavedDeck:
    id: int
    name: str
    format: str
    text: str
    updated: str


@dataclass(frozen=True, slots=True)
class SavedGame:
    id: int
    seat: int  # the seat whose token found it
    kinds: list[str]
    seed: int
    save: str  # Game.save: setup and choices
    tokens: list[str | None]
    prefs: dict[int, dict[str, Any]]  # seat → its table settings
    since: float | None = None  # when the pending decision was put (a Unix time), if saved


@dataclass(frozen=True, slots=True)
class GameInProgress:
    id: int
    kinds: list[str]  # each seat's player: "human" or an AI
    updated: str  # when it was last played (UTC, SQLite datetime)
    tokens: dict[int, str]  # human seat → its token: never shown but to whoever holds it


class Storage:
    """The decks, the collection and the games. Thread-safe (one connection behind a lock)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._lock = threading.Lock()
        self.conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self.conn.execute("PRAGMA foreign_keys = ON")
        self.migrate()

    @classmethod
    def open(cls, directory: Path | None = None) -> Storage:
        return cls((directory or data_dir()) / "site.sqlite3")

    @property
    def version(self) -> int:
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    def migrate(self) -> None:
        """Apply every migration newer than the file's version, each in its own transaction."""
        with self._lock:
            current = self.version
            if current > len(MIGRATIONS):
                raise RuntimeError(f"{self.path} was written by a newer Undercity (schema {current}, this one "
                                   f"knows {len(MIGRATIONS)}): upgrade Undercity or use another UNDERCITY_DATA_DIR")
            for i in range(current, len(MIGRATIONS)):
                self.conn.executescript(f"BEGIN; {MIGRATIONS[i]}; PRAGMA user_version = {i + 1}; COMMIT;")

    def close(self) -> None:
        self.conn.close()

    # -- decks -----------------------------------------------------------------------------------

    def decks(self) -> list[SavedDeck]:
        with self._lock:
            rows = self.conn.execute("SELECT id, name, format, text, updated FROM decks ORDER BY name, id").fetchall()
        return [SavedDeck(*r) for r in rows]

    def deck(self, deck_id: int) -> SavedDeck | None:
        with self._lock:
            row = self.conn.execute("SELECT id, name, format, text, updated FROM decks WHERE id = ?",
                                    (deck_id,)).fetchone()
        return SavedDeck(*row) if row else None

    def save_deck(self, name: str, fmt: str, text: str, deck_id: int | None = None) -> int:
        with self._lock:
            if deck_id is None:
                cur = self.conn.execute("INSERT INTO decks (name, format, text) VALUES (?, ?, ?)", (name, fmt, text))
                return int(cur.lastrowid or 0)
            self.conn.execute("UPDATE decks SET name = ?, format = ?, text = ?, updated = datetime('now') "
                              "WHERE id = ?", (name, fmt, text, deck_id))
            return deck_id

    def delete_deck(self, deck_id: int) -> bool:
        with self._lock:
            return self.conn.execute("DELETE FROM decks WHERE id = ?", (deck_id,)).rowcount > 0

    # -- collection ------------------------------------------------------------------------------

    def owned(self, card: str) -> int:
        with self._lock:
            row = self.conn.execute("SELECT count FROM collection WHERE card = ?", (card,)).fetchone()
        return int(row[0]) if row else 0

    def owned_many(self, cards: Iterable[str]) -> dict[str, int]:
        wanted = list(dict.fromkeys(cards))
        out: dict[str, int] = {}
        with self._lock:
            for i in range(0, len(wanted), 500):  # SQLite's limit on bound parameters
                chunk = wanted[i:i + 500]
                marks = ",".join("?" * len(chunk))
                out.update(self.conn.execute(f"SELECT card, count FROM collection WHERE card IN ({marks})",
                                             chunk).fetchall())
        return out

    def collection(self) -> list[tuple[str, int]]:
        with self._lock:
            return self.conn.execute("SELECT card, count FROM collection ORDER BY card").fetchall()

    def set_counts(self, counts: dict[str, int], *, add: bool = False) -> None:
        """Set (or, with ``add``, increase) the counts owned, all in one transaction; 0 removes."""
        with self._lock:
            self.conn.execute("BEGIN")
            try:
                for card, n in counts.items():
                    if add:
                        row = self.conn.execute("SELECT count FROM collection WHERE card = ?", (card,)).fetchone()
                        n = min(n + (row[0] if row else 0), MAX_COUNT)
                    if n <= 0:
                        self.conn.execute("DELETE FROM collection WHERE card = ?", (card,))
                    else:
                        self.conn.execute("INSERT INTO collection (card, count) VALUES (?, ?) "
                                          "ON CONFLICT(card) DO UPDATE SET count = excluded.count", (card, n))
                self.conn.execute("COMMIT")
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise

    # -- games at the table ----------------------------------------------------------------------

    def save_game(self, kinds: list[str], seed: int, save: str, tokens: list[str | None]) -> int:
        with self._lock:
            self.conn.execute("BEGIN")
            try:
                cur = self.conn.execute("INSERT INTO games (kinds, seed, save) VALUES (?, ?, ?)",
                                        (json.dumps(kinds), seed, save))
                game_id = int(cur.lastrowid or 0)
                self.conn.executemany("INSERT INTO seats (token, game, seat) VALUES (?, ?, ?)",
                                      [(t, game_id, i) for i, t in enumerate(tokens) if t])
                self.conn.execute("COMMIT")
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise
        return game_id

    def update_game(self, game_id: int, save: str, over: bool, prefs: dict[int, dict[str, Any]] | None = None,
                    since: float | None = None) -> None:
        """The game's new replay, each seat's settings (seat → JSON-able dict), and when its
        pending decision was put."""
        with self._lock:
            self.conn.execute("BEGIN")
            try:
                self.conn.execute("UPDATE games SET save = ?, over = ?, since = ?, updated = datetime('now') "
                                  "WHERE id = ?", (save, int(over), since, game_id))
                for seat, p in (prefs or {}).items():
                    self.conn.execute("UPDATE seats SET prefs = ? WHERE game = ? AND seat = ?",
                                      (json.dumps(p), game_id, seat))
                self.conn.execute("COMMIT")
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise

    def games_in_progress(self, limit: int = 200) -> list[GameInProgress]:
        """The games not over, the most recently played first, each with its human seats' tokens."""
        with self._lock:
            rows = self.conn.execute("SELECT id, kinds, updated FROM games WHERE over = 0 "
                                     "ORDER BY updated DESC, id DESC LIMIT ?", (limit,)).fetchall()
            seats: dict[int, dict[int, str]] = {}
            for game, seat, token in self.conn.execute(
                    "SELECT s.game, s.seat, s.token FROM seats s JOIN games g ON g.id = s.game WHERE g.over = 0"):
                seats.setdefault(game, {})[seat] = token
        return [GameInProgress(r[0], json.loads(r[1]), r[2], seats.get(r[0], {})) for r in rows]

    def game_for_token(self, token: str) -> SavedGame | None:
        """The saved game a seat's token belongs to, and which seat it is."""
        with self._lock:
            row = self.conn.execute("SELECT g.id, s.seat, g.kinds, g.seed, g.save, g.since FROM seats s "
                                    "JOIN games g ON g.id = s.game WHERE s.token = ?", (token,)).fetchone()
            if row is None:
                return None
            seats = {seat: (tok, prefs) for seat, tok, prefs in
                     self.conn.execute("SELECT seat, token, prefs FROM seats WHERE game = ?", (row[0],)).fetchall()}
        kinds = json.loads(row[2])
        return SavedGame(row[0], row[1], kinds, row[3], row[4], [seats[i][0] if i in seats else None
                                                                 for i in range(len(kinds))],
                         {i: json.loads(p) for i, (_, p) in seats.items()}, row[5])
