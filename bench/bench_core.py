"""Core speed benchmark: seeded games of the bundled decks on one core.

    python bench/bench_core.py                 # 200 random-vs-random two-player games
    python bench/bench_core.py --games 50 --profile
    python bench/bench_core.py --variant commander --games 20          # four bundled Commander decks
    python bench/bench_core.py --variant ffa --players 3 --deck gruul-stompy --deck my.txt
    python bench/bench_core.py --agent heuristic --json                # the figures as one JSON object

Prints games/s and decisions/s (decisions with two or more options, ``Game.decisions``),
both per second of this process's CPU time so that other load on the machine disturbs them
less; mean decisions and turns per game; the cost of ``Game.copy()`` in the middle of a
game; and peak memory. ``--profile`` profiles the timed games (not the copies) with
cProfile. Targets (issue): >= 20,000 decisions/s and >= 50 games/s on one core.
``bench/compare.py`` runs this against an earlier revision, alternately, and prints ratios.
See docs/performance.md.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import platform
import pstats
import random
import resource
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from undercity.decks import load_deck
from undercity.engine.game import Game
from undercity.engine.variants import VARIANTS, check_player_count, get_variant
from undercity.errors import UndercityError

TARGET_DECISIONS_PER_S = 20_000
TARGET_GAMES_PER_S = 50
#: Short names accepted by ``--variant`` for the engine's variant names.
VARIANT_ALIASES = {"2p": "two-player", "ffa": "free-for-all", "2hg": "two-headed-giant"}
#: The default decks, dealt to the seats in turn (the default run: Gruul against Orzhov).
DEFAULT_DECKS = ("gruul-stompy", "orzhov-knights")
DEFAULT_COMMANDER_DECKS = ("commander-linden", "commander-erinis", "commander-sefris", "commander-barrowin")
#: The seat names of the default two-player run (they are in the log, so they are part of the games).
DEFAULT_NAMES = ("Gruul", "Orzhov")
#: Decision number at which ``Game.copy()`` is timed, in the first COPY_GAMES games, COPY_REPS times each.
COPY_AT, COPY_GAMES, COPY_REPS = 40, 50, 10


@dataclass
class Setup:
    """What is played: the variant, each seat's deck (and commanders), the agents."""

    variant: str = "two-player"
    decks: list[list[str]] = field(default_factory=list)
    commanders: list[list[str]] | None = None
    names: list[str] = field(default_factory=list)
    agent: str = "random"
    deck_names: list[str] = field(default_factory=list)


class BenchError(Exception):
    """A bad argument (unknown deck, wrong number of players for the variant, ...)."""


def make_setup(variant: str = "two-player", players: int | None = None, decks: Sequence[str] = (),
               agent: str = "random") -> Setup:
    """Check the arguments and load the decks: ``decks`` (bundled names or files) are dealt to the
    seats in turn; the default is two players, or four in the multiplayer variants."""
    variant = VARIANT_ALIASES.get(variant, variant)
    try:
        rules = get_variant(variant)
    except UndercityError as e:
        raise BenchError(str(e)) from None
    if agent not in ("random", "heuristic"):
        raise BenchError(f"unknown agent {agent!r}; choose random or heuristic")
    n = players if players is not None else (2 if variant == "two-player" else 4)
    try:
        check_player_count(rules, n)
    except UndercityError as e:
        raise BenchError(str(e)) from None
    names_given = list(decks) or list(DEFAULT_COMMANDER_DECKS if variant == "commander" else DEFAULT_DECKS)
    seats = [names_given[i % len(names_given)] for i in range(n)]
    loaded = {}
    for d in dict.fromkeys(seats):
        try:
            loaded[d] = load_deck(d)
        except UndercityError as e:
            raise BenchError(str(e)) from None
    commanders = None
    if variant == "commander":
        commanders = [list(loaded[d].commanders) for d in seats]
        missing = [d for d, c in zip(seats, commanders, strict=True) if not c]
        if missing:
            raise BenchError(f"a Commander game needs a commander in each deck; {', '.join(missing)} names none")
    default_run = variant == "two-player" and not decks
    names = list(DEFAULT_NAMES) if default_run else [f"P{i + 1}" for i in range(n)]
    return Setup(variant=variant, decks=[list(loaded[d].main) for d in seats], commanders=commanders,
                 names=names, agent=agent, deck_names=seats)


def play_game(seed: int, setup: Setup, copy_samples: list[float] | None = None) -> Game:
    """One seeded game; if ``copy_samples`` is given, time ``g.copy()`` at decision COPY_AT."""
    g = Game.new(setup.decks, setup.names, seed=seed, variant=setup.variant, commanders=setup.commanders)
    if setup.agent == "random":
        # Each decision: a uniformly random option index (the benchmark's figures have always
        # been counted with exactly this generator, so that they stay comparable).
        rng = random.Random(seed ^ 0x5EED)

        def choose(d: Any) -> int:
            return rng.randrange(len(d.options))
    else:
        from undercity.agents import make_agent

        agents = [make_agent(setup.agent, 1000 * seed + p) for p in range(len(setup.decks))]

        def choose(d: Any) -> int:
            return agents[d.player].choose(g, d)
    n = 0
    while not g.over:
        d = g.pending
        assert d is not None
        if copy_samples is not None and n == COPY_AT:
            t = time.perf_counter()
            for _ in range(COPY_REPS):
                g.copy()
            copy_samples.append((time.perf_counter() - t) / COPY_REPS)
        g.apply(choose(d))
        n += 1
    return g


