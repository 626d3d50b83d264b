"""Playing many games: in this process, in a process pool, or as Ray tasks.

Game ``i`` of a run with base seed ``S`` is played with seed :func:`game_seed(S, i) <game_seed>`
and its agents with seeds derived from that, so a game's record depends only on
``(S, i)`` and the setup — never on the number of workers, the backend, or which other
games a worker played before. Games are sent to workers in chunks (one task per chunk) and
the records are put back in index order.
"""

from __future__ import annotations

import hashlib
import logging
import math
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from undercity.errors import UndercityError
from undercity.seating import NAMES
from undercity.sim.records import GameRecord, record_from_game

AIS = ("heuristic", "random", "mcts")
BACKENDS = ("process", "ray")
MAX_CHUNK = 25


def derive_seed(*parts: object) -> int:
    """A 48-bit seed from the parts, stable across runs, platforms and Python versions
    (unlike ``hash()``)."""
    digest = hashlib.blake2b(":".join(map(str, parts)).encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


def game_seed(base: int, index: int) -> int:
    """The engine seed of game ``index`` of a run with base seed ``base``."""
    return derive_seed("undercity-sim", base, index)


def agent_seed(seed: int, seat: int) -> int:
    """The seed of seat ``seat``'s agent in the game with engine seed ``seed``."""
    return derive_seed("agent", seed, seat)


@dataclass(frozen=True)
class SimConfig:
    """What to play: one deck per seat (already resolved to card names)."""

    deck_names: tuple[str, ...]
    decks: tuple[tuple[str, ...], ...]
    games: int
    seed: int = 0
    variant: str = "two-player"
    ai: str = "heuristic"
    turn_cap: int = 150
    commanders: tuple[tuple[str, ...], ...] | None = None
    #: Keep each game's replay (Game.save() plus metadata) in the results.
    replays: bool = False
    names: tuple[str, ...] = field(default=())

    @property
    def players(self) -> int:
        return len(self.decks)

    @property
    def seat_names(self) -> tuple[str, ...]:
        return self.names or NAMES[:self.players]


def make_config(decks: Sequence[str] | None, *, players: int | None = None, variant: str | None = None,
                games: int = 100, seed: int = 0, ai: str = "heuristic", turn_cap: int = 150,
                replays: bool = False) -> SimConfig:
    """Resolve the command-line choices: deck names or files (cycled over the seats when
    there are fewer than players; none: the bundled decks), player count and variant
    (see :func:`undercity.seating.resolve_seating`)."""
    from undercity.decks import load_deck
    from undercity.seating import check_turn_cap, deck_choices, resolve_seating, seat_decks

    if ai not in AIS:
        raise UndercityError(f"unknown AI {ai!r}; choose {' or '.join(AIS)}")
    if games < 1:
        raise UndercityError(f"--games must be at least 1 (got {games})")
    check_turn_cap(turn_cap)
    players, variant = resolve_seating(players, variant, len(decks or []))
    loaded = [load_deck(d) for d in deck_choices(decks, players, variant)]
    seats = seat_decks(loaded, players)
    commanders = None
    if variant == "commander":
        for d in seats:
            if not d.commanders:
                raise UndercityError(f"deck {d.name!r} has no commander: a Commander decklist needs a "
                                     "'Commander' section naming its commander (CR 903.3)")
        commanders = tuple(tuple(d.commanders) for d in seats)
    return SimConfig(deck_names=tuple(d.name for d in seats), decks=tuple(tuple(d.main) for d in seats),
                     games=games, seed=seed, variant=variant, ai=ai, turn_cap=turn_cap,
                     commanders=commanders, replays=replays)


@dataclass
class GameResult:
    record: GameRecord
    #: The replay file's text (see :mod:`undercity.sim.replay`), if the run keeps replays.
    replay: str | None = None


def play(cfg: SimConfig, index: int) -> tuple[Any, list[int]]:
    """Play game ``index`` of the run to its end: the finished Game and its agents' seeds."""
    from undercity.agents import make_agent, play_out
    from undercity.engine.game import Game

    seed = game_seed(cfg.seed, index)
    g = Game.new([list(d) for d in cfg.decks], list(cfg.seat_names), seed=seed, variant=cfg.variant,
                 turn_cap=cfg.turn_cap, commanders=[list(c) for c in cfg.commanders] if cfg.commanders else None)
    agent_seeds = [agent_seed(seed, i) for i in range(cfg.players)]
    play_out(g, [make_agent(cfg.ai, s) for s in agent_seeds])
    return g, agent_seeds


def play_game(cfg: SimConfig, index: int) -> GameResult:
    """Play game ``index`` of the run; its record (and replay, if the run keeps them)."""
    g, agent_seeds = play(cfg, index)
    agents = [cfg.ai] * cfg.players
    rec = record_from_game(g, index=index, seed=g.setup["seed"], decks=cfg.deck_names, agents=agents)
    replay = None
    if cfg.replays:
        from undercity.sim.replay import make_replay

        replay = make_replay(g, index=index, base_seed=cfg.seed, deck_names=cfg.deck_names,
                             agents=agents, agent_seeds=agent_seeds)
    return GameResult(rec, replay)


def play_chunk(cfg: SimConfig, indices: Sequence[int]) -> list[GameResult]:
    """One task: play these games (in order) and return their results."""
    return [play_game(cfg, i) for i in indices]


def chunks(games: int, workers: int) -> list[list[int]]:
    """Game indices split into tasks: about four per worker (for an even finish), at most
    :data:`MAX_CHUNK` games each (for a smooth progress bar)."""
    size = max(1, min(MAX_CHUNK, math.ceil(games / (workers * 4))))
    return [list(range(i, min(i + size, games))) for i in range(0, games, size)]


# ----------------------------------------------------------------------------- backends

RAY_MISSING = ("--backend ray needs the 'ray' package, which is not installed: "
               "pip install 'undercity[ray]' (or use the default --backend process)")


def _mp_context() -> Any:
    """``fork`` on Linux: workers start at once with the engine already imported, and scripts
    need no ``if __name__ == "__main__"`` guard. Elsewhere (macOS, Windows) the platform's
    default. The pool is started before any other thread (the progress bar) exists."""
    import multiprocessing as mp

    if sys.platform.startswith("linux"):
        return mp.get_context("fork")
    return mp.get_context()


def _worker_init() -> None:
    import signal

    from undercity.engine.game import _load_rules

    # Ctrl-C at a terminal reaches every process of the group: the parent alone decides what
    # an interrupt means (keep the finished games), so workers ignore it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _load_rules()


def ray_available() -> bool:
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def check_ray_address(address: str, timeout: float = 5.0) -> None:
    """Fail fast on an unreachable cluster: Ray itself retries a dead address for minutes.

    ``address`` is ``auto`` (Ray finds the cluster, or fails at once), ``HOST:PORT`` or
    ``ray://HOST:PORT`` (Ray Client)."""
    import socket

    if address == "auto":
        return
    hostport = address.removeprefix("ray://")
    host, sep, port = hostport.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise UndercityError(f"--address {address!r}: expected HOST:PORT, ray://HOST:PORT or auto")
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as e:
        raise UndercityError(f"no Ray cluster answers at {address} ({e.strerror or e}); start one "
                             "with `ray start --head`, or leave out --address for a local instance"
                             ) from None


@dataclass
class RunInfo:
    backend: str
    workers: int
    seconds: float
    games: int

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")


class Simulation:
    """A run in progress. Creating it starts the workers (a process pool forks here, before
    the caller starts any thread); iterating it yields the number of games finished as each
    task completes; :attr:`records` then holds every record in index order.

    >>> with Simulation(cfg, workers=2) as sim:     # doctest: +SKIP
    ...     for n in sim:
    ...         bar.advance(n)
    >>> sim.records                                 # doctest: +SKIP
    """

    def __init__(self, cfg: SimConfig, *, workers: int | None = None, backend: str = "process",
                 address: str | None = None, replay_dir: Path | None = None) -> None:
        if backend not in BACKENDS:
            raise UndercityError(f"unknown backend {backend!r}; choose {' or '.join(BACKENDS)}")
        if backend == "ray" and not ray_available():
            raise UndercityError(RAY_MISSING)
        workers = workers or os.cpu_count() or 1
        if workers < 1:
            raise UndercityError("--workers must be at least 1")
        if replay_dir is not None:
            replay_dir.mkdir(parents=True, exist_ok=True)
            if not cfg.replays:
                cfg = replace(cfg, replays=True)
        self.cfg, self.workers, self.backend, self.replay_dir = cfg, workers, backend, replay_dir
        self.records: list[GameRecord] = []
        self.info: RunInfo | None = None
        #: Set when the run was stopped by :meth:`abort` (Ctrl-C) before every game was played.
        self.interrupted = False
        self._parts = chunks(cfg.games, workers)
        self._pool: Any = None
        self._ray: Any = None
        self._t0 = time.perf_counter()
        if backend == "ray":
            self._start_ray(address)
        elif workers > 1 and len(self._parts) > 1:
            from concurrent.futures import ProcessPoolExecutor

            self._pool = ProcessPoolExecutor(max_workers=min(workers, len(self._parts)),
                                             mp_context=_mp_context(), initializer=_worker_init)
            self._futures = [self._pool.submit(play_chunk, cfg, p) for p in self._parts]

    def _start_ray(self, address: str | None) -> None:
        import ray

        import undercity

        self._ray = ray
        self._ray_started = not ray.is_initialized()
        if self._ray_started:
            # The package travels with the job (py_modules), so the nodes of an existing
            # cluster need not have this version of undercity installed; a local instance is
            # started quietly, without the dashboard.
            # Without --address, "local" starts a new instance: plain ray.init() would join
            # whatever cluster /tmp/ray/ray_current_cluster names (one started by `ray start`),
            # even one that is shutting down, and then wait on it forever.
            local = {} if address else {"include_dashboard": False}
            if address:
                check_ray_address(address)
            try:
                ray.init(address=address or "local", ignore_reinit_error=True, log_to_driver=False,
                         logging_level=logging.ERROR, runtime_env={"py_modules": [undercity]},
                         **local)
            except (ConnectionError, RuntimeError, ValueError) as e:
                raise UndercityError(f"cannot start Ray at {address or 'a local instance'}: "
                                     f"{str(e).splitlines()[0]}") from None
        task = ray.remote(play_chunk)
        cfg_ref = ray.put(self.cfg)
        self._refs = [task.remote(cfg_ref, p) for p in self._parts]

    def _results(self) -> Iterator[list[GameResult]]:
        if self._ray is not None:
            pending = list(self._refs)
            while pending:
                done, pending = self._ray.wait(pending, num_returns=1)
                for ref in done:
                    yield self._ray.get(ref)
        elif self._pool is not None:
            from concurrent.futures import as_completed

            for f in as_completed(self._futures):
                yield f.result()
        else:  # game by game, so that an interrupt loses only the game being played
            for p in self._parts:
                for i in p:
                    yield [play_game(self.cfg, i)]

    def __iter__(self) -> Iterator[int]:
        self.interrupted = False
        try:
            for results in self._results():
                for r in results:
                    self.records.append(r.record)
                    if self.replay_dir is not None and r.replay is not None:
                        from undercity.sim.replay import replay_path

                        replay_path(self.replay_dir, r.record.index).write_text(r.replay, encoding="utf-8")
                yield len(results)
        except KeyboardInterrupt:
            self.abort()
            raise
        finally:
            self.close()
        self._finish()

    def _finish(self) -> None:
        self.records.sort(key=lambda r: r.index)
        self.info = RunInfo(self.backend, self.workers, time.perf_counter() - self._t0, len(self.records))

    def abort(self) -> None:
        """Stop at once (Ctrl-C): the games being played are dropped, the finished ones kept
        in :attr:`records` (in index order) with :attr:`info` for them."""
        self.interrupted = True
        if self._pool is not None:
            for proc in list(getattr(self._pool, "_processes", {}).values()):
                proc.terminate()  # a worker mid-game would otherwise finish its whole chunk
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        if self._ray is not None:
            for ref in self._refs:
                self._ray.cancel(ref, force=True)
        self.close()
        self._finish()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        if self._ray is not None and self._ray_started:
            self._ray.shutdown()
            self._ray = None

    def __enter__(self) -> Simulation:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def run_games(cfg: SimConfig, *, workers: int | None = None, backend: str = "process",
              address: str | None = None, replay_dir: Path | None = None,
              progress: Callable[[int], None] | None = None,
              info: list[RunInfo] | None = None) -> list[GameRecord]:
    """Play ``cfg.games`` games and return their records in index order.

    ``workers``: processes (default ``os.cpu_count()``; 1 plays in this process).
    ``backend``: "process" or "ray" (``address``: an existing Ray cluster).
    ``replay_dir``: write ``game-NNNNN.json`` replays there.
    ``progress(n)`` is called as each task of ``n`` games finishes; ``info`` receives the
    :class:`RunInfo` (timing)."""
    with Simulation(cfg, workers=workers, backend=backend, address=address, replay_dir=replay_dir) as sim:
        for n in sim:
            if progress is not None:
                progress(n)
    if info is not None and sim.info is not None:
        info.append(sim.info)
    return sim.records
