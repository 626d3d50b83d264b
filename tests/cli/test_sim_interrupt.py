"""Ctrl-C during `undercity sim`: the finished games are not lost. The run says how far it got
and writes the records, the summary table and the plots of the games it finished."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from undercity.sim import plots, records

GAMES = 2000


@pytest.mark.parametrize("workers", ["1", "2"])
def test_interrupted_sim_keeps_the_finished_games(tmp_path: Path, workers: str) -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "undercity.cli", "sim", "--games", str(GAMES), "--workers", workers,
         "--out", "out", "--save-replays", "rep"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 240
        while len(list((tmp_path / "rep").glob("game-*.json"))) < 2:  # some games are finished
            assert child.poll() is None, child.communicate()
            assert time.monotonic() < deadline, "no game finished in time"
            time.sleep(0.1)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=240)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert child.returncode == 130, err
    assert "Traceback" not in err
    finished = records.read_json(tmp_path / "out" / "records.json")
    assert 2 <= len(finished) < GAMES
    assert f"interrupted after {len(finished)} of {GAMES} games" in err
    assert sorted(r.index for r in finished) == [r.index for r in finished]
    summary = json.loads((tmp_path / "out" / "summary.json").read_text("utf-8"))
    assert summary["games"] == len(finished) and summary["run"]["interrupted"] is True
    assert "Win rate [95% CI]" in out  # the table, for the finished games
    for name in plots.PLOTS:
        assert (tmp_path / "out" / name).is_file(), name
