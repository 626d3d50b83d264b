"""The scenario keys of the monarch (CR 725): ``game.monarch`` and ``expect: {monarch: …}``
name a player or null; anything else is an error naming the key."""

from __future__ import annotations

import pytest

from undercity.errors import ScenarioError
from undercity.scenario.runner import run_scenario
from undercity.scenario.schema import parse_scenario

SCRIPT = """
format: 1
name: monarch
game: {turn: 3, monarch: WHO}
players:
  - {name: Alice, library: [Plains*3]}
  - {name: Bob, library: [Plains*3]}
actions: [pass]
expect: {monarch: WANT}
"""


def _run(who: str, want: str) -> list[str]:
    return run_scenario(parse_scenario(SCRIPT.replace("WHO", who).replace("WANT", want), file="m.yaml")).failures


def test_the_monarch_is_set_up_and_checked() -> None:
    assert _run("Bob", "Bob") == []
    assert _run("null", "null") == []
    assert _run("Bob", "Alice") == ["line 9: monarch: expected Alice, found Bob"]


@pytest.mark.parametrize("where", ["game", "expect"])
def test_an_unknown_player_is_an_error(where: str) -> None:
    who, want = ("Bobb", "Bob") if where == "game" else ("Bob", "Bobb")
    with pytest.raises(ScenarioError, match=r"monarch.*Bobb"):
        _run(who, want)
