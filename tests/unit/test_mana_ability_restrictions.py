"""Mana abilities with "Activate only if …" (CR 602.5b) can't be activated — by hand or by the
payment planner — while their condition is false: Tainted Isle without a Swamp, Temple of the
False God with fewer than five lands."""

from __future__ import annotations

import pytest

from undercity.engine import costs
from undercity.errors import ScenarioError
from undercity.scenario.runner import Runner
from undercity.scenario.schema import parse_scenario


def _runner(text: str) -> Runner:
    return Runner(parse_scenario(text, file="bad.yaml"))


TAINTED = """
format: 1
game: {turn: 3, active: Alice}
players:
  - name: Alice
    hand: [Baleful Strix]
    battlefield: [%s, {card: Tainted Isle, id: isle}]
  - name: Bob
actions:
  - cast: Baleful Strix
"""


def test_tainted_isle_without_a_swamp_makes_only_colorless() -> None:
    r = _runner(TAINTED % "Island")
    with pytest.raises(ScenarioError, match="cannot cast 'Baleful Strix'"):
        r.run()
    g = r.g
    isle = next(g.s.objs[x] for x in g.s.battlefield if g.s.objs[x].name == "Tainted Isle")
    sources = [s for s in costs.mana_sources(g, 0) if s.key == isle.id]
    assert [sorted(s.produces) for s in sources] == [["C"]]
    assert costs.unusable_source(g, 0, isle.id) is None  # its {C} ability still works


def test_with_a_swamp_it_makes_blue_or_black() -> None:
    r = _runner(TAINTED % "Swamp")
    r.run()
    assert [it.name for it in r.g.s.stack] == ["Baleful Strix"]


TEMPLE = """
format: 1
game: {turn: 3, active: Alice}
players:
  - name: Alice
    battlefield: [Plains*3, {card: Temple of the False God, id: temple}]
  - name: Bob
actions:
  - activate: temple
"""


def test_temple_of_the_false_god_with_four_lands_cannot_be_activated() -> None:
    r = _runner(TEMPLE)
    with pytest.raises(ScenarioError, match="Temple of the False God's mana ability can't be activated now"):
        r.run()
    g = r.g
    temple = next(g.s.objs[x] for x in g.s.battlefield if g.s.objs[x].name == "Temple of the False God")
    assert not temple.tapped and g.s.players[0].pool == {}
    assert costs.unusable_source(g, 0, temple.id) == (
        "can't be activated now: Activate only if you control five or more lands (CR 602.5b)")
