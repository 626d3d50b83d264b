"""Indistinguishable waiting triggered abilities (CR 603.3b): the same ability, controller and
source name, from sources and about objects that differ in nothing. Anything that could make
the results differ — the source's state, the object the ability is about — tells them apart."""

from __future__ import annotations

from undercity.engine.state import PendingTrigger
from undercity.engine.triggers import trigger_identity
from undercity.scenario.runner import build_game
from undercity.scenario.schema import parse_scenario

SETUP = """\
format: 1
name: identity
game: {turn: 3, active: Alice}
players:
  - name: Alice
    battlefield: [{card: Prosperous Innkeeper, id: a}, {card: Prosperous Innkeeper, id: b},
                  {card: Prosperous Innkeeper, id: c, tapped: true}, {card: Grizzly Bears, id: bears},
                  {card: Savannah Lions, id: lions}]
    graveyard: [{card: Undercellar Myconid, id: m1}, {card: Undercellar Myconid, id: m2}, Opt]
  - name: Bob
actions: []
"""


def _objs() -> tuple:
    g = build_game(parse_scenario(SETUP, file="x.yaml"))
    s = g.s
    by_ref = {ref: next(o for o in s.objs.values() if o.card_uid == uid) for ref, uid in s.uid_names.items()}
    return g, by_ref


def _trigger(o, ability, **data) -> PendingTrigger:  # noqa: ANN001
    return PendingTrigger(o.controller if o.zone == "battlefield" else o.owner,
                          o.id if o.zone == "battlefield" else None, o.name, ability, "card", data)


def test_same_ability_from_identical_permanents_about_one_object() -> None:
    g, o = _objs()
    gain = o["a"].card.triggered[1]
    assert trigger_identity(g, _trigger(o["a"], gain, object=o["bears"].id)) == \
        trigger_identity(g, _trigger(o["b"], gain, object=o["bears"].id))


def test_a_source_in_another_state_or_another_object_tells_them_apart() -> None:
    g, o = _objs()
    gain = o["a"].card.triggered[1]
    first = trigger_identity(g, _trigger(o["a"], gain, object=o["bears"].id))
    assert first != trigger_identity(g, _trigger(o["c"], gain, object=o["bears"].id))  # c is tapped
    assert first != trigger_identity(g, _trigger(o["b"], gain, object=o["lions"].id))
    o["b"].counters["+1/+1"] = 1
    assert first != trigger_identity(g, _trigger(o["b"], gain, object=o["bears"].id))


def test_dies_abilities_about_two_identical_cards_in_a_graveyard() -> None:
    g, o = _objs()
    dies = o["m1"].card.triggered[0]
    assert trigger_identity(g, _trigger(o["m1"], dies, object=o["m1"].id)) == \
        trigger_identity(g, _trigger(o["m2"], dies, object=o["m2"].id))
    opt = next(x for x in g.s.objs.values() if x.name == "Opt")
    assert trigger_identity(g, _trigger(o["m1"], dies, object=o["m1"].id)) != \
        trigger_identity(g, _trigger(o["m2"], dies, object=opt.id))


def test_a_source_the_rules_keep_something_for_is_only_itself() -> None:
    g, o = _objs()
    gain = o["a"].card.triggered[1]
    g.s.extra["exiled_until_leaves"] = {o["b"].id: [o["lions"].id]}  # CR 610.3: b exiled a card
    assert trigger_identity(g, _trigger(o["a"], gain, object=o["bears"].id)) != \
        trigger_identity(g, _trigger(o["b"], gain, object=o["bears"].id))
