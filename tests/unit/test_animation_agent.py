"""The heuristic AI and creature lands (an ability that makes its own land a creature until end
of turn, CR 611.2a): it animates one to attack when nothing could block and kill it, or to
block an attacker it survives; not otherwise. Its cost is paid with other lands, so the
animated land stays untapped."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: The ``heuristic_answer`` fixture (tests/unit/conftest.py).
HeuristicAnswer = Callable[..., Any]


MY_TURN = """
format: 1
game: {active: Alice, turn: 3}
players:
  - name: Alice
    battlefield: [Plains, {card: Mishra's Factory, id: factory}]
  - name: Bob
    battlefield: [%s]
actions:
"""


def test_animates_to_attack_an_open_board(heuristic_answer: HeuristicAnswer) -> None:
    opt, g = heuristic_answer(MY_TURN % "Swamp", "priority")
    v = opt.value
    factory = next(x for x in g.s.battlefield if g.s.objs[x].name == "Mishra's Factory")
    assert v == ("activate", factory, 1)


def test_does_not_animate_into_a_blocker_that_kills_it(heuristic_answer: HeuristicAnswer) -> None:
    opt, _ = heuristic_answer(MY_TURN % "Hill Giant", "priority")
    v = opt.value
    assert not (isinstance(v, tuple) and v[0] == "activate")


BLOCK = """
format: 1
game: {active: Bob, turn: 3}
players:
  - name: Alice
    battlefield: [Plains, {card: Mishra's Factory, id: factory}]
  - name: Bob
    battlefield: [{card: %s, id: attacker}]
actions:
  - attack: {attacker: Alice}
  - pass
"""


def test_animates_to_block_an_attacker_it_survives(heuristic_answer: HeuristicAnswer) -> None:
    opt, g = heuristic_answer(BLOCK % "Eager Cadet", "priority")
    v = opt.value
    factory = next(x for x in g.s.battlefield if g.s.objs[x].name == "Mishra's Factory")
    assert v == ("activate", factory, 1)


def test_does_not_animate_before_attackers_on_an_opponents_turn(heuristic_answer: HeuristicAnswer) -> None:
    text = BLOCK.replace("  - attack: {attacker: Alice}\n  - pass\n", "  - pass\n")
    opt, _ = heuristic_answer(text % "Savannah Lions", "priority")
    v = opt.value
    assert not (isinstance(v, tuple) and v[0] == "activate")
