"""Count the instructions a game costs on two checkouts, and print their ratio.

    python bench/instructions.py 7bf8ca5                      # the working tree against a commit
    python bench/instructions.py HEAD~1 --new HEAD --variant commander --games 2

CPU time on these shared machines drifts with the load (``bench/compare.py`` alternates the two
versions to see the same load, and its rounds still disagree); the number of instructions a game
executes doesn't depend on the load. Each tree runs, under ``valgrind --tool=callgrind``, one
warm-up game then N games of ``bench_core.play_game`` (seeds 1 to N), and again with none; the
difference divided by N is the instructions a game. Both trees use this checkout's
``bench/bench_core.py``, as ``compare.py`` does. A revision is written out with ``git archive``.

Needs valgrind (Debian: ``apt-get install valgrind``). Runs the two trees side by side, one
process each.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from compare import ROOT, CompareError, export

BENCH_DIR = Path(__file__).resolve().parent
#: What each run executes: a warm-up game, then ``n`` games (argv: variant, n).
DRIVER = """
import sys
sys.path.insert(0, {bench!r})
import bench_core as b
variant, n = sys.argv[1], int(sys.argv[2])
setup = b.make_setup(variant, None, [], "random")
b.play_game(1000, setup)
for seed in range(1, n + 1):
    b.play_game(seed, setup)
"""
_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def collected(valgrind_stderr: str) -> int:
    """The instruction count callgrind reports ("==pid== Collected : 123")."""
    m = _COLLECTED.search(valgrind_stderr)
    if m is None:
        raise CompareError("callgrind reported no instruction count:\n" + valgrind_stderr.strip()[-2000:])
    return int(m.group(1))


def count(tree: Path, variant: str, games: int) -> int:
    """Instructions of one run: the warm-up game and ``games`` more, with the engine of ``tree``."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
         DRIVER.format(bench=str(BENCH_DIR)), variant, str(games)],
        env=env, cwd=str(tree), capture_output=True, text=True)  # `-c` puts the directory it runs in first
    if done.returncode:
        raise CompareError(f"the run on {tree} failed:\n{done.stderr.strip()[-2000:]}")
    return collected(done.stderr)


def per_game(tree: Path, variant: str, games: int) -> float:
    """Instructions a game: (a run with ``games`` games less one with none) / ``games``."""
    with ThreadPoolExecutor(2) as pool:
        full, empty = pool.map(lambda n: count(tree, variant, n), (games, 0))
    return (full - empty) / games


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("revision", help="the git revision to compare against (main, HEAD~5, a commit)")
    ap.add_argument("--new", metavar="REVISION", help="compare this revision instead of the working tree")
    ap.add_argument("--variant", default="two-player", choices=("two-player", "free-for-all", "commander",
                                                              "two-headed-giant"))
    ap.add_argument("--games", type=int, default=5, help="games counted per run (default 5)")
    args = ap.parse_args(argv)
    try:
        if args.games < 1:
            raise CompareError("--games must be 1 or more")
        if shutil.which("valgrind") is None:
            raise CompareError("valgrind is not installed (Debian: apt-get install valgrind)")
        with tempfile.TemporaryDirectory(prefix="undercity-instructions-") as tmp:
            old = export(args.revision, Path(tmp) / "old")
            new = export(args.new, Path(tmp) / "new") if args.new else ROOT
            a = per_game(old, args.variant, args.games)
            b = per_game(new, args.variant, args.games)
    except CompareError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    label = args.new or "working tree"
    print(f"instructions per game, {args.variant}, {args.games} games (callgrind)")
    print(f"{args.revision:>14}  {a / 1e6:10.1f} M")
    print(f"{label:>14}  {b / 1e6:10.1f} M")
    print(f"{'ratio':>14}  {b / a:10.3f}  ({label} / {args.revision})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
