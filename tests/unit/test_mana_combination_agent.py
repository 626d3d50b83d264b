"""The heuristic agent choosing how to split "X mana in any combination of {R} and/or {G}"
(Xenagos, the Reveler; CR 106.1b): in proportion to the colors its hand needs."""

from __future__ import annotations

from pathlib import Path

from undercity.agents.heuristic import HeuristicAgent
from undercity.scenario.runner import Runner
from undercity.scenario.schema import load_scenario

_SCENARIO = """
format: 1
game: {{turn: 3, active: Alice}}
players:
  - name: Alice
    library: [Forest*5]
    hand: {hand}
    battlefield:
      - {{card: "Xenagos, the Reveler", id: xen, counters: {{loyalty: 3}}}}
      - Grizzly Bears
      - Hill Giant
  - name: Bob
    library: [Plains*3]
actions:
  - activate: xen
    ability: 1
  - resolve
"""


def _choice(tmp_path: Path, hand: str) -> str:
    f = tmp_path / "s.yaml"
    f.write_text(_SCENARIO.format(hand=hand))
    r = Runner(load_scenario(f))
    r.run()
    d = r.g.pending
    assert d is not None and d.kind == "mana_combination"
    return d.options[HeuristicAgent(strict=True).choose(r.g, d)].label


def test_all_green_for_a_green_hand(tmp_path: Path) -> None:
    assert _choice(tmp_path, "[Giant Growth, Grizzly Bears]") == "add {G}{G}"


def test_all_red_for_a_red_hand(tmp_path: Path) -> None:
    assert _choice(tmp_path, "[Lightning Bolt, Hill Giant]") == "add {R}{R}"


def test_one_of_each_for_a_mixed_hand(tmp_path: Path) -> None:
    assert _choice(tmp_path, "[Lightning Bolt, Giant Growth]") == "add {R}{G}"
