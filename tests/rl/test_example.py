"""examples/train_linear.py runs as documented: it trains, plots the win rates and saves
weights that the rollouts accept."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import numpy as np

from undercity.rl.linear import FEATURES

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_linear.py"


def test_the_training_example_writes_its_plot_and_weights(tmp_path: Path, monkeypatch, capsys) -> None:
    out, weights = tmp_path / "win-rate.png", tmp_path / "w.npy"
    monkeypatch.setattr(sys, "argv", [str(SCRIPT), "--episodes", "4", "--every", "2", "--eval-games", "2",
                                      "--turn-cap", "25", "--out", str(out), "--weights", str(weights)])
    runpy.run_path(str(SCRIPT), run_name="__main__")
    printed = capsys.readouterr().out
    assert printed.count("vs heuristic") == 3  # before training, after 2 and after 4 games
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    w = np.load(weights)
    assert w.shape == (FEATURES,) and np.abs(w).sum() > 0
