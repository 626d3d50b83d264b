"""A card exiled face down (CR 406.3) is named only to the players who may look at it: in the
log, in the terminal seat's zone listings and card look-ups, and in the web view."""

from __future__ import annotations

from pathlib import Path

from undercity.engine import face_down
from undercity.scenario.runner import run_file
from undercity.ui.zones import visible_cards, zone_lines

#: Alice's Mosswort Bridge has exiled Colossal Dreadmaw face down (hideaway, CR 702.75a).
HIDEAWAY = """
format: 1
players:
  - name: Alice
    library: [Forest, Colossal Dreadmaw, Swamp, Island, Plains]
    hand: [Mosswort Bridge]
  - name: Bob
    library: [Island*5]
actions:
  - play: Mosswort Bridge
  - resolve
  - choose: Colossal Dreadmaw
"""


def _game(tmp_path: Path):  # type: ignore[no-untyped-def]
    f = tmp_path / "hideaway.yaml"
    f.write_text(HIDEAWAY, encoding="utf-8")
    return run_file(f).game


def test_the_log_names_the_face_down_card_only_to_its_owner(tmp_path: Path) -> None:
    g = _game(tmp_path)
    alice, bob = "\n".join(g.log_lines(0)), "\n".join(g.log_lines(1))
    assert "Colossal Dreadmaw (Alice) is exiled face down" in alice
    assert "a card (Alice) is exiled face down: library → exile" in bob
    assert "Dreadmaw" not in bob


def test_the_zone_listings_and_card_lookups_hide_it_from_others(tmp_path: Path) -> None:
    g = _game(tmp_path)
    exiled = g.s.players[0].exile[0]
    assert face_down.is_face_down(g, exiled)
    assert "Alice's exile (1): Colossal Dreadmaw" in zone_lines(g, "exile", 0)
    assert "Alice's exile (1): a face-down card" in zone_lines(g, "exile", 1)
    assert "Colossal Dreadmaw" in visible_cards(g, 0)
    assert "Colossal Dreadmaw" not in visible_cards(g, 1)


def test_a_card_that_leaves_exile_is_no_longer_face_down(tmp_path: Path) -> None:
    from undercity.engine import zones

    g = _game(tmp_path)
    exiled = g.s.players[0].exile[0]
    new = zones.move(g, exiled, "graveyard", rule="400.7")
    assert new is not None and not face_down.is_face_down(g, new.id)
    assert face_down.shown_name(g, new.id, 1) == "Colossal Dreadmaw"  # CR 400.7: a new object


def test_the_web_view_hides_it_from_others(tmp_path: Path) -> None:
    from undercity.web.seat_view import seat_view
    from undercity.web.table import TableGame

    g = _game(tmp_path)
    tg = TableGame(game=g, kinds=["human", "human"], agents=[None, None], tokens=[None, None])
    assert seat_view(tg, 0)["players"][0]["exile"] == ["Colossal Dreadmaw"]
    bob = seat_view(tg, 1)
    assert bob["players"][0]["exile"] == [face_down.HIDDEN]
    assert "Dreadmaw" not in repr(bob)


#: Alice has foretold Demon Bolt (CR 702.143a): exiled face down from her hand.
FORETOLD = """
format: 1
players:
  - name: Alice
    library: [Mountain*5]
    hand: [Demon Bolt]
    battlefield: [Mountain*2]
  - name: Bob
    library: [Island*5]
actions:
  - choose: foretell Demon Bolt
"""


def test_a_foretold_card_is_named_only_to_its_owner(tmp_path: Path) -> None:
    f = tmp_path / "foretold.yaml"
    f.write_text(FORETOLD, encoding="utf-8")
    g = run_file(f).game
    exiled = g.s.players[0].exile[0]
    assert face_down.is_face_down(g, exiled)  # CR 702.143a, 406.3
    assert "Demon Bolt (Alice) is exiled face down" in "\n".join(g.log_lines(0))
    bob = "\n".join(g.log_lines(1))
    assert "a card (Alice) is exiled face down: hand → exile" in bob
    assert "Demon Bolt" not in bob  # not even in the payment of {2}
    assert "Alice's exile (1): a face-down card" in zone_lines(g, "exile", 1)


#: Alice's Gonti has exiled Bob's Grizzly Bears face down (Gonti, Lord of Luxury; CR 406.3).
GONTI = """
format: 1
players:
  - name: Alice
    library: [Swamp*5]
    hand: ["Gonti, Lord of Luxury"]
    battlefield: [Swamp*4]
  - name: Bob
    library: [Grizzly Bears, Forest, Island, Mountain, Plains]
actions:
  - cast: Gonti, Lord of Luxury
  - resolve
  - resolve
  - choose: Grizzly Bears
"""


def test_the_card_gonti_exiles_is_named_to_gontis_controller_not_to_its_owner(tmp_path: Path) -> None:
    f = tmp_path / "gonti.yaml"
    f.write_text(GONTI, encoding="utf-8")
    g = run_file(f).game
    exiled = g.s.players[1].exile[0]
    assert face_down.is_face_down(g, exiled)
    assert "Grizzly Bears (Bob) is exiled face down" in "\n".join(g.log_lines(0))
    bob = "\n".join(g.log_lines(1))
    assert "a card (Bob) is exiled face down: library → exile" in bob
    assert "Grizzly Bears" not in bob  # nor Alice's permission to cast it
    assert "Bob's exile (1): Grizzly Bears" in zone_lines(g, "exile", 0)
    assert "Bob's exile (1): a face-down card" in zone_lines(g, "exile", 1)