def run(games: int, seed: int, prof: cProfile.Profile | None = None, setup: Setup | None = None) -> dict[str, Any]:
    setup = setup or make_setup()
    play_game(seed - 1, setup)  # warm up: card pool, caches
    decisions = turns = 0
    if prof is not None:
        prof.enable()
    t0, c0 = time.perf_counter(), time.process_time()
    for i in range(games):
        g = play_game(seed + i, setup)
        decisions += g.decisions
        turns += g.s.turn
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    if prof is not None:
        prof.disable()
    copies: list[float] = []
    for i in range(min(games, COPY_GAMES)):
        play_game(seed + i, setup, copies)
    return {
        "games": games, "seconds": dt, "cpu_seconds": cpu,
        "games_per_s": games / cpu, "decisions_per_s": decisions / cpu,
        "mean_decisions": decisions / games, "mean_turns": turns / games,
        "copy_us": 1e6 * sum(copies) / max(len(copies), 1), "copies": len(copies),
    }


def peak_memory_mb() -> float:
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # kilobytes on Linux, bytes on macOS
    return kb / (1024 * 1024) if sys.platform == "darwin" else kb / 1024


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="number of games (default 200)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    ap.add_argument("--deck", action="append", default=[], metavar="DECK",
                    help="a bundled deck's name or a decklist file; repeat for more, dealt to the seats in turn "
                         "(default: gruul-stompy and orzhov-knights; in Commander the four bundled Commander decks)")
    ap.add_argument("--players", type=int, default=None,
                    help="number of players (default 2 in two-player, 4 in the other variants)")
    ap.add_argument("--variant", default="two-player",
                    help=f"{', '.join(VARIANTS)} (or {', '.join(VARIANT_ALIASES)}); default two-player")
    ap.add_argument("--agent", default="random", choices=("random", "heuristic"),
                    help="who answers the decisions (default random: a uniformly random option)")
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON object, nothing else")
    ap.add_argument("--profile", action="store_true", help="run under cProfile; print the top 25 by cumulative time")
    return ap


def main(argv: list[str] | None = None) -> int:
    ap = parser()
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    if args.json and args.profile:
        ap.error("--json and --profile don't go together (the profile is text)")
    try:
        setup = make_setup(args.variant, args.players, args.deck, args.agent)
    except BenchError as e:
        ap.error(str(e))
    prof = cProfile.Profile() if args.profile else None
    try:
        r = run(args.games, args.seed, prof, setup)
    except UndercityError as e:  # e.g. a deck with a card the engine can't play yet
        print(f"bench_core.py: error: {e}", file=sys.stderr)
        return 2
    r["peak_mb"] = peak_memory_mb()
    if args.json:
        r.update(variant=setup.variant, players=len(setup.decks), decks=setup.deck_names, agent=setup.agent,
                 seed=args.seed, python=platform.python_version())
        print(json.dumps(r))
        return 0
    print(f"Python {platform.python_version()} on {platform.machine()} ({platform.system()}), one core")
    if setup.deck_names != list(DEFAULT_DECKS) or setup.agent != "random":
        print(f"{setup.variant}, {len(setup.decks)} players ({', '.join(setup.deck_names)}), {setup.agent} agents")
    ok_d = "ok" if r["decisions_per_s"] >= TARGET_DECISIONS_PER_S else "below target"
    ok_g = "ok" if r["games_per_s"] >= TARGET_GAMES_PER_S else "below target"
    print(f"games           {r['games']} in {r['cpu_seconds']:.2f} s of CPU ({r['seconds']:.2f} s wall);"
          " rates are per CPU second")
    print(f"games/s         {r['games_per_s']:,.1f}   (target {TARGET_GAMES_PER_S}: {ok_g})")
    print(f"decisions/s     {r['decisions_per_s']:,.0f}   (target {TARGET_DECISIONS_PER_S:,}: {ok_d})")
    print(f"decisions/game  {r['mean_decisions']:.1f}")
    print(f"turns/game      {r['mean_turns']:.1f}")
    print(f"copy()          {r['copy_us']:,.0f} us (mean of {r['copies']} mid-game positions x {COPY_REPS})")
    print(f"peak memory     {r['peak_mb']:.1f} MB (max RSS)")
    if prof is not None:
        print("\nTop 25 functions by cumulative time (profiled run is slower):")
        pstats.Stats(prof).sort_stats("cumulative").print_stats(25)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
