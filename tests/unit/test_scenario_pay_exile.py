"""`pay: {exile: [...]}` names the cards escape exiles (CR 702.138a); when the engine needs
not ask (exactly as many cards as the cost exiles, CR 601.2f-h), the names are still checked."""

from __future__ import annotations

import pytest

from undercity.errors import ScenarioError
from undercity.scenario.runner import Runner
from undercity.scenario.schema import parse_scenario

BASE = """\
format: 1
name: pay exile
game: {turn: 6, active: Alice}
players:
  - name: Alice
    battlefield: [Swamp*5]
    graveyard: [From the Catacombs, {card: Opt, id: opt}, Lightning Bolt, Grizzly Bears, Counterspell, Shock]
  - name: Bob
    graveyard: [{card: Serra Angel, id: angel}]
actions:
  - cast: From the Catacombs
    from: graveyard
    cost: escape
    targets: [angel]
"""


def _runner(pay: str) -> Runner:
    return Runner(parse_scenario(BASE + f"    pay: {{exile: {pay}}}\n", file="x.yaml"))


def test_the_cards_named_are_the_ones_exiled() -> None:
    r = _runner("[opt, Lightning Bolt, Grizzly Bears, Counterspell, Shock]")
    r.run()
    assert len(r.g.s.players[0].exile) == 5


@pytest.mark.parametrize(("pay", "bad"), [
    ("[Opt, Lightning Bolt, Grizzly Bears, Counterspell, Serra Angel]", "'Serra Angel' was not exiled"),
    ("[Opt, Opt, Grizzly Bears, Counterspell, Shock]", "'Opt' was not exiled"),
    ("[Opt, Lightning Bolt, Grizzly Bears, Counterspell, Shock, Shock]", "'Shock' was not exiled"),
])
def test_a_card_named_but_not_exiled_is_an_error_and_nothing_changes(pay: str, bad: str) -> None:
    r = _runner(pay)
    with pytest.raises(ScenarioError, match=bad):
        r.run()
    s = r.g.s
    assert not s.stack and not s.players[0].exile and len(s.players[0].graveyard) == 6
    assert not any(s.objs[o].tapped for o in s.battlefield)
