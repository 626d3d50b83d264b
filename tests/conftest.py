"""Test-wide settings: the card database is built in a temporary cache, not the user's."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from undercity.engine.decisions import Decision, Option
    from undercity.engine.game import Game

os.environ.setdefault("UNDERCITY_CACHE_DIR", tempfile.mkdtemp(prefix="undercity-test-cache-"))


@pytest.fixture
def play_checked() -> Callable[..., None]:
    """``play_checked(g, agents, watch=None)``: play ``g`` to its end, each decision answered by
    the agent of the player who makes it, the engine's invariants checked before the first
    decision and after every one (CR 400.1, 117.5, 704.3; ``engine/invariants.py``); ``watch(d,
    option)`` sees each decision and the option chosen before it is applied."""
    from undercity.engine.invariants import check

    def play(g: Game, agents: Sequence[Any], watch: Callable[[Decision, Option], None] | None = None) -> None:
        check(g)
        while not g.over:
            d = g.pending
            assert d is not None
            choice = agents[d.player].choose(g, d)
            if watch is not None:
                watch(d, d.options[choice])
            g.apply(choice)
            check(g)

    return play
