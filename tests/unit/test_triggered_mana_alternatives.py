"""A land enchanted by Fertile Ground ("its controller adds an additional one mana of any color",
CR 605.1b, 605.4a): the payment planner sees one alternative per color of the extra mana, all
the same activation of the land."""

from __future__ import annotations

from pathlib import Path

from undercity.engine import costs
from undercity.mana import can_pay, parse_cost
from undercity.scenario.runner import run_file

POSITION = """
format: 1
game: {turn: 3, active: Alice}
players:
  - name: Alice
    battlefield: [{card: Forest, id: forest}, {card: Fertile Ground, attached_to: forest}]
  - name: Bob
"""


def test_one_alternative_per_color(tmp_path: Path) -> None:
    f = tmp_path / "p.yaml"
    f.write_text(POSITION, encoding="utf-8")
    g = run_file(f).game
    sources = costs.mana_sources(g, 0)
    assert len({s.key for s in sources}) == 1 and len(sources) == 5
    assert all(s.amount == 2 and "G" in s.produces for s in sources)
    for cost, ok in (("{G}{U}", True), ("{G}{G}", True), ("{2}", True), ("{U}{U}", False), ("{G}{G}{G}", False)):
        assert can_pay(parse_cost(cost), sources) is ok, cost
