"""`--ai mcts` searches for a long time per decision: on a terminal it says so ("Bob is
thinking… decision N, playout k of M") instead of looking hung; piped or quiet output carries
none of it."""

from __future__ import annotations

import os
import subprocess
import sys

import pexpect

ARGS = ["-m", "undercity.cli", "play", "--ai", "mcts", "--turn-cap", "2", "--seed", "1"]


def test_a_searching_ai_shows_that_it_is_thinking_on_a_terminal() -> None:
    env = {**os.environ, "COLUMNS": "200", "LINES": "60", "TERM": "xterm"}
    child = pexpect.spawn(sys.executable, ARGS, env=env, encoding="utf-8", timeout=240, dimensions=(60, 200))
    try:
        child.expect(r"(Alice|Bob) is thinking… decision \d+, playout \d+ of \d+")
        child.expect(r"Result: ")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    # the same game piped: none of it
    r = subprocess.run([sys.executable, *ARGS], capture_output=True, text=True, timeout=240)
    assert r.returncode == 0, r.stderr
    assert "thinking" not in r.stdout + r.stderr
