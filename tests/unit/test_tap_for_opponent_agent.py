"""The heuristic AI and "for each opponent, tap up to one untapped creature you control. When you
do, gain control of target creature that player controls with power less than or equal to the
tapped creature's power" (Nihiloor, CR 603.12): it taps the least powerful creature that
reaches that opponent's most valuable creature, and nothing when none reaches any."""

from __future__ import annotations

from pathlib import Path

from undercity.agents.heuristic import HeuristicAgent
from undercity.scenario.runner import run_file

POSITION = """
format: 1
game: {turn: 3, active: Alice}
players:
  - name: Alice
    library: [Island*3]
    hand: [Nihiloor]
    battlefield: [Plains, Island, Swamp*3, %s]
  - name: Bob
    library: [Island*3]
    battlefield: [%s]
actions:
  - cast: Nihiloor
  - resolve
  - resolve
"""


def _pick(tmp_path: Path, mine: str, theirs: str) -> str:
    f = tmp_path / "nihiloor.yaml"
    f.write_text(POSITION % (mine, theirs), encoding="utf-8")
    g = run_file(f).game
    d = g.pending
    assert d is not None and d.kind == "tap_for_opponent"
    v = d.options[HeuristicAgent(strict=True).decide(g, d)].value
    return "nothing" if v is None else g.s.objs[v].name


def test_taps_the_weakest_creature_that_reaches_their_best(tmp_path: Path) -> None:
    # Nihiloor (3) and Leatherback Baloth (4) both reach the Kalonian Tusker (3): Nihiloor, the weaker
    assert _pick(tmp_path, "Leatherback Baloth", "Kalonian Tusker, Eager Cadet") == "Nihiloor"


def test_taps_a_stronger_creature_for_a_stronger_target(tmp_path: Path) -> None:
    assert _pick(tmp_path, "Leatherback Baloth, Eager Cadet", "Leatherback Baloth") == "Leatherback Baloth"


def test_taps_nothing_when_no_creature_reaches(tmp_path: Path) -> None:
    assert _pick(tmp_path, "Eager Cadet", "Leatherback Baloth") == "nothing"
