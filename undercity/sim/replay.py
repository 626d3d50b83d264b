"""Replay files: a game as JSON — :meth:`Game.save` (setup: decks, names, seed, variant; and
every choice made) plus what the simulation knows about it (deck names, agent kinds and
seeds) and a digest of the log, so that ``undercity replay`` can check that re-playing the
choices gives exactly the same log.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from undercity.errors import UndercityError


def log_digest(lines: Sequence[str]) -> str:
    """SHA-256 of the omniscient text log, one line per event."""
    h = hashlib.sha256()
    for line in lines:
        h.update(line.encode("utf-8"))
        h.update(b"\n")
    return h.hexdigest()


def make_replay(g: Any, *, index: int | None = None, base_seed: int | None = None,
                deck_names: Sequence[str] = (), agents: Sequence[str] = (),
                agent_seeds: Sequence[int] = ()) -> str:
    """The replay file text of a game (finished or not)."""
    doc = json.loads(g.save())
    doc["sim"] = {"index": index, "base_seed": base_seed, "deck_names": list(deck_names),
                  "agents": list(agents), "agent_seeds": list(agent_seeds),
                  "winners": list(g.s.winners), "turns": g.s.turn, "decisions": g.decisions}
    doc["log_sha256"] = log_digest(g.log_lines())
    return json.dumps(doc, separators=(",", ":"))


def replay_path(directory: Path, index: int) -> Path:
    return directory / f"game-{index:05d}.json"


def load_replay(path: Path) -> tuple[Any, dict[str, Any]]:
    """Re-play a replay file (or any ``Game.save()`` output): the game, and the file's document."""
    from undercity.engine.game import Game

    try:
        text = path.read_text("utf-8")
    except OSError as e:
        raise UndercityError(f"cannot read {path}: {e.strerror or e}") from None
    try:
        doc = json.loads(text)
    except ValueError as e:
        raise UndercityError(f"{path}: not a replay file (invalid JSON: {e})") from None
    if not isinstance(doc, dict) or "setup" not in doc or "choices" not in doc:
        raise UndercityError(f"{path}: not a replay file (no 'setup' and 'choices')")
    try:
        g = Game.restore(text)
    except UndercityError as e:
        raise UndercityError(f"{path}: {e}") from None
    except (KeyError, TypeError, ValueError, IndexError) as e:
        raise UndercityError(f"{path}: not a valid replay ({type(e).__name__}: {e})") from None
    return g, doc


def verify(g: Any, doc: dict[str, Any]) -> bool | None:
    """Whether the replayed log matches the digest stored in the file (None: no digest)."""
    want = doc.get("log_sha256")
    if want is None:
        return None
    return log_digest(g.log_lines()) == want
