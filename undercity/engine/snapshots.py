"""A game saved as its state and restored without replaying it.

:meth:`Game.save` writes a replay — the setup and every choice — and :meth:`Game.restore`
plays it again: exact, but its cost grows with the game (a four-player Commander game at
decision 120 replays in tens of milliseconds). A snapshot is the state itself, pickled, next
to that replay:

``UNDERCITY-SNAPSHOT 1`` line · a JSON header line (the build's fingerprint, the replay's
length) · the replay (:meth:`Game.save`'s JSON) · the pickled state

Card definitions, abilities, tokens and dungeons are immutable and pickled by reference to
the definition that holds them (:mod:`undercity.cards.addresses`), so a snapshot loads in any
process of the same build, whatever order it met the cards in. The replay stays the record:
a snapshot made by another build (another fingerprint: other rules or card data) is restored
by replaying it, and ``verify=True`` replays it anyway and refuses a snapshot whose state
doesn't give the same log.

A snapshot file may come from anywhere, and unpickling can call functions: the loader admits
only Undercity's own classes, a few builtin containers, ``random.Random`` and the
functions that look definitions up by name or rebuild an event, so a forged file cannot run anything else.
"""

from __future__ import annotations

import gc
import hashlib
import io
import json
import pickle
import random
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from undercity.errors import UndercityError

if TYPE_CHECKING:
    from undercity.engine.game import Game

MAGIC = b"UNDERCITY-SNAPSHOT 1\n"
#: Far above any real game's snapshot (tens of kilobytes): a bound on what a file can make us read.
MAX_BYTES = 64 * 1024 * 1024

_BUILTINS = frozenset({"set", "frozenset", "list", "dict", "tuple", "bytearray", "object", "slice", "range",
                       "complex"})
_FUNCTIONS = frozenset({("undercity.cards.addresses", "ability_at"), ("undercity.cards.registry", "get_card"),
                        ("undercity.cards.registry", "get_token"), ("undercity.cards.dungeons", "get_dungeon_card"),
                        ("undercity.engine.events", "rebuild"), ("copyreg", "_reconstructor")})
_OTHER_CLASSES = frozenset({("random", "Random"), ("collections", "Counter"), ("collections", "defaultdict"),
                            ("collections", "OrderedDict"), ("collections", "deque")})


@cache
def fingerprint() -> str:
    """What makes two builds play the same game: the engine's code and the card data."""
    h = hashlib.blake2b(digest_size=12)
    root = Path(__file__).resolve().parent.parent
    for p in sorted(root.rglob("*.py")):
        h.update(str(p.relative_to(root)).encode())
        h.update(p.read_bytes())
    data = resources.files("undercity.data")
    for name in ("oracle.json", "dungeons.json", "all-cards.json.gz"):
        h.update(data.joinpath(name).read_bytes())
    return h.hexdigest()


class _Loader(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in _FUNCTIONS or (module, name) in _OTHER_CLASSES or (
                module == "builtins" and name in _BUILTINS):
            return super().find_class(module, name)
        if module == "undercity" or module.startswith("undercity."):
            found = super().find_class(module, name)
            if isinstance(found, type):  # a class of the engine's own, never a function
                return found
        raise pickle.UnpicklingError(f"a snapshot may not refer to {module}.{name}")


def snapshot(g: Game) -> bytes:
    """The game ``g`` as a snapshot (see the module's docstring for the layout)."""
    replay = g.save().encode()
    header = json.dumps({"fingerprint": fingerprint(), "replay_bytes": len(replay)}).encode()
    body = pickle.dumps((g.s, g.pending, g.events, g.decisions, g.stop_every_priority, g.setup, g.choices),
                        protocol=5)
    return MAGIC + header + b"\n" + replay + body


def _state_bytes(g: Game) -> bytes:
    """The state as bytes that depend only on its values: without the pickle memo, which
    records which equal strings happen to be one object (a detail a round trip changes)."""
    out = io.BytesIO()
    p = pickle.Pickler(out, protocol=5)
    p.fast = True
    p.dump((g.s, g.pending, g.decisions))
    return out.getvalue()


def restore(data: bytes, *, verify: bool = False) -> Game:
    """The game saved in ``data`` by :func:`snapshot`, in the state it was saved in."""
    from undercity.engine.decisions import Decision
    from undercity.engine.game import Game, _load_rules
    from undercity.engine.state import State

    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise UndercityError(f"a snapshot is bytes, not {type(data).__name__}")
    data = bytes(data)
    if len(data) > MAX_BYTES:
        raise UndercityError(f"a snapshot of {len(data):,} bytes is larger than any game ({MAX_BYTES:,} at most)")
    if not data.startswith(MAGIC):
        raise UndercityError("not an Undercity snapshot: it doesn't begin with 'UNDERCITY-SNAPSHOT 1' "
                             "(a saved replay loads with Game.restore)")
    end = data.find(b"\n", len(MAGIC))
    try:
        header = json.loads(data[len(MAGIC):end]) if end > 0 else None
        size, made_by = header["replay_bytes"], header["fingerprint"]
        if type(size) is not int or not 0 < size <= len(data) - end - 1 or not isinstance(made_by, str):
            raise TypeError("it needs the replay's length in bytes and the build's fingerprint")
        replay = data[end + 1:end + 1 + size].decode()
    except (ValueError, KeyError, TypeError) as e:
        raise UndercityError(f"not an Undercity snapshot: its header is broken ({e})") from None
    if made_by != fingerprint():
        # Another build's state may not mean the same here; its replay does (CR-exact determinism).
        return Game.restore(replay)
    _load_rules()
    # Loading makes thousands of containers at once, each a reason for the cyclic collector to
    # run; none of them is garbage yet, so it waits until the state is whole (a third of the time).
    collecting = gc.isenabled()
    gc.disable()
    try:
        state, pending, events, decisions, stop, setup, choices = _Loader(io.BytesIO(data[end + 1 + size:])).load()
    except Exception as e:  # noqa: BLE001 — whatever a forged body raises, the answer is the same
        raise UndercityError(f"not an Undercity snapshot: its state doesn't load ({type(e).__name__}: {e})") from None
    finally:
        if collecting:
            gc.enable()
    if not (isinstance(state, State) and (pending is None or isinstance(pending, Decision))
            and isinstance(events, list) and type(decisions) is int and type(stop) is bool
            and isinstance(state.rng, random.Random) and isinstance(setup, dict) and isinstance(choices, list)):
        raise UndercityError("not an Undercity snapshot: its state has the wrong shape")
    g = Game(state)
    g.pending, g.events, g.decisions, g.stop_every_priority = pending, events, decisions, stop
    g.setup, g.choices = setup, choices
    if verify:
        replayed = Game.restore(replay)
        if _state_bytes(replayed) != _state_bytes(g) or replayed.log_lines() != g.log_lines():
            raise UndercityError("the snapshot's state is not the game its replay plays: it was altered "
                                 "(Game.restore of its replay gives the real game)")
    return g
