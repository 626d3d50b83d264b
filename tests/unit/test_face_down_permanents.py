"""A face-down spell or permanent (CR 708) is named only to its controller, who may look at it
(CR 708.5), and to the all-seeing view: in the text and JSON logs, the board, the web view and
the card look-ups. It is revealed to everyone as it leaves the battlefield (CR 708.9)."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

from undercity.cards.language.face_down import FACE_DOWN_NAME
from undercity.engine import face_down
from undercity.scenario.runner import run_file
from undercity.ui.zones import visible_cards

#: Alice casts Grim Haruspex face down with morph (CR 702.37c) and it resolves.
CAST_FACE_DOWN = """
format: 1
players:
  - name: Alice
    library: [Plains*5]
    hand: [Grim Haruspex]
    battlefield: [Plains*3]
  - name: Bob
    library: [Forest*5]
actions:
  - cast: Grim Haruspex
    cost: morph
  - resolve
"""


def _game(tmp_path: Path, text: str = CAST_FACE_DOWN):  # type: ignore[no-untyped-def]
    f = tmp_path / "morph.yaml"
    f.write_text(text, encoding="utf-8")
    return run_file(f).game


def _permanent(g):  # type: ignore[no-untyped-def]
    return next(g.s.objs[o] for o in g.s.battlefield if face_down.real_card(g, o) is not None)


def test_the_opponents_log_never_names_the_face_down_card(tmp_path: Path) -> None:
    g = _game(tmp_path)
    alice, bob, everyone = ("\n".join(g.log_lines(v)) for v in (0, 1, None))
    assert "Grim Haruspex" not in bob
    assert "Alice casts a face-down creature for its morph cost" in bob
    assert "Alice looks at a face-down object they control" in bob
    assert "it is Grim Haruspex" in alice and "it is Grim Haruspex" in everyone
    assert "Grim Haruspex" not in "\n".join(g.log_json(1))
    assert any(json.loads(line).get("name") == "Grim Haruspex" for line in g.log_json(0))


def test_the_board_and_card_lookups_show_it_to_its_controller_only(tmp_path: Path) -> None:
    from undercity.web.seat_view import seat_view
    from undercity.web.table import TableGame

    g = _game(tmp_path)
    o = _permanent(g)
    assert o.name == FACE_DOWN_NAME
    assert face_down.shown_name(g, o.id, 0) == f"{FACE_DOWN_NAME} (Grim Haruspex)"
    assert face_down.shown_name(g, o.id, 1) == FACE_DOWN_NAME
    assert "Grim Haruspex" in visible_cards(g, 0)
    assert "Grim Haruspex" not in visible_cards(g, 1)
    tg = TableGame(game=g, kinds=["human", "human"], agents=[None, None], tokens=[None, None])
    assert "Grim Haruspex" in repr(seat_view(tg, 0)["players"][0]["battlefield"])
    assert "Grim Haruspex" not in repr(seat_view(tg, 1))


def test_a_copied_game_keeps_the_face_down_permanent(tmp_path: Path) -> None:
    """The record of what a face-down permanent is survives copying and pickling a game (the
    search AIs, saved games)."""
    g = _game(tmp_path)
    for h in (g.copy(), pickle.loads(pickle.dumps(g))):
        o = _permanent(h)
        real = face_down.real_card(h, o.id)
        assert real is not None and real.name == "Grim Haruspex"
        assert o.name == FACE_DOWN_NAME


def test_leaving_the_game_reveals_it(tmp_path: Path) -> None:
    """CR 708.9: a player leaving the game reveals their face-down permanents."""
    g = _game(tmp_path, CAST_FACE_DOWN + "  - concede: Alice\n")
    assert "Alice reveals Grim Haruspex  [CR 708.9]" in "\n".join(g.log_lines(1))
