"""Run the benchmark on two checkouts alternately, in one run, and print each figure's ratio.

    python bench/compare.py main                       # the working tree against main
    python bench/compare.py HEAD~5 --rounds 5 -- --games 60 --variant commander
    python bench/compare.py abc123~1 --new abc123      # one commit against its parent

The machines this runs on are shared, so an absolute figure drifts with the load from one
minute to the next; two versions measured in turn (A B A B ...) see the same load, and the
ratio of each pair is meaningful where the figures are not. The revision is written out with
``git archive`` to a temporary directory; both runs use this checkout's ``bench/bench_core.py``
(so its options work against an older engine), with ``PYTHONPATH`` at the tree under test.
Each figure's ratio is working tree / revision, pair by pair, and the median over the rounds
is printed (games/s and decisions/s: higher is better; copy() time and peak memory: lower).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BENCH = Path(__file__).resolve().parent / "bench_core.py"
#: The figures compared, with how to read their ratio.
FIGURES: tuple[tuple[str, str], ...] = (
    ("games_per_s", "higher is better"),
    ("decisions_per_s", "higher is better"),
    ("copy_us", "lower is better"),
    ("peak_mb", "lower is better"),
    ("mean_decisions", "the same games: 1.000"),
    ("mean_turns", "the same games: 1.000"),
)

Runner = Callable[[Path, Sequence[str]], dict[str, Any]]


class CompareError(Exception):
    """A bad argument (a revision git doesn't know, a benchmark run that failed)."""


def export(rev: str, dest: Path, repo: Path = ROOT) -> Path:
    """The tree of git revision ``rev`` of ``repo``, written under ``dest``; its path."""
    found = subprocess.run(["git", "-C", str(repo), "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
                           capture_output=True, text=True)
    if found.returncode or not found.stdout.strip():
        raise CompareError(f"{rev!r} is not a git revision of {repo} (try main, HEAD~1 or a commit id)")
    src = dest / "src"
    dest.mkdir(parents=True, exist_ok=True)
    archive = dest / "rev.tar"
    with archive.open("wb") as f:
        done = subprocess.run(["git", "-C", str(repo), "archive", found.stdout.strip()], stdout=f,
                              stderr=subprocess.PIPE, text=True)
    if done.returncode:
        raise CompareError(f"git archive {rev} failed: {done.stderr.strip()}")
    with tarfile.open(archive) as t:
        t.extractall(src, filter="data")
    archive.unlink()
    return src


def run_bench(tree: Path, args: Sequence[str]) -> dict[str, Any]:
    """One run of ``bench_core.py --json`` with the engine of ``tree``; its figures."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, str(BENCH), "--json", *args], env=env, capture_output=True, text=True)
    if done.returncode:
        raise CompareError(f"the benchmark failed on {tree}:\n{done.stderr.strip()}")
    try:
        return dict(json.loads(done.stdout.strip().splitlines()[-1]))
    except (ValueError, IndexError):
        raise CompareError(f"the benchmark on {tree} printed no figures:\n{done.stdout}") from None


def ratios(a: Sequence[dict[str, Any]], b: Sequence[dict[str, Any]]) -> dict[str, float]:
    """Each figure's ratio a/b taken pair by pair (round by round), then the median over the rounds.
    A figure missing from a run, or zero in b, is left out."""
    out: dict[str, float] = {}
    for name, _ in FIGURES:
        pairs = [x[name] / y[name] for x, y in zip(a, b, strict=True) if name in x and y.get(name)]
        if pairs:
            out[name] = statistics.median(pairs)
    return out


def compare(tree_a: Path, tree_b: Path, rounds: int, args: Sequence[str], runner: Runner = run_bench,
            progress: Callable[[str], None] | None = None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """``rounds`` runs of each tree, alternating (A B A B ...): the figures of A's and of B's."""
    a: list[dict[str, Any]] = []
    b: list[dict[str, Any]] = []
    for i in range(rounds):
        a.append(runner(tree_a, args))
        b.append(runner(tree_b, args))
        if progress is not None:
            progress(f"round {i + 1}/{rounds}: " + ", ".join(
                f"{n} {a[-1].get(n, 0):.4g}/{b[-1].get(n, 0):.4g}" for n, _ in FIGURES[:3]))
    return a, b


def report(a: Sequence[dict[str, Any]], b: Sequence[dict[str, Any]], label_a: str, label_b: str) -> str:
    r = ratios(a, b)
    lines = [f"{len(a)} rounds, alternating; ratio = {label_a} / {label_b}, median of the rounds' ratios",
             f"{'figure':<16}{'ratio':>8}  {label_a + ' (median)':>22}  {label_b + ' (median)':>22}"]
    for name, how in FIGURES:
        if name not in r:
            continue
        ma = statistics.median(x[name] for x in a)
        mb = statistics.median(x[name] for x in b)
        lines.append(f"{name:<16}{r[name]:>8.3f}  {ma:>22,.2f}  {mb:>22,.2f}  ({how})")
    return "\n".join(lines)


def check_bench_args(bench_args: Sequence[str]) -> str | None:
    """What is wrong with ``bench_args`` as arguments of bench_core.py (unknown deck or variant, ...), or None."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_core", BENCH)
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_core", bench)  # dataclasses look their module up
    spec.loader.exec_module(bench)
    ap = bench.parser()
    ap.exit_on_error = False
    try:
        args = ap.parse_args(list(bench_args))
        bench.make_setup(args.variant, args.players, args.deck, args.agent)
    except (argparse.ArgumentError, bench.BenchError) as e:
        return str(e)
    except SystemExit:  # argparse's own exit for a malformed command line (message already printed)
        return "see the message above"
    return None


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    bench_args: list[str] = []
    if "--" in argv:
        cut = argv.index("--")
        argv, bench_args = argv[:cut], argv[cut + 1:]
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0],
                                 epilog="Arguments after -- go to bench_core.py (default: --games 60).")
    ap.add_argument("revision", help="the git revision to compare the working tree against (main, HEAD~5, ...)")
    ap.add_argument("--new", metavar="REVISION",
                    help="compare this git revision instead of the working tree (e.g. a commit against its parent)")
    ap.add_argument("--rounds", type=int, default=5, help="runs of each, alternating (default 5)")
    ap.add_argument("--json", action="store_true", help="print the ratios and every run's figures as JSON")
    args = ap.parse_args(argv)
    if args.rounds < 1:
        ap.error("--rounds must be at least 1")
    bench_args = bench_args or ["--games", "60"]
    if "--json" in bench_args or "--profile" in bench_args:
        ap.error("--json and --profile are not benchmark arguments here (compare.py reads the figures itself)")
    # Check the benchmark's arguments before spending a git archive and two runs on them.
    problem = check_bench_args(bench_args)
    if problem:
        ap.error(f"bad benchmark arguments: {problem}")
    try:
        with tempfile.TemporaryDirectory(prefix="undercity-compare-") as tmp:
            base = export(args.revision, Path(tmp) / "base")
            new = ROOT if args.new is None else export(args.new, Path(tmp) / "new")
            a, b = compare(new, base, args.rounds, bench_args,
                           progress=None if args.json else lambda m: print(m, file=sys.stderr, flush=True))
    except CompareError as e:
        print(f"compare.py: error: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"revision": args.revision, "new": args.new or "working tree", "bench_args": bench_args, "ratios": ratios(a, b),
                          "working_tree": a, "revision_runs": b}))
    else:
        print(report(a, b, args.new or "tree", args.revision))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
