"""The heuristic agent and suspend (CR 702.62a): it suspends a card it can't cast yet, with the
mana to suspend it, and casts it instead when it can."""

from __future__ import annotations

from undercity.agents.heuristic import HeuristicAgent
from undercity.scenario.runner import build_game

_SETUP = """
format: 1
name: heuristic and suspend
game: {turn: 3, active: Alice}
players:
  - name: Alice
    library: [Forest*5]
    hand: [Search for Tomorrow]
    battlefield: [%s]
  - name: Bob
    library: [Island*5]
"""


def _pick(lands: str) -> str:
    g = build_game(_SETUP % lands)
    d = g.pending
    assert d is not None and d.kind == "priority"
    return d.options[HeuristicAgent(strict=True).choose(g, d)].label


def test_suspends_what_it_cannot_cast_yet() -> None:
    assert _pick("Forest") == "suspend Search for Tomorrow"


def test_casts_it_when_it_can() -> None:
    assert _pick("Forest*3") == "cast Search for Tomorrow"
