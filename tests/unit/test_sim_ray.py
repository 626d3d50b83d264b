"""``undercity sim --backend ray``: the same games as Ray tasks, on a local Ray instance or on
an existing cluster (``--address``), with the same records as the process pool (issue 6)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from undercity.errors import UndercityError
from undercity.sim import runner

DECKS = [str(Path(__file__).parent / "sim_decks" / "initiative-orzhov.txt"), "gruul-stompy"]
GAMES, SEED = 6, 11
BIN = Path(sys.executable).parent


@pytest.fixture(scope="module")
def cfg() -> runner.SimConfig:
    return runner.make_config(DECKS, games=GAMES, seed=SEED)


@pytest.fixture(scope="module")
def expected(cfg: runner.SimConfig) -> list[dict]:
    """The records of the same games played by the process pool."""
    return [r.to_dict() for r in runner.run_games(cfg, workers=2)]


def test_without_ray_the_backend_is_a_clear_error(cfg: runner.SimConfig,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # makes `import ray` fail, as if not installed
    assert not runner.ray_available()
    with pytest.raises(UndercityError, match=r"pip install 'undercity\[ray\]'"):
        runner.run_games(cfg, backend="ray")


@pytest.mark.parametrize("address, message", [
    ("nonsense", "expected HOST:PORT"),
    ("127.0.0.1:notaport", "expected HOST:PORT"),
])
def test_a_malformed_address_is_a_clear_error(address: str, message: str) -> None:
    with pytest.raises(UndercityError, match=message):
        runner.check_ray_address(address)


def test_an_address_nobody_answers_fails_fast() -> None:
    """Ray itself would retry a dead address for minutes; we check the port first."""
    with socket.socket() as s:  # a port that was free a moment ago: nothing listens there
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    t0 = time.monotonic()
    with pytest.raises(UndercityError, match="no Ray cluster answers"):
        runner.check_ray_address(f"127.0.0.1:{port}", timeout=2)
    assert time.monotonic() - t0 < 30


#: The test cluster runs without token authentication, so that the token another Ray session
#: on this machine left behind can't get in the way (driver and head agree on it).
RAY_ENV = {**os.environ, "RAY_AUTH_MODE": "disabled"}


def _sim_on_ray(tmp_path: Path, *address: str) -> list[dict]:
    """`undercity sim --backend ray` in a child process (a Ray driver that hung could not
    stop the test run): the records it wrote."""
    out = tmp_path / "out"
    argv = [str(BIN / "undercity"), "sim", *(a for d in DECKS for a in ("--deck", d)),
            "--games", str(GAMES), "--seed", str(SEED), "--backend", "ray", *address,
            "--out", str(out), "--no-plots"]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=300, env=RAY_ENV)
    assert done.returncode == 0, done.stderr
    return json.loads((out / "records.json").read_text("utf-8"))


def test_a_local_ray_instance_plays_the_same_games(expected: list[dict], tmp_path: Path) -> None:
    pytest.importorskip("ray")
    assert _sim_on_ray(tmp_path) == json.loads(json.dumps(expected))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def ray_cluster(tmp_path: Path) -> Iterator[str]:
    """An existing single-node cluster, started as a user would (`ray start --head`)."""
    pytest.importorskip("ray")
    port = _free_port()
    head = subprocess.Popen(
        [str(BIN / "ray"), "start", "--head", "--block", f"--port={port}", "--num-cpus=2",
         "--include-dashboard=false", "--disable-usage-stats"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=RAY_ENV)
    try:
        address = f"127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                runner.check_ray_address(address, timeout=1)
                break
            except UndercityError:
                if time.monotonic() > deadline or head.poll() is not None:
                    pytest.fail("`ray start --head` did not come up within 60 s")
                time.sleep(0.5)
        yield address
    finally:
        head.terminate()  # --block: the head stops its Ray processes on SIGTERM
        try:
            head.wait(timeout=60)
        except subprocess.TimeoutExpired:
            head.kill()


def test_an_existing_cluster_plays_the_same_games(ray_cluster: str, expected: list[dict],
                                                  tmp_path: Path) -> None:
    assert _sim_on_ray(tmp_path, "--address", ray_cluster) == json.loads(json.dumps(expected))
