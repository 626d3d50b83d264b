"""What a land an opponent controls "could produce" (CR 106.7), for Exotic Orchard."""

from __future__ import annotations

from pathlib import Path

from undercity.engine import costs
from undercity.engine.could_produce import produced
from undercity.scenario.runner import run_file

POSITION = """
format: 1
game: {turn: 3, active: Alice}
players:
  - name: Alice
    battlefield: [%s{card: Exotic Orchard, id: orchard}]
  - name: Bob
    battlefield: [%s]
"""


def _orchard(tmp_path: Path, mine: str, bobs: str) -> tuple[object, object]:
    f = tmp_path / "p.yaml"
    f.write_text(POSITION % (mine, bobs), encoding="utf-8")
    g = run_file(f).game
    o = next(g.s.objs[x] for x in g.s.battlefield if g.s.objs[x].name == "Exotic Orchard"
             and g.s.objs[x].controller == 0)
    return g, o


def test_two_orchards_alone_add_nothing(tmp_path: Path) -> None:
    g, o = _orchard(tmp_path, "", "Exotic Orchard")
    assert produced(g, o) == ""
    assert not any(s.key == o.id for s in costs.mana_sources(g, 0))  # it can't help pay anything


def test_one_mana_of_either_color(tmp_path: Path) -> None:
    g, o = _orchard(tmp_path, "", "Island, Swamp, Wastes")
    assert produced(g, o) == "any:UB"
    src = next(s for s in costs.mana_sources(g, 0) if s.key == o.id)
    assert src.produces == frozenset("UB") and src.amount == 1


def test_its_own_lands_dont_count(tmp_path: Path) -> None:
    g, o = _orchard(tmp_path, "Forest, ", "Plains")
    assert produced(g, o) == "W"
