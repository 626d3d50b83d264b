"""The table's load benchmark (bench/bench_web.py) runs: games through the WebSocket, no errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_load_benchmark_plays_its_games_without_errors(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "bench/bench_web.py", "--games", "3", "--ai", "random"], cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "games: 3 of 3 completed" in r.stdout and "errors: 0" in r.stdout
    assert "latency answer -> next view: p50" in r.stdout and "peak memory" in r.stdout
