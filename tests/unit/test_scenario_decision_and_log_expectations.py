"""The `decision` expectation and `log: {excludes: [...]}` (docs/scenarios.md, Expectations).

They let a scenario show what the rules do *not* allow at some point — an option that isn't
offered, an event that doesn't happen — without making an illegal move.
"""

from __future__ import annotations

import re

import pytest

from undercity.errors import ScenarioError
from undercity.scenario.runner import run_scenario
from undercity.scenario.schema import parse_scenario

BASE = """
format: 1
name: decision and log checks
game: {turn: 3, active: Alice}
players:
  - name: Alice
    library: [Grizzly Bears*3]
    hand: [Lightning Bolt, Grizzly Bears]
    battlefield: [Mountain, {card: Dungeon Map, id: map}, Mountain*3]
  - name: Bob
    library: [Grizzly Bears*3]
actions:
"""


def _run(actions: str) -> list[str]:
    return run_scenario(parse_scenario(BASE + actions, file="x.yaml")).failures


def test_decision_options_contains_and_excludes_hold() -> None:
    assert _run("""
  - expect:
      decision:
        player: Alice
        kind: priority
        contains: [cast Lightning Bolt, "Venture into the dungeon"]
        excludes: [cast Grizzly Bears]
  - activate: map
    ability: 2
  - pass
  - pass
  - expect:
      decision: {player: Alice, kind: dungeon,
                 options: [Tomb of Annihilation, Lost Mine of Phandelver, Dungeon of the Mad Mage]}
""") == []


def test_decision_mismatches_are_reported() -> None:
    failures = _run("""
  - activate: map
    ability: 2
  - pass
  - pass
  - expect:
      decision:
        player: Bob
        kind: room
        options: [Undercity, Tomb of Annihilation, Lost Mine of Phandelver, Dungeon of the Mad Mage]
        contains: [Undercity]
        excludes: [Tomb of Annihilation]
""")
    text = "\n".join(failures)
    assert "expected Bob to decide, found Alice" in text
    assert "expected a 'room' decision, found 'dungeon'" in text
    assert "expected the options ['Undercity', " in text
    assert "expected an option 'Undercity'" in text
    assert "expected no option 'Tomb of Annihilation'" in text


def test_log_excludes() -> None:
    assert _run("""
  - cast: Lightning Bolt
    targets: [Bob]
  - resolve
  - expect:
      log: {contains: ["Lightning Bolt deals 3 damage to Bob"], excludes: ["deals 3 damage to Alice"]}
""") == []
    failures = _run("""
  - expect:
      log: {excludes: ["precombat main step"]}
""")
    assert [f.split(': ', 1)[1] for f in failures] == ["log: expected not to contain 'precombat main step'"]


@pytest.mark.parametrize(("check", "message"), [
    ("decision: {}", "an empty decision check checks nothing"),
    ("decision: {player: Carol}", "no player is called 'Carol'"),
    ("decision: {choices: [x]}", "choices"),
    ("log: {}", "a log check needs `contains: [...]` or `excludes: [...]`"),
])
def test_malformed_checks_are_errors(check: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=re.escape(message)):
        parse_scenario(BASE + f"  - expect: {{{check}}}\n", file="x.yaml")
