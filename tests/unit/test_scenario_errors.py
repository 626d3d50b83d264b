"""Scripts that ask for something the rules forbid are errors, and change nothing.

Scenario files show what happens in legal play. An illegal action in a script (a second
land in a turn, a spell at the wrong time, a target a spell can't have, a decision left
unanswered) is a :class:`ScenarioError` naming the problem and the legal options; the game
stays exactly as it was before that action.
"""

from __future__ import annotations

import pytest

from undercity.errors import ScenarioError
from undercity.scenario.runner import Runner
from undercity.scenario.schema import parse_scenario

TWO_LANDS = """
format: 1
name: two lands in one turn
game: {turn: 3, active: Alice}
players:
  - name: Alice
    hand: [Mountain, Forest, Grizzly Bears]
    battlefield: [Forest]
  - name: Bob
actions:
  - play: Mountain
"""


def _runner(text: str) -> Runner:
    return Runner(parse_scenario(text, file="bad.yaml"))


def _snapshot(r: Runner) -> tuple[object, ...]:
    """What a script can observe of a game: zones, life, lands played, the decision, the log."""
    s = r.g.s
    zones = tuple((p.name, p.life, p.lands_played, *(tuple(s.objs[x].name for x in p.zone(z))
                                                       for z in ("library", "hand", "graveyard", "exile")))
                  for p in s.players)
    field = tuple(sorted((s.objs[x].name, s.objs[x].controller, s.objs[x].tapped) for x in s.battlefield))
    d = r.g.pending
    decision = None if d is None else (d.player, d.kind, tuple(o.label for o in d.options))
    return zones, field, tuple(it.name for it in s.stack), s.turn, s.step, decision, tuple(r.g.log_lines())


def test_second_land_in_a_turn_is_an_error_and_changes_nothing() -> None:
    """CR 305.2: one land per turn. The second `play` names the rule and the game is unchanged."""
    r = _runner(TWO_LANDS + "  - play: Forest\n")
    good = _runner(TWO_LANDS)
    good.run()
    with pytest.raises(ScenarioError) as info:
        r.run()
    msg = str(info.value)
    assert msg.startswith("bad.yaml:12: ")  # the line of the second `play`
    assert "Alice cannot play 'Forest' now" in msg
    assert "already played a land this turn (CR 305.2)" in msg
    assert "legal: pass priority; cast Grizzly Bears" in msg
    assert _snapshot(r) == _snapshot(good)
    s = r.g.s
    assert s.players[0].lands_played == 1
    assert sorted(s.objs[x].name for x in s.players[0].hand) == ["Forest", "Grizzly Bears"]
    # The game goes on from there: the same player may still act.
    r.g.apply(r.g.pending.options[-1])  # cast Grizzly Bears
    assert [it.name for it in s.stack] == ["Grizzly Bears"]


def test_land_outside_own_main_phase_is_an_error() -> None:
    """CR 305.1: a land is played in its owner's main phase with an empty stack."""
    r = _runner("""
format: 1
name: a land in the opponent's turn
game: {turn: 2, active: Bob}
players:
  - name: Alice
    hand: [Mountain]
  - name: Bob
actions:
  - pass
  - play: Mountain
    by: Alice
""")
    r.do_pass(r.sc.actions[0])
    before = _snapshot(r)
    with pytest.raises(ScenarioError, match=r"bad.yaml:11: Alice cannot play 'Mountain' now \(CR 305.1"):
        r.do_play(r.sc.actions[1])
    assert _snapshot(r) == before


def test_land_not_in_hand_is_named() -> None:
    r = _runner(TWO_LANDS.replace("play: Mountain", "play: Swamp"))
    with pytest.raises(ScenarioError, match=r"there is no 'Swamp' in Alice's hand"):
        r.run()


def test_creature_spell_in_opponents_turn_is_an_error() -> None:
    """CR 302.1: without flash, a creature spell is cast only in its owner's main phase."""
    r = _runner("""
format: 1
name: a creature at instant speed
game: {turn: 2, active: Bob, step: upkeep}
players:
  - name: Alice
    hand: [Grizzly Bears, Spectral Sailor]
    battlefield: [Forest, Island]
  - name: Bob
actions:
  - pass
  - cast: Grizzly Bears
    by: Alice
""")
    with pytest.raises(ScenarioError, match=r"Alice cannot cast 'Grizzly Bears' from hand now; "
                                            r"legal: pass priority; cast Spectral Sailor"):
        r.run()
    assert r.g.s.stack == []


def test_negate_cannot_target_a_creature_spell() -> None:
    """Negate: "Counter target noncreature spell" — a creature spell is not a legal target (CR 115.1),
    so with only a creature spell on the stack Negate can't be cast at all (CR 601.2c)."""
    r = _runner("""
format: 1
name: Negate a creature
game: {active: Alice}
players:
  - name: Alice
    hand: [Grizzly Bears]
    battlefield: [Forest*2]
  - name: Bob
    hand: [Negate]
    battlefield: [Island*2]
actions:
  - cast: Grizzly Bears
  - pass
  - cast: Negate
    by: Bob
    targets: [Grizzly Bears]
""")
    with pytest.raises(ScenarioError, match=r"Bob cannot cast 'Negate' from hand now; legal: pass priority$"):
        r.run()
    assert [it.name for it in r.g.s.stack] == ["Grizzly Bears"]
    assert [r.g.s.objs[x].name for x in r.g.s.players[1].hand] == ["Negate"]


def test_unanswered_trigger_order_names_who_decides_and_the_options() -> None:
    """CR 603.3b: the controller orders their simultaneous triggers; a script must say how."""
    r = _runner("""
format: 1
name: triggers left unordered
game: {turn: 3, active: Alice}
players:
  - name: Alice
    hand: [Prosperous Innkeeper]
    battlefield: [Forest*2, Prosperous Innkeeper]
  - name: Bob
actions:
  - cast: Prosperous Innkeeper
  - resolve
  - pass
""")
    with pytest.raises(ScenarioError) as info:
        r.run()
    msg = str(info.value)
    assert "bad.yaml:13: cannot pass: Alice must first decide 'order_triggers'" in msg
    assert "create a Treasure token" in msg and "you gain 1 life" in msg
    assert "answer it with `choose`" in msg
