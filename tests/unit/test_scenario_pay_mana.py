"""`pay: {mana: [ids]}`: the named sources pay (CR 601.2g-h); ids that can't pay are a clear
scenario error naming the id and the reason, and the game is as it was before the action."""

from __future__ import annotations

import pytest

from undercity.errors import ScenarioError
from undercity.scenario.runner import Runner
from undercity.scenario.schema import parse_scenario

BASE = """\
format: 1
name: pay mana
game: {turn: 3, active: Alice}
players:
  - name: Alice
    hand: [Font of Magic, Lightning Bolt]
    battlefield: [{card: Island, id: i1}, {card: Island, id: i2}, {card: Island, id: i3},
                  {card: Island, id: i4}, {card: Island, id: i5, tapped: true}, {card: Mountain, id: m1},
                  {card: Grizzly Bears, id: bears}, {card: Paradise Druid, id: elves, sick: true}]
  - name: Bob
    battlefield: [{card: Island, id: bob-island}]
actions:
"""


def _run(action: str) -> Runner:
    r = Runner(parse_scenario(BASE + action, file="x.yaml"))
    r.run()
    return r


def _fails(action: str) -> tuple[str, Runner]:
    r = Runner(parse_scenario(BASE + action, file="x.yaml"))
    with pytest.raises(ScenarioError) as e:
        r.run()
    return str(e.value), r


def _unchanged(r: Runner) -> None:
    s = r.g.s
    assert [s.objs[o].name for o in s.players[0].hand] == ["Font of Magic", "Lightning Bolt"]
    assert not s.stack
    assert [s.objs[o].name for o in s.battlefield if s.objs[o].tapped] == ["Island"]  # i5 only
    assert r.g.pending is not None and r.g.pending.kind == "priority"


def test_named_sources_pay() -> None:
    r = _run("  - cast: Font of Magic\n    pay: {mana: [i1, i2, i3, m1]}\n")
    s = r.g.s
    untapped = [s.objs[o].name for o in s.battlefield
                if not s.objs[o].tapped and s.objs[o].name == "Island" and s.objs[o].controller == 0]
    assert untapped == ["Island"]  # i4; the Mountain paid the generic mana


@pytest.mark.parametrize(("ids", "why"), [
    ("[i1, i2, i3, nowhere]", "'nowhere' is not the id of an object in the game"),
    ("[i1, i2, i3, i5]", "i5 (Island) can't pay: it is tapped"),
    ("[i1, i2, i3, bob-island]", "bob-island (Island) can't pay: it is controlled by Bob, not Alice"),
    ("[i1, i2, i3, bears]", "bears (Grizzly Bears) can't pay: it has no mana ability"),
    ("[i1, i2, i3, elves]", "elves (Paradise Druid) can't pay: it has summoning sickness"),
    ("[i1, i1, i2, i3]", "i1 is named twice"),
])
def test_a_source_that_cannot_pay_is_named(ids: str, why: str) -> None:
    msg, r = _fails(f"  - cast: Font of Magic\n    pay: {{mana: {ids}}}\n")
    assert why in msg and "pay.mana" in msg
    _unchanged(r)


@pytest.mark.parametrize(("ids", "why"), [
    ("[i1, i2]", "i1 (Island), i2 (Island) make at most 2 mana (with the pool); not enough to pay {3}{U}"),
    ("[i1, i2, i3, i4, m1]", "{3}{U} is paid without m1"),
])
def test_the_named_sources_must_pay_the_cost_exactly(ids: str, why: str) -> None:
    msg, r = _fails(f"  - cast: Font of Magic\n    pay: {{mana: {ids}}}\n")
    assert why in msg
    _unchanged(r)


def test_wrong_colors() -> None:
    msg, r = _fails("  - cast: Lightning Bolt\n    targets: [Bob]\n    pay: {mana: [i1]}\n")
    assert "i1 (Island) can't make the colors of {R}" in msg
    _unchanged(r)
