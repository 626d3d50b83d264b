""""You may look at the top card of your library any time" (CR 401.5): a view of its controller's
own — their board and card look-ups show the top card; nobody else's do, and not once the
permanent has lost the ability (CR 613.1f)."""

from __future__ import annotations

from pathlib import Path

from undercity.engine.game import Game
from undercity.engine.library_top import top_seen_by
from undercity.scenario.runner import run_file
from undercity.ui.zones import visible_objects
from undercity.web.seat_view import _library_top

POSITION = """
format: 1
name: Nalia lets Alice look at the top card of her library
game: {turn: 3, active: Alice}
players:
  - name: Alice
    library: [Merfolk Looter, Grizzly Bears]
    battlefield: [{card: "Nalia de'Arnise", id: nalia}, Forest*2, Island*2 %s]
  - name: Bob
    library: [Island, Island]
    battlefield: [{card: "Nalia de'Arnise", id: bob-nalia}]
"""


def _game(tmp_path: Path, extra: str = "") -> Game:
    f = tmp_path / "position.yaml"
    f.write_text(POSITION % extra, encoding="utf-8")
    return run_file(f).game


def test_its_controller_sees_the_top_card_of_their_own_library(tmp_path: Path) -> None:
    g = _game(tmp_path)
    s = g.s
    top = top_seen_by(g, 0)
    assert top is not None and top.name == "Merfolk Looter"
    assert top.id in visible_objects(g, 0)
    assert top.id not in visible_objects(g, 1)
    assert s.players[1].library[0] not in visible_objects(g, 0)
    assert _library_top(g, 0) == "Merfolk Looter"


def test_a_permanent_that_lost_its_abilities_lets_nobody_look(tmp_path: Path) -> None:
    g = _game(tmp_path, ", {card: Kenrith's Transformation, attached_to: nalia}")
    assert top_seen_by(g, 0) is None
    assert top_seen_by(g, 1) is not None
