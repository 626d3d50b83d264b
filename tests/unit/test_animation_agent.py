"""The heuristic AI and creature lands (an ability that makes its own land a creature until end
of turn, CR 611.2a): it animates one to attack when nothing could block and kill it, or to
block an attacker it survives; not otherwise. Its cost is paid with other lands, so the
animated land stays untapped."""

from __future__ import annotations

from pathlib import Path

from undercity.agents.heuristic import HeuristicAgent
from undercity.scenario.runner import run_file


def _answer(tmp_path: Path, text: str, player: int) -> tuple[object, object]:
    f = tmp_path / "position.yaml"
    f.write_text(text, encoding="utf-8")
    g = run_file(f).game
    d = g.pending
    assert d is not None and d.kind == "priority" and d.player == player
    return d.options[HeuristicAgent(strict=True).decide(g, d)].value, g


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


def test_animates_to_attack_an_open_board(tmp_path: Path) -> None:
    v, g = _answer(tmp_path, MY_TURN % "Swamp", 0)
    factory = next(x for x in g.s.battlefield if g.s.objs[x].name == "Mishra's Factory")
    assert v == ("activate", factory, 1)


def test_does_not_animate_into_a_blocker_that_kills_it(tmp_path: Path) -> None:
    v, _ = _answer(tmp_path, MY_TURN % "Hill Giant", 0)
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


def test_animates_to_block_an_attacker_it_survives(tmp_path: Path) -> None:
    v, g = _answer(tmp_path, BLOCK % "Eager Cadet", 0)
    factory = next(x for x in g.s.battlefield if g.s.objs[x].name == "Mishra's Factory")
    assert v == ("activate", factory, 1)


def test_does_not_animate_before_attackers_on_an_opponents_turn(tmp_path: Path) -> None:
    text = BLOCK.replace("  - attack: {attacker: Alice}\n  - pass\n", "  - pass\n")
    v, _ = _answer(tmp_path, text % "Savannah Lions", 0)
    assert not (isinstance(v, tuple) and v[0] == "activate")
