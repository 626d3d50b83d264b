"""The heuristic agent choosing how much of each color "X mana in any combination of colors" adds
(Klauth, Unrivaled Ancient; CR 106.1b: asked color by color, decision ``mana_amount``) — in
proportion to the colors its hand needs — and how many times to pay a multikicker cost
(Everflowing Chalice; CR 702.33c: as many as it can pay)."""

from __future__ import annotations

from pathlib import Path

from undercity.agents.heuristic import HeuristicAgent
from undercity.scenario.runner import Runner
from undercity.scenario.schema import load_scenario

_KLAUTH = """
format: 1
game: {{turn: 3, active: Alice}}
players:
  - name: Alice
    library: [Forest*5]
    hand: {hand}
    battlefield: [{{card: "Klauth, Unrivaled Ancient", id: klauth}}]
  - name: Bob
    library: [Plains*3]
actions:
  - attack: {{klauth: Bob}}
  - resolve
"""

_CHALICE = """
format: 1
game: {turn: 3, active: Alice}
players:
  - name: Alice
    library: [Forest*5]
    hand: [Everflowing Chalice]
    battlefield: [Forest*5]
  - name: Bob
    library: [Plains*3]
actions:
  - cast: Everflowing Chalice
    pause: true
"""


def _runner(tmp_path: Path, text: str) -> Runner:
    f = tmp_path / "s.yaml"
    f.write_text(text)
    r = Runner(load_scenario(f))
    r.run()
    return r


def _mana(tmp_path: Path, hand: str) -> str:
    """The mana the agent adds with Klauth's four, answering each color's question."""
    r = _runner(tmp_path, _KLAUTH.format(hand=hand))
    agent = HeuristicAgent(strict=True)
    while (d := r.g.pending) is not None and d.kind == "mana_amount":
        r.g.apply(d.options[agent.choose(r.g, d)])
    pool = r.g.s.players[0].pool
    return "".join(c * pool.get(c, 0) for c in "WUBRG")


def test_all_green_for_a_green_hand(tmp_path: Path) -> None:
    assert _mana(tmp_path, "[Giant Growth, Grizzly Bears]") == "GGGG"


def test_split_for_a_red_and_white_hand(tmp_path: Path) -> None:
    assert _mana(tmp_path, "[Lightning Bolt, Savannah Lions]") == "WWRR"


def test_multikicker_as_many_times_as_it_can_pay(tmp_path: Path) -> None:
    r = _runner(tmp_path, _CHALICE)
    d = r.g.pending
    assert d is not None and d.kind == "kicker"
    assert d.options[HeuristicAgent(strict=True).choose(r.g, d)].value == 2
