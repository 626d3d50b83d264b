"""Self-play rollouts of the AEC environment, in one process or on Ray workers, written as
trajectories to ``.npz`` files a learner can read with ``numpy.load``.

    python -m undercity.rl.rollouts --games 40 --workers 2 --out rollouts/
    python -m undercity.rl.rollouts --games 400 --workers 16 --address HEAD:6379 --out rollouts/
    python -m undercity.rl.rollouts --players 4 --variant commander --turn-cap 20 --out rollouts/

Every seat plays the same policy (``random``: uniformly random legal actions; or the
weights of a :class:`undercity.rl.linear.LinearSoftmaxPolicy` saved with ``numpy.save``,
``--weights w.npy``). Games are split into chunks, one task each; on Ray the package travels
with the job (``runtime_env`` ``py_modules``), so the nodes of an existing cluster need not
have undercity installed (they need numpy, gymnasium and pettingzoo). The driver writes one
file per chunk, ``rollouts-00000.npz`` …, holding one row per decision:

=================  ==============================================================
``obs_<key>``      the acting seat's observation (every key of the Dict space)
``action``         the action taken
``seat``           the acting seat
``game``           the game's index in the run (its seed is ``seed + game``)
``ret``            that seat's final reward in that game (+1, -1, 0)
``last``           1 on the seat's last decision of the game
=================  ==============================================================
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from undercity.errors import UndercityError

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class RolloutConfig:
    """What to play: the environment's arguments, games, seed, and the policy's weights."""

    env: dict[str, Any] = field(default_factory=dict)
    games: int = 10
    seed: int = 0
    weights: np.ndarray | None = None


def _act(obs: dict[str, np.ndarray], rng: np.random.Generator, weights: np.ndarray | None) -> int:
    legal = np.flatnonzero(obs["action_mask"])
    if weights is None:
        return int(rng.choice(legal))
    from undercity.rl.linear import option_features

    z = option_features(obs) @ weights
    p = np.exp(z - z.max())
    return int(legal[rng.choice(len(legal), p=p / p.sum())])


def play_games(cfg: RolloutConfig, games: Sequence[int]) -> dict[str, np.ndarray]:
    """Play games ``games`` of the run (game ``i`` with seed ``cfg.seed + i``): their
    trajectories as arrays (see the module docstring), plus ``steps_seconds``: the time spent
    stepping and observing."""
    from undercity.rl.aec import UndercityAEC

    env = UndercityAEC(**cfg.env)
    rows: dict[str, list[Any]] = {"action": [], "seat": [], "game": [], "ret": [], "last": []}
    obs_rows: dict[str, list[np.ndarray]] = {}
    t0 = time.perf_counter()
    for i in games:
        env.reset(seed=cfg.seed + i)
        rng = np.random.default_rng(cfg.seed + i)
        start = len(rows["action"])
        final: dict[int, float] = {}
        last_row: dict[int, int] = {}
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            seat = int(agent.rsplit("_", 1)[1])
            if term or trunc:
                final[seat] = float(reward)
                env.step(None)
                continue
            action = _act(obs, rng, cfg.weights)
            for k, v in obs.items():
                obs_rows.setdefault(k, []).append(v)
            last_row[seat] = len(rows["action"])
            rows["action"].append(action)
            rows["seat"].append(seat)
            rows["game"].append(i)
            rows["last"].append(0)
            env.step(action)
        rows["ret"] += [final.get(s, 0.0) for s in rows["seat"][start:]]
        for r in last_row.values():
            rows["last"][r] = 1
    out = {f"obs_{k}": np.stack(v) for k, v in obs_rows.items()}
    out.update({k: np.asarray(v, dtype=np.float32 if k == "ret" else np.int32) for k, v in rows.items()})
    out["steps_seconds"] = np.asarray(time.perf_counter() - t0)
    return out


def chunks(games: int, workers: int) -> list[list[int]]:
    """Game indices in chunks, a few per worker, so that a slow chunk doesn't hold up the run."""
    n = max(1, min(games, workers * 4))
    return [list(range(k, games, n)) for k in range(n) if k < games]


@dataclass
class RunResult:
    files: list[Path]
    games: int
    steps: int
    seconds: float

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds


