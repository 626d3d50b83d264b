"""Play many four-player Commander games drawn from the eight bundled precons, checking the
engine's invariants after every decision, and report what happened.

    .venv/bin/python tools/precon_games.py --games 500 --agent random
    .venv/bin/python tools/precon_games.py --games 100 --agent heuristic --json runs.json
    .venv/bin/python tools/precon_games.py --games 50 --start 50 --agent random   # games 50-99

Each game seats four different precons drawn from the game's seed, each seat with its own
agent. After every decision :func:`undercity.engine.invariants.check` runs (CR 400.1 zones,
704.3 state-based actions, …); every tenth game is also saved and restored, and the restored
game must have the same log. An exception or a broken invariant is recorded with the game's
seed and decks (so ``--only INDEX`` replays it) and the run goes on. Until every precon card
is implemented, a deck plays with basic lands standing in for its unimplemented cards
(:mod:`undercity.sim.stand_ins`) and decks whose commander is not implemented sit out; the
report says both. Exits 1 if any game failed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from functools import cache

from undercity.agents import make_agent
from undercity.decks import PRECON_DECKS, load_deck
from undercity.engine.game import Game
from undercity.engine.invariants import check
from undercity.sim.runner import agent_seed, game_seed
from undercity.sim.stand_ins import PlayableDeck, commanders_implemented, playable

PLAYERS = 4
MAX_DECISIONS = 200_000


@dataclass
class Outcome:
    index: int
    seed: int
    decks: list[str]
    turns: int = 0
    decisions: int = 0
    winner: str | None = None
    seconds: float = 0.0
    restored: bool = False
    error: str | None = None
    where: list[str] = field(default_factory=list)


@cache
def playable_decks() -> tuple[list[PlayableDeck], list[str]]:
    """The precons that can sit at a table, and those that cannot (commander not implemented);
    read once per process, not for every game."""
    seated, out = [], []
    for name in PRECON_DECKS:
        deck = load_deck(name, check=False)
        if commanders_implemented(deck):
            seated.append(playable(deck))
        else:
            out.append(name)
    return seated, out


def play_one(args: tuple[int, int, str, int, bool]) -> Outcome:
    index, base, agent, turn_cap, check_all = args
    decks, _ = playable_decks()
    seed = game_seed(base, index)
    table = random.Random(seed).sample(decks, PLAYERS)
    out = Outcome(index, seed, [d.name for d in table])
    started = time.perf_counter()
    g: Game | None = None
    try:
        g = Game.new([list(d.main) for d in table], [f"P{i}" for i in range(PLAYERS)], seed=seed,
                     variant="commander", commanders=[list(d.commanders) for d in table], turn_cap=turn_cap)
        agents = [make_agent(agent, agent_seed(seed, i)) for i in range(PLAYERS)]
        if check_all:
            check(g)
        while not g.over:
            d = g.pending
            assert d is not None
            g.apply(agents[d.player].choose(g, d))
            out.decisions += 1
            if out.decisions >= MAX_DECISIONS:
                raise RuntimeError(f"no end after {MAX_DECISIONS} decisions (CR 104.4a: the turn cap)")
            if check_all:
                check(g)
        if index % 10 == 0:
            out.restored = True
            if Game.restore(g.save()).log_lines() != g.log_lines():
                raise AssertionError("the restored game's log differs from the game's")
        # Commander games are free-for-all: one winner, or none at the turn cap (CR 104.4a).
        out.winner = table[g.s.winners[0]].name if g.s.winners else None
    except Exception as exc:  # noqa: BLE001 — a run reports every failure and goes on
        out.error = f"{type(exc).__name__}: {exc}"
        out.where = traceback.format_exc().splitlines()[-12:]
    if g is not None:
        out.turns = g.s.turn
    out.seconds = time.perf_counter() - started
    return out


def _report(r: Outcome) -> Outcome:
    end = f"error {r.error}" if r.error else f"won by {r.winner}" if r.winner else "draw (turn cap)"
    print(f"game {r.index}: {end}; {r.turns} turns, {r.decisions} decisions, {r.seconds:.1f} s", flush=True)
    return r


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--start", type=int, default=0, help="index of the first game (to resume a stopped run)")
    ap.add_argument("--agent", choices=("random", "heuristic"), default="random")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--turn-cap", type=int, default=40, help="turns before the game is a draw (CR 104.4a)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only", type=int, help="play just game INDEX of the run (to reproduce a failure)")
    ap.add_argument("--no-check", action="store_true", help="skip the invariant checks (faster)")
    ap.add_argument("--json", metavar="PATH", help="write every game's outcome here")
    a = ap.parse_args(argv)
    if a.games < 1 or a.workers < 1 or a.turn_cap < 1 or a.start < 0:
        ap.error("--games, --workers and --turn-cap must be at least 1, --start at least 0")
    decks, out = playable_decks()
    if len(decks) < PLAYERS:
        print(f"only {len(decks)} precons have an implemented commander; a game needs {PLAYERS}", file=sys.stderr)
        return 2
    for d in decks:
        print(f"{d.name}: {len(d.replaced)} of {len(d.main)} cards stand in as basics"
              + (f" ({', '.join(sorted(set(d.replaced))[:6])}{', …' if len(set(d.replaced)) > 6 else ''})"
                 if d.replaced else ""))
    if out:
        print(f"sitting out (commander not implemented): {', '.join(out)}")
    indices = [a.only] if a.only is not None else list(range(a.start, a.start + a.games))
    jobs = [(i, a.seed, a.agent, a.turn_cap, not a.no_check) for i in indices]
    started = time.perf_counter()
    results: list[Outcome] = []
    # One line per game as it ends, so that a long run shows its progress and a stopped one
    # keeps what it played (--start resumes it).
    if a.workers == 1 or len(jobs) == 1:
        for j in jobs:
            results.append(_report(play_one(j)))
    else:
        with ProcessPoolExecutor(a.workers) as pool:
            for r in pool.map(play_one, jobs, chunksize=1):
                results.append(_report(r))
    wall = time.perf_counter() - started
    failed = [r for r in results if r.error]
    wins = Counter(r.winner for r in results if not r.error)
    n = len(results)
    print(f"\n{n} four-player precon games, {a.agent} agents, turn cap {a.turn_cap}, seed {a.seed}: "
          f"{len(failed)} failed; {sum(r.restored for r in results)} saved and restored")
    print(f"turns per game {sum(r.turns for r in results) / n:.1f}, decisions per game "
          f"{sum(r.decisions for r in results) / n:.0f}, {n / wall:.2f} games/s wall with {a.workers} workers, "
          f"{sum(r.seconds for r in results) / n * 1000:.0f} ms per game")
    print("wins: " + ", ".join(f"{k or 'draw (turn cap)'} {v}" for k, v in wins.most_common()))
    for r in failed[:10]:
        print(f"\ngame {r.index} (seed {r.seed}, {', '.join(r.decks)}): {r.error}")
        print("\n".join("    " + ln for ln in r.where))
    if a.json:
        with open(a.json, "w") as f:
            json.dump([asdict(r) for r in results], f, indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
