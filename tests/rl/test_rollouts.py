"""Self-play rollouts written as npz trajectories, here and on Ray workers: the same games
give the same files, and each row's return is that seat's result."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from undercity.errors import UndercityError
from undercity.rl.linear import FEATURES, OWN_KINDS
from undercity.rl.observation import GLOBAL_COLUMNS, KIND_CODE, OPTION_COLUMNS, TAG_CODE, TAGS
from undercity.rl.rollouts import RolloutConfig, main, play_games, run

ENV = {"players": 3, "variant": "free-for-all", "turn_cap": 6}


def load(files: list[Path]) -> dict[str, np.ndarray]:
    parts = [dict(np.load(f)) for f in files]
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def test_trajectories_hold_every_decision_with_the_seat_s_final_reward() -> None:
    from undercity.rl.aec import UndercityAEC

    data = play_games(RolloutConfig(env={"turn_cap": 30}, seed=5), [0, 1])
    assert data["obs_objects"].shape == (len(data["action"]), 128, 19)
    for game in (0, 1):
        env = UndercityAEC(turn_cap=30)
        env.reset(seed=5 + game)
        rows = data["game"] == game
        actions = data["action"][rows]
        for a in actions:  # replaying the actions replays the game
            env.step(int(a))
        winners = env.game.s.winners
        assert env.game.over and winners
        rets = {int(s): float(r) for s, r in zip(data["seat"][rows], data["ret"][rows], strict=True)}
        assert rets == {s: (1.0 if s in winners else -1.0) for s in rets}
        assert int(data["last"][rows].sum()) == len(rets)
        assert (data["obs_action_mask"][rows][np.arange(rows.sum()), actions] == 1).all()


def test_a_local_run_writes_one_file_per_chunk(tmp_path: Path) -> None:
    result = run(RolloutConfig(env=ENV, games=5, seed=1), tmp_path, workers=2, backend="local")
    assert [f.name for f in result.files] == [f"rollouts-{k:05d}.npz" for k in range(5)]
    data = load(result.files)
    assert sorted(set(data["game"].tolist())) == [0, 1, 2, 3, 4] and result.steps == len(data["action"])


def test_a_linear_policy_s_weights_drive_the_rollouts(tmp_path: Path) -> None:
    """Weights that make "keep" overwhelmingly likely: every mulligan decision keeps."""
    w = np.zeros(FEATURES)
    w[(OWN_KINDS.index("mulligan") + 1) * len(TAGS) + TAG_CODE["keep"]] = 50.0
    data = play_games(RolloutConfig(env=ENV, seed=2, weights=w), [0, 1])
    mulligans = data["obs_global"][:, GLOBAL_COLUMNS.index("kind")] == KIND_CODE["mulligan"]
    chosen = data["obs_options"][mulligans, data["action"][mulligans], OPTION_COLUMNS.index("tag")]
    assert mulligans.sum() >= 3 and (chosen == TAG_CODE["keep"]).all()
    path = tmp_path / "bad.npy"
    np.save(path, np.zeros(3))
    assert main(["--weights", str(path), "--out", str(tmp_path), "--local", "--games", "1"]) == 2


@pytest.mark.parametrize("argv, message", [
    (["--games", "0"], "games must be at least 1"),
    (["--workers", "0"], "workers must be at least 1"),
    (["--variant", "commandr"], "did you mean 'commander'"),
])
def test_bad_arguments_are_one_line_errors(argv: list[str], message: str, tmp_path: Path, capsys) -> None:
    assert main([*argv, "--out", str(tmp_path), "--local"]) == 2
    assert message in capsys.readouterr().err
    with pytest.raises(UndercityError):
        run(RolloutConfig(games=0), None)


def test_ray_workers_write_the_same_trajectories_as_one_process(tmp_path: Path) -> None:
    """Two Ray workers on a local instance (in a child process, so that a Ray driver that
    hung could not stop the test run)."""
    pytest.importorskip("ray")
    local = run(RolloutConfig(env=ENV, games=4, seed=3), tmp_path / "local", workers=2, backend="local")
    argv = [sys.executable, "-m", "undercity.rl.rollouts", "--games", "4", "--workers", "2", "--seed", "3",
            "--players", "3", "--variant", "free-for-all", "--turn-cap", "6", "--out", str(tmp_path / "ray")]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "RAY_AUTH_MODE": "disabled"})
    assert done.returncode == 0, done.stderr
    assert "4 games" in done.stdout
    ray_files = sorted((tmp_path / "ray").glob("*.npz"))
    a, b = load(local.files), load(ray_files)
    assert a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)
