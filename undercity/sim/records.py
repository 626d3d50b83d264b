"""Per-game records, computed from a finished game's event log (events carry the data).

A :class:`GameRecord` holds what the summary and the plots need: seed, decks, winners,
length, decisions, and for each player the initiative (CR 726) and dungeon (CR 309)
figures. ``initiative_by_turn[t - 1]`` is the player who had the initiative as turn ``t``
began (None: nobody).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from undercity.engine import events as ev

UNDERCITY = "Undercity"


@dataclass
class PlayerRecord:
    seat: int
    name: str
    deck: str
    won: bool = False
    #: Turn on which they first took the initiative (None: never).
    first_initiative_turn: int | None = None
    #: How many times they took the initiative (taking it again counts, CR 726.5).
    initiative_taken: int = 0
    #: How many of those took it from another player (their share of the game's changes of hands).
    initiative_taken_from_others: int = 0
    #: Dungeons they completed (CR 309.7), in order, and the turn of each completion.
    dungeons_completed: list[str] = field(default_factory=list)
    dungeon_completion_turns: list[int] = field(default_factory=list)
    #: Rooms their venture marker was put on or moved into (CR 309.4a, 701.49b).
    rooms_visited: int = 0
    #: Turn on which they first completed Undercity (None: never).
    undercity_completed_turn: int | None = None


@dataclass
class GameRecord:
    index: int
    seed: int
    variant: str
    decks: list[str]
    agents: list[str]
    starting_player: int | None
    winners: list[int]
    winner_names: list[str]
    end_reason: str
    turns: int
    decisions: int
    #: Times the initiative passed from one player to another (taking it again is not a change).
    initiative_changes: int
    #: Who took the initiative first in the game (None: nobody did).
    first_initiative: int | None
    #: ``initiative_by_turn[t - 1]``: who had the initiative as turn t began (None: nobody).
    initiative_by_turn: list[int | None]
    players: list[PlayerRecord]

    @property
    def undercity_completed_turn(self) -> int | None:
        """The first turn on which anyone completed Undercity."""
        turns = [p.undercity_completed_turn for p in self.players if p.undercity_completed_turn is not None]
        return min(turns) if turns else None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameRecord:
        d = dict(d)
        d["players"] = [PlayerRecord(**p) for p in d["players"]]
        return cls(**d)


def record_from_events(events: Iterable[ev.Event], *, index: int, seed: int, variant: str,
                       names: Sequence[str], decks: Sequence[str], agents: Sequence[str],
                       decisions: int) -> GameRecord:
    """Build the record of one finished game by walking its events once."""
    players = [PlayerRecord(seat=i, name=n, deck=d) for i, (n, d) in enumerate(zip(names, decks, strict=True))]
    turn = 0
    holder: int | None = None
    by_turn: list[int | None] = []
    changes = 0
    first: int | None = None
    starting: int | None = None
    winners: list[int] = []
    reason = ""
    for e in events:
        if isinstance(e, ev.TurnBegan):
            turn = e.turn
            # Turn numbers only go up; a skipped number (none today) repeats the holder.
            while len(by_turn) < turn:
                by_turn.append(holder)
        elif isinstance(e, ev.InitiativeTaken):
            p = players[e.player]
            p.initiative_taken += 1
            if p.first_initiative_turn is None:
                p.first_initiative_turn = turn
            if first is None:
                first = e.player
            if e.previous is not None and e.previous != e.player:
                changes += 1
                p.initiative_taken_from_others += 1
            holder = e.player
        elif isinstance(e, ev.PlayerLeft):
            if holder == e.player:  # CR 726.4 with no one to take it
                holder = None
        elif isinstance(e, ev.VentureMarkerMoved):
            players[e.player].rooms_visited += 1
        elif isinstance(e, ev.DungeonCompleted):
            p = players[e.player]
            p.dungeons_completed.append(e.dungeon)
            p.dungeon_completion_turns.append(turn)
            if e.dungeon == UNDERCITY and p.undercity_completed_turn is None:
                p.undercity_completed_turn = turn
        elif isinstance(e, ev.StartingPlayer):
            starting = e.player
        elif isinstance(e, ev.GameEnded):
            winners = list(e.winners)
            reason = e.reason
    for w in winners:
        players[w].won = True
    return GameRecord(index=index, seed=seed, variant=variant, decks=list(decks), agents=list(agents),
                      starting_player=starting, winners=winners, winner_names=[names[w] for w in winners],
                      end_reason=reason, turns=turn, decisions=decisions, initiative_changes=changes,
                      first_initiative=first, initiative_by_turn=by_turn, players=players)


def record_from_game(g: Any, *, index: int, seed: int, decks: Sequence[str], agents: Sequence[str]) -> GameRecord:
    """The record of a finished :class:`~undercity.engine.game.Game`."""
    return record_from_events(g.events, index=index, seed=seed, variant=g.s.variant, names=g.names,
                              decks=decks, agents=agents, decisions=g.decisions)


# ----------------------------------------------------------------------------- files

def write_json(records: Sequence[GameRecord], path: Path) -> None:
    path.write_text(json.dumps([r.to_dict() for r in records], indent=1) + "\n", encoding="utf-8")


def read_json(path: Path) -> list[GameRecord]:
    return [GameRecord.from_dict(d) for d in json.loads(path.read_text("utf-8"))]


def _cell(v: Any) -> Any:
    if v is None:
        return ""
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, list):
        return ";".join("-" if x is None else str(x) for x in v)
    return v


GAME_COLUMNS = ("index", "seed", "variant", "decks", "agents", "starting_player", "winners", "winner_names",
                "end_reason", "turns", "decisions", "initiative_changes", "first_initiative",
                "undercity_completed_turn", "initiative_by_turn")
PLAYER_COLUMNS = ("name", "deck", "won", "first_initiative_turn", "initiative_taken",
                  "initiative_taken_from_others", "dungeons_completed",
                  "dungeon_completion_turns", "rooms_visited", "undercity_completed_turn")


def write_csv(records: Sequence[GameRecord], path: Path) -> None:
    """One row per game; lists are ``;``-separated (``-`` for nobody); per-player columns are
    prefixed ``p0_``, ``p1_``…; empty cells are None."""
    seats = max((len(r.players) for r in records), default=0)
    header = list(GAME_COLUMNS) + [f"p{i}_{c}" for i in range(seats) for c in PLAYER_COLUMNS]
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in records:
            row = [_cell(getattr(r, c)) for c in GAME_COLUMNS]
            for i in range(seats):
                p = r.players[i] if i < len(r.players) else None
                row += [_cell(getattr(p, c)) if p is not None else "" for c in PLAYER_COLUMNS]
            w.writerow(row)