def run(cfg: RolloutConfig, out: Path | None, *, workers: int = 1, backend: str = "ray",
        address: str | None = None) -> RunResult:
    """Play ``cfg.games`` games on ``workers`` Ray workers (``backend="ray"``; an existing
    cluster with ``address``) or here (``backend="local"``), writing a file per chunk to
    ``out`` (None: nothing written, for benchmarks)."""
    if cfg.games < 1:
        raise UndercityError(f"games must be at least 1 (got {cfg.games})")
    if workers < 1:
        raise UndercityError(f"workers must be at least 1 (got {workers})")
    if backend not in ("ray", "local"):
        raise UndercityError(f"unknown backend {backend!r}; choose ray or local")
    from undercity.rl.table import make_table

    make_table(cfg.env.get("decks"), players=cfg.env.get("players"), variant=cfg.env.get("variant"),
               turn_cap=cfg.env.get("turn_cap", 30))  # bad arguments fail here, not on a worker
    parts = chunks(cfg.games, workers)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    files: list[Path] = []
    steps = 0

    def write(k: int, data: dict[str, np.ndarray]) -> None:
        nonlocal steps
        steps += len(data["action"])
        if out is not None:
            path = out / f"rollouts-{k:05d}.npz"
            np.savez_compressed(path, **{n: v for n, v in data.items() if n != "steps_seconds"})
            files.append(path)

    if backend == "local":
        for k, part in enumerate(parts):
            write(k, play_games(cfg, part))
    else:
        ray = start_ray(address)
        task = ray.remote(num_cpus=1)(play_games)
        cfg_ref = ray.put(cfg)
        # At most ``workers`` tasks at once: the run uses that many workers even on a bigger cluster.
        pending: dict[Any, int] = {}
        queue = list(enumerate(parts))
        while queue or pending:
            while queue and len(pending) < workers:
                k, part = queue.pop(0)
                pending[task.remote(cfg_ref, part)] = k
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                write(pending.pop(ref), ray.get(ref))
    return RunResult(sorted(files), cfg.games, steps, time.perf_counter() - t0)


def start_ray(address: str | None) -> Any:
    """Ray, started (a quiet local instance) or joined (``address``), with this package
    shipped to the workers."""
    import ray

    import undercity
    from undercity.sim.runner import check_ray_address

    if not ray.is_initialized():
        if address:
            check_ray_address(address)
        local = {} if address else {"include_dashboard": False}
        try:
            ray.init(address=address or "local", ignore_reinit_error=True, log_to_driver=False,
                     logging_level=logging.ERROR, runtime_env={"py_modules": [undercity]}, **local)
        except (ConnectionError, RuntimeError, ValueError) as e:
            raise UndercityError(f"cannot start Ray at {address or 'a local instance'}: "
                                 f"{str(e).splitlines()[0]}") from None
    return ray


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m undercity.rl.rollouts", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, required=True, help="directory for the .npz files")
    ap.add_argument("--address", help="an existing Ray cluster (HOST:PORT, ray://HOST:PORT or auto)")
    ap.add_argument("--local", action="store_true", help="play here, without Ray")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", type=int)
    ap.add_argument("--variant")
    ap.add_argument("--turn-cap", type=int, default=30)
    ap.add_argument("--deck", action="append", help="a bundled deck name or a decklist file (repeatable)")
    ap.add_argument("--weights", type=Path, help="a linear policy's weights (numpy .npy); default: random")
    args = ap.parse_args(argv)
    try:
        weights = None
        if args.weights is not None:
            from undercity.rl.linear import FEATURES

            try:
                weights = np.load(args.weights)
            except (OSError, ValueError) as e:
                raise UndercityError(f"--weights {args.weights}: {e}") from None
            if weights.shape != (FEATURES,):
                raise UndercityError(f"--weights {args.weights}: expected {FEATURES} weights, got shape "
                                     f"{weights.shape}")
        env = {"decks": args.deck, "players": args.players, "variant": args.variant, "turn_cap": args.turn_cap}
        result = run(RolloutConfig(env=env, games=args.games, seed=args.seed, weights=weights), args.out,
                     workers=args.workers, backend="local" if args.local else "ray", address=args.address)
    except UndercityError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(f"{result.games} games, {result.steps} decisions in {result.seconds:.1f} s "
          f"({result.steps_per_second:.0f} steps/s, {result.games_per_second:.1f} games/s); "
          f"{len(result.files)} files in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
