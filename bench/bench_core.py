"""Core speed benchmark: random-vs-random games of the bundled decks on one core.

    python bench/bench_core.py                 # 200 games
    python bench/bench_core.py --games 50 --profile

Prints games/s and decisions/s (decisions with two or more options, ``Game.decisions``),
both per second of this process's CPU time so that other load on the machine disturbs them
less; mean decisions and turns per game; the cost of ``Game.copy()`` in the middle of a
game; and peak memory. ``--profile`` profiles the timed games (not the copies) with
cProfile. Targets (issue): >= 20,000 decisions/s and >= 50 games/s on one core.
See docs/performance.md.
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import random
import resource
import sys
import time

from undercity.decks import load_deck
from undercity.engine.game import Game

TARGET_DECISIONS_PER_S = 20_000
TARGET_GAMES_PER_S = 50


def play_game(seed: int, decks: list[list[str]], copy_samples: list[float] | None = None) -> Game:
    """One random-vs-random game; if ``copy_samples`` is given, time ``g.copy()`` mid-game."""
    rng = random.Random(seed ^ 0x5EED)
    g = Game.new(decks, ["Gruul", "Orzhov"], seed=seed)
    n = 0
    while not g.over:
        d = g.pending
        assert d is not None
        if copy_samples is not None and n == 40:
            t = time.perf_counter()
            for _ in range(10):
                g.copy()
            copy_samples.append((time.perf_counter() - t) / 10)
        g.apply(rng.randrange(len(d.options)))
        n += 1
    return g


def run(games: int, seed: int, prof: cProfile.Profile | None = None) -> dict[str, float]:
    decks = [load_deck("gruul-stompy").main, load_deck("orzhov-knights").main]
    play_game(seed - 1, decks)  # warm up: card pool, caches
    decisions = turns = 0
    if prof is not None:
        prof.enable()
    t0, c0 = time.perf_counter(), time.process_time()
    for i in range(games):
        g = play_game(seed + i, decks)
        decisions += g.decisions
        turns += g.s.turn
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    if prof is not None:
        prof.disable()
    copies: list[float] = []
    for i in range(min(games, 50)):
        play_game(seed + i, decks, copies)
    return {
        "games": games, "seconds": dt, "cpu_seconds": cpu,
        "games_per_s": games / cpu, "decisions_per_s": decisions / cpu,
        "mean_decisions": decisions / games, "mean_turns": turns / games,
        "copy_us": 1e6 * sum(copies) / max(len(copies), 1), "copies": len(copies),
    }


def peak_memory_mb() -> float:
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # kilobytes on Linux, bytes on macOS
    return kb / (1024 * 1024) if sys.platform == "darwin" else kb / 1024


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="number of games (default 200)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    ap.add_argument("--profile", action="store_true", help="run under cProfile; print the top 25 by cumulative time")
    args = ap.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()} ({platform.system()}), one core")
    prof = cProfile.Profile() if args.profile else None
    r = run(args.games, args.seed, prof)
    ok_d = "ok" if r["decisions_per_s"] >= TARGET_DECISIONS_PER_S else "below target"
    ok_g = "ok" if r["games_per_s"] >= TARGET_GAMES_PER_S else "below target"
    print(f"games           {r['games']} in {r['cpu_seconds']:.2f} s of CPU ({r['seconds']:.2f} s wall);"
          " rates are per CPU second")
    print(f"games/s         {r['games_per_s']:,.1f}   (target {TARGET_GAMES_PER_S}: {ok_g})")
    print(f"decisions/s     {r['decisions_per_s']:,.0f}   (target {TARGET_DECISIONS_PER_S:,}: {ok_d})")
    print(f"decisions/game  {r['mean_decisions']:.1f}")
    print(f"turns/game      {r['mean_turns']:.1f}")
    print(f"copy()          {r['copy_us']:,.0f} us (mean of {r['copies']} mid-game positions x 10)")
    print(f"peak memory     {peak_memory_mb():.1f} MB (max RSS)")
    if prof is not None:
        print("\nTop 25 functions by cumulative time (profiled run is slower):")
        pstats.Stats(prof).sort_stats("cumulative").print_stats(25)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
