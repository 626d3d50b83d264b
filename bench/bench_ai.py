"""AI strength benchmark: win rates of the AIs against each other on the bundled decks.

    python bench/bench_ai.py                          # 200 heuristic-vs-random, 40 mcts-vs-heuristic
    python bench/bench_ai.py --games 400 --mcts-games 100 --workers 2
    python bench/bench_ai.py --skip-mcts              # only heuristic vs random (a few seconds)
    python bench/bench_ai.py --control                # + the same games with heuristic for mcts, paired

Game ``i`` of a match is played with engine seed ``seed + i``; the agent under test sits in
seat ``i % 2`` (seats alternate) and plays bundled deck ``(i // 2) % n`` against deck
``(i // 2n) % n`` of the ``n`` bundled decks (``undercity.decks.BUNDLED``: every pairing, in
both seats, every ``2n²`` games). A draw (turn cap) counts as not a win. Each win rate is printed with its 95%
Wilson score interval; for the search AI, the time per searched decision and per playout.
Targets (issue 6): heuristic beats random in >= 90% of games; mcts beats heuristic in > 50%.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from undercity.agents import make_agent, play_out
from undercity.agents.mcts import MCTSAgent
from undercity.decks import BUNDLED, load_deck
from undercity.engine.game import Game
from undercity.sim.stats import wilson


@dataclass
class Result:
    index: int
    seat: int
    deck: str
    opp_deck: str
    outcome: str  # "win" | "loss" | "draw"
    turns: int
    decisions: int
    searched: int = 0
    playouts: int = 0
    search_seconds: float = 0.0
    changed: int = 0


def _make(kind: str, seed: int, playouts: int, horizon: int) -> object:
    if kind == "mcts":
        return MCTSAgent(seed, playouts=playouts, horizon=horizon)
    return make_agent(kind, seed)


def deck_pair(index: int) -> tuple[str, str]:
    """The bundled decks of the agent under test and of its opponent in game ``index``."""
    n = len(BUNDLED)
    return BUNDLED[(index // 2) % n], BUNDLED[(index // (2 * n)) % n]


def play_one(args: tuple[str, str, int, int, int, int]) -> Result:
    """Game ``index`` of ``agent`` against ``opponent``."""
    agent, opponent, seed, index, playouts, horizon = args
    decks = {n: load_deck(n).main for n in BUNDLED}
    seat = index % 2
    mine, theirs = deck_pair(index)
    seat_decks = [decks[theirs], decks[theirs]]
    seat_decks[seat] = decks[mine]
    g = Game.new(seat_decks, ["P1", "P2"], seed=seed + index)
    agents = [_make(opponent, 7919 * index + 1 + k, playouts, horizon) for k in range(2)]
    agents[seat] = _make(agent, 7919 * index, playouts, horizon)
    play_out(g, agents)  # type: ignore[arg-type]
    winners = g.s.winners
    outcome = "win" if winners == (seat,) else ("loss" if winners else "draw")
    r = Result(index, seat, mine, theirs, outcome, g.s.turn, g.decisions)
    a = agents[seat]
    if isinstance(a, MCTSAgent):
        st = a.stats
        r.searched, r.playouts, r.search_seconds, r.changed = st.searched, st.playouts, st.seconds, st.changed
    return r


def run_match(agent: str, opponent: str, games: int, seed: int, workers: int, playouts: int, horizon: int,
              verbose: bool) -> list[Result]:
    jobs = [(agent, opponent, seed, i, playouts, horizon) for i in range(games)]
    results: list[Result] = []
    if workers <= 1:
        for j in jobs:
            results.append(play_one(j))
            _progress(results[-1], verbose)
    else:
        with ProcessPoolExecutor(workers) as pool:
            for r in pool.map(play_one, jobs):
                results.append(r)
                _progress(r, verbose)
    return results


def _progress(r: Result, verbose: bool) -> None:
    if verbose:
        extra = f" searched {r.searched} changed {r.changed} {r.search_seconds:.1f}s" if r.searched else ""
        print(f"  game {r.index:4d}: seat {r.seat + 1} {r.deck:>15} vs {r.opp_deck:<15} {r.outcome:4} "
              f"({r.turns} turns){extra}", file=sys.stderr, flush=True)


def report(agent: str, opponent: str, results: list[Result], seconds: float) -> dict[str, float]:
    n = len(results)
    wins = sum(r.outcome == "win" for r in results)
    draws = sum(r.outcome == "draw" for r in results)
    lo, hi = wilson(wins, n)
    print(f"{agent} vs {opponent}: {wins}/{n} wins = {wins / n:.1%}  (95% Wilson CI {lo:.1%} - {hi:.1%}), "
          f"{n - wins - draws} losses, {draws} draws; {seconds:.0f} s")
    for seat in (0, 1):
        sub = [r for r in results if r.seat == seat]
        w = sum(r.outcome == "win" for r in sub)
        lo_s, hi_s = wilson(w, len(sub))
        print(f"    seat {seat + 1}: {w}/{len(sub)} = {w / max(len(sub), 1):.1%} ({lo_s:.1%} - {hi_s:.1%})")
    for mine in BUNDLED:
        sub = [r for r in results if r.deck == mine]
        if sub:
            w = sum(r.outcome == "win" for r in sub)
            print(f"    playing {mine}: {w}/{len(sub)}")
    out = {"games": n, "wins": wins, "rate": wins / n, "ci_low": lo, "ci_high": hi}
    searched = sum(r.searched for r in results)
    if searched:
        secs = sum(r.search_seconds for r in results)
        playouts = sum(r.playouts for r in results)
        changed = sum(r.changed for r in results)
        print(f"    search: {searched} decisions searched, {secs / searched:.3f} s per searched decision, "
              f"{1000 * secs / max(playouts, 1):.1f} ms per playout, {playouts / searched:.1f} playouts per "
              f"decision; the search changed the heuristic's answer {changed} times ({changed / searched:.1%})")
        out["seconds_per_decision"] = secs / searched
    return out


def _eval_samples(index: int) -> list[tuple[list[float], int]]:
    """Positions (features at the start of each turn, for both players) of heuristic game
    ``index`` and whether that player won."""
    from undercity.agents.evaluation import features

    n = len(BUNDLED)
    decks = [load_deck(BUNDLED[index % n]).main, load_deck(BUNDLED[(index // n) % n]).main]
    g = Game.new(decks, ["P1", "P2"], seed=900_000 + index)
    agents = [make_agent("heuristic", index * 2 + k) for k in range(2)]
    samples: list[tuple[int, list[float]]] = []
    turn = -1
    while not g.over:
        if g.s.turn != turn:
            turn = g.s.turn
            for p in (0, 1):
                samples.append((p, features(g, p)))
        d = g.pending
        assert d is not None
        g.apply(agents[d.player].choose(g, d))
    if len(g.s.winners) != 1:
        return []
    return [(f, int(g.s.winners[0] == p)) for p, f in samples]


def fit_eval(games: int, workers: int) -> None:
    """Fit the static evaluation's logistic-regression weights (L2-regularised, Newton's
    method) on heuristic self-play positions and print them."""
    import numpy as np

    from undercity.agents.evaluation import EVAL_WEIGHTS, FEATURES

    rows: list[tuple[list[float], int]] = []
    if workers <= 1:
        for i in range(games):
            rows += _eval_samples(i)
    else:
        with ProcessPoolExecutor(workers) as pool:
            for r in pool.map(_eval_samples, range(games), chunksize=8):
                rows += r
    x = np.array([f for f, _ in rows], dtype=float)
    y = np.array([w for _, w in rows], dtype=float)
    split = int(0.8 * len(y))

    def loss(w: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> tuple[float, float]:
        p = 1 / (1 + np.exp(-np.clip(xs @ w, -30, 30)))
        ll = -np.mean(ys * np.log(p + 1e-12) + (1 - ys) * np.log(1 - p + 1e-12))
        return float(ll), float(np.mean((p > 0.5) == (ys > 0.5)))

    w = np.zeros(x.shape[1])
    lam = 1e-3 * len(y)
    for _ in range(30):  # Newton steps
        p = 1 / (1 + np.exp(-np.clip(x[:split] @ w, -30, 30)))
        grad = x[:split].T @ (p - y[:split]) + lam * w
        hess = (x[:split].T * (p * (1 - p))) @ x[:split] + lam * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    old = np.array(EVAL_WEIGHTS)
    print(f"{len(y)} positions from {games} games; held-out log-loss / accuracy: "
          f"fitted {loss(w, x[split:], y[split:])}, current {loss(old, x[split:], y[split:])}")
    for name, v in zip(FEATURES, w, strict=True):
        print(f"    {name:18} {v:+.4f}")
    print("EVAL_WEIGHTS = (" + ", ".join(f"{v:.4f}" for v in w) + ")")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="heuristic-vs-random games (default 200)")
    ap.add_argument("--mcts-games", type=int, default=40, help="mcts-vs-heuristic games (default 40)")
    ap.add_argument("--playouts", type=int, default=MCTSAgent().playouts, help="mcts playouts per decision")
    ap.add_argument("--horizon", type=int, default=MCTSAgent().horizon, help="mcts playout horizon in turns")
    ap.add_argument("--seed", type=int, default=0, help="base engine seed")
    ap.add_argument("--workers", type=int, default=1, help="worker processes")
    ap.add_argument("--skip-mcts", action="store_true", help="don't play the mcts match")
    ap.add_argument("--baseline", action="store_true", help="also play random vs random")
    ap.add_argument("--control", action="store_true",
                    help="also play the mcts games with the heuristic in the mcts seat, and compare game by game")
    ap.add_argument("-v", "--verbose", action="store_true", help="a line per game on stderr")
    ap.add_argument("--fit-eval", type=int, default=0, metavar="GAMES",
                    help="fit the static evaluation's weights on this many heuristic games, print them, exit")
    a = ap.parse_args(argv)
    if a.fit_eval:
        fit_eval(a.fit_eval, a.workers)
        return 0
    matches = [("heuristic", "random", a.games)]
    if a.baseline:
        matches.insert(0, ("random", "random", a.games))
    if not a.skip_mcts and a.mcts_games > 0:
        matches.append(("mcts", "heuristic", a.mcts_games))
    played: dict[tuple[str, str], list[Result]] = {}
    for agent, opponent, games in matches:
        if games <= 0:
            continue
        t0 = time.perf_counter()
        results = run_match(agent, opponent, games, a.seed, a.workers, a.playouts, a.horizon, a.verbose)
        report(agent, opponent, results, time.perf_counter() - t0)
        played[agent, opponent] = results
    if a.control and ("mcts", "heuristic") in played:
        mcts = played["mcts", "heuristic"]
        t0 = time.perf_counter()
        control = run_match("heuristic", "heuristic", len(mcts), a.seed, a.workers, a.playouts, a.horizon, False)
        print("control (the heuristic in the mcts seat, same games):")
        report("heuristic", "heuristic", control, time.perf_counter() - t0)
        paired(mcts, control)
    return 0


def paired(mcts: list[Result], control: list[Result]) -> None:
    """Game by game: where the search agent's result differs from the heuristic's in the same
    game (same deal, seat and opponent), and an exact two-sided sign test on those games."""
    better = sum(m.outcome == "win" and c.outcome != "win" for m, c in zip(mcts, control, strict=True))
    worse = sum(m.outcome != "win" and c.outcome == "win" for m, c in zip(mcts, control, strict=True))
    n = better + worse
    k = min(better, worse)
    p = min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n) if n else 1.0
    print(f"paired: mcts won {better} games the heuristic lost in its place, lost {worse} it won "
          f"(sign test p = {p:.3g})")


if __name__ == "__main__":
    sys.exit(main())
