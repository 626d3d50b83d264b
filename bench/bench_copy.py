"""Cost of ``Game.copy()`` against the pickle round trip it replaced, and of restoring a
snapshot against replaying the game, in one process.

    python bench/bench_copy.py                       # two-player and four-player Commander
    python bench/bench_copy.py --positions 20 --reps 20 --json

Plays seeded random games of the bundled decks (``bench_core.py``'s setups) to decision 40
(and 120), then times, position by position and in turn, ``Game.copy()`` and
``pickle.loads(pickle.dumps((state, pending)))`` — what ``copy()`` was before issue 14 — in CPU
time (``time.process_time``). Alternating in one process cancels the drift of a shared machine;
the ratio is the median of the positions' ratios. At the same positions it times
``Game.from_snapshot()`` of the position's snapshot and ``Game.restore()`` of its replay (the
only way back before snapshots), and reports the snapshot's size.
"""

from __future__ import annotations

import argparse
import gc
import json
import pickle
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_core import make_setup  # noqa: E402

from undercity.engine.game import Game  # noqa: E402


def pickle_copy(g: Game) -> Any:
    return pickle.loads(pickle.dumps((g.s, g.pending), protocol=5))


def position(setup: Any, seed: int, at: int) -> Game | None:
    g = Game.new(setup.decks, setup.names, seed=seed, variant=setup.variant, commanders=setup.commanders)
    rng = random.Random(seed ^ 0x5EED)
    for _ in range(at):
        if g.over:
            return None
        g.apply(rng.randrange(len(g.pending.options)))  # type: ignore[union-attr]
    return None if g.over else g


def cpu_per_call(fn: Any, g: Game, reps: int) -> float:
    gc.collect()
    t = time.process_time()
    for _ in range(reps):
        fn(g)
    return (time.process_time() - t) / reps


def measure(variant: str, positions: int, reps: int, at: int) -> dict[str, Any]:
    setup = make_setup(variant)
    new: list[float] = []
    old: list[float] = []
    objs: list[int] = []
    loads: list[float] = []
    replays: list[float] = []
    sizes: list[int] = []
    seed = 1
    while len(new) < positions and seed < 10 * positions + 10:
        g = position(setup, seed, at)
        seed += 1
        if g is None:
            continue
        g.copy()
        pickle_copy(g)  # warm both
        new.append(cpu_per_call(Game.copy, g, reps))
        old.append(cpu_per_call(pickle_copy, g, reps))
        objs.append(len(g.s.objs))
        snap, saved = g.snapshot(), g.save()
        Game.from_snapshot(snap)
        sizes.append(len(snap))
        loads.append(cpu_per_call(lambda _g, snap=snap: Game.from_snapshot(snap), g, reps))
        replays.append(cpu_per_call(lambda _g, saved=saved: Game.restore(saved), g, max(1, reps // 10)))
    return {"variant": variant, "players": len(setup.decks), "at_decision": at, "positions": len(new),
            "objects": statistics.mean(objs), "copy_us": 1e6 * statistics.median(new),
            "pickle_us": 1e6 * statistics.median(old),
            "ratio": statistics.median(a / b for a, b in zip(new, old, strict=True)),
            "snapshot_kb": statistics.mean(sizes) / 1024, "from_snapshot_ms": 1e3 * statistics.median(loads),
            "replay_ms": 1e3 * statistics.median(replays)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--positions", type=int, default=10, help="mid-game positions per variant (default 10)")
    ap.add_argument("--reps", type=int, default=20, help="copies timed per position (default 20)")
    ap.add_argument("--variant", action="append", default=[], help="two-player, commander, ... (default both)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    if args.positions < 1 or args.reps < 1:
        ap.error("--positions and --reps must be at least 1")
    rows = [measure(v, args.positions, args.reps, at) for v in (args.variant or ["two-player", "commander"])
            for at in (40, 120)]
    if args.json:
        print(json.dumps(rows))
        return 0
    print(f"{'variant':<18}{'decision':>9}{'objects':>9}{'copy() us':>11}{'pickle us':>11}{'ratio':>8}"
          f"{'snapshot KB':>13}{'from_snapshot ms':>18}{'replay ms':>11}")
    for r in rows:
        print(f"{r['variant'] + ' ' + str(r['players']) + 'p':<18}{r['at_decision']:>9}{r['objects']:>9.0f}"
              f"{r['copy_us']:>11.0f}{r['pickle_us']:>11.0f}{r['ratio']:>8.3f}"
              f"{r['snapshot_kb']:>13.1f}{r['from_snapshot_ms']:>18.2f}{r['replay_ms']:>11.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
