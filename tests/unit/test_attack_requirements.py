"""Attack requirements (CR 508.1d) and goad (CR 701.15b) from the scenario script's and the
heuristic AI's side: a declaration that leaves out a required attacker, or names a defender a
goaded creature can't attack, is an error naming the rule; the AI plans required attacks."""

from __future__ import annotations

from pathlib import Path

import pytest

from undercity.agents.heuristic import HeuristicAgent
from undercity.errors import ScenarioError
from undercity.scenario.runner import run_file


def _run(tmp_path: Path, text: str):  # noqa: ANN202
    f = tmp_path / "s.yaml"
    f.write_text(text, encoding="utf-8")
    return run_file(f)


_HELLKITE = """
format: 1
game: {turn: 2, active: Bob}
players:
  - name: Alice
    battlefield: [Warmonger Hellkite]
  - name: Bob
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Savannah Lions, id: lions}]
actions:
"""


def test_leaving_out_a_required_attacker_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="the attack declaration is incomplete: a requirement forces more attackers"):
        _run(tmp_path, _HELLKITE + "  - attack: {}\n")
    # Once the Bears are declared the Lions are the only choice left: the engine declares them.
    with pytest.raises(ScenarioError, match="Savannah Lions also attacked"):
        _run(tmp_path, _HELLKITE + "  - attack: {bears: Alice}\n")
    assert _run(tmp_path, _HELLKITE + "  - attack: {bears: Alice, lions: Alice}\n").ok


def test_a_goaded_creature_cant_be_declared_at_its_goader(tmp_path: Path) -> None:
    text = """
format: 1
game: {variant: free-for-all, turn: 2, active: Bob}
players:
  - name: Alice
  - name: Bob
    battlefield: [{card: Grizzly Bears, id: bears, goaded_by: [Alice]}]
  - name: Carol
actions:
  - attack: {bears: Alice}
"""
    with pytest.raises(ScenarioError, match="bears cannot attack Alice: it must attack Carol"):
        _run(tmp_path, text)


def test_the_ai_plans_a_required_attack_it_would_not_choose(tmp_path: Path) -> None:
    """Angler Turtle makes Bob's Grizzly Bears attack into Alice's Hill Giant: the AI's plan
    includes them (and where they go), rather than leaving them home."""
    text = """
format: 1
game: {turn: 2, active: Bob}
players:
  - name: Alice
    battlefield: [Angler Turtle, Hill Giant]
  - name: Bob
    battlefield: [{card: Grizzly Bears, id: bears}]
actions:
  - advance: beginning-of-combat
"""
    g = _run(tmp_path, text).game
    bears = next(oid for oid in g.s.battlefield if g.s.objs[oid].name == "Grizzly Bears")
    plan = HeuristicAgent(strict=True)._attack_plan(g, 1).attackers
    assert plan.get(bears) == ("p", 0)
