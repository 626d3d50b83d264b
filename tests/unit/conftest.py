"""Fixtures of the unit tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from undercity.agents.heuristic import HeuristicAgent
from undercity.engine.decisions import Option
from undercity.scenario.runner import run_file

#: (scenario text, the decision kind expected first, the player expected to decide) ->
#: the heuristic agent's option and the game.
HeuristicAnswer = Callable[..., tuple[Option, Any]]


@pytest.fixture
def heuristic_answer(tmp_path: Path) -> HeuristicAnswer:
    """The heuristic agent's answer (``strict``: no falling back to the first option) to the
    decision a scenario position stops at, after checking it is the expected kind and player."""

    def answer(text: str, kind: str, player: int = 0) -> tuple[Option, Any]:
        f = tmp_path / "position.yaml"
        f.write_text(text, encoding="utf-8")
        g = run_file(f).game
        d = g.pending
        assert d is not None and d.kind == kind and d.player == player
        return d.options[HeuristicAgent(strict=True).decide(g, d)], g

    return answer
