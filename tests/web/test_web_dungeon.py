"""A player's dungeon drawn as its room graph (CR 309.4), the venture marker on their room."""

from __future__ import annotations

import re

from page_parts import csrf
from starlette.testclient import TestClient

from undercity.cards.dungeons import DUNGEONS, get_dungeon
from undercity.web.dungeon_map import dungeon_svg


def test_every_room_and_arrow_is_drawn_and_every_arrow_points_down() -> None:
    for name in DUNGEONS:
        d = get_dungeon(name)
        svg = str(dungeon_svg(name, None))
        assert all(f">{room}</text>" in svg.replace("&#39;", "'") for room in d.rooms), name
        lines = re.findall(r'<line x1="\d+" y1="(\d+)" x2="\d+" y2="(\d+)"', svg)
        assert len(lines) == sum(len(r.leads_to) for r in d.rooms.values())
        assert all(int(y2) > int(y1) for y1, y2 in lines)  # from the topmost room down (CR 309.4)


def test_the_venture_marker_is_on_the_players_room() -> None:
    svg = str(dungeon_svg("Undercity", "Arena"))
    assert svg.count('class="room here"') == 1 and "● Arena</text>" in svg
    assert 'aria-label="Undercity, venture marker on Arena"' in svg
    assert str(dungeon_svg(None, None)) == "" and str(dungeon_svg("No Such Dungeon", None)) == ""


def test_the_table_draws_each_players_dungeon(client: TestClient) -> None:
    from undercity.engine.dungeons import set_position

    r = client.post("/table", data={"csrf": csrf(client), "seat0": "human", "seed": "3"}, follow_redirects=False)
    link = r.headers["location"]
    g = client.app.state.games.get(link.rsplit("/", 1)[1])[0].game
    set_position(g, 1, "Undercity", "Forge")
    page = client.get(link).text
    assert 'aria-label="Undercity, venture marker on Forge"' in page and page.count('<svg class="dungeon"') == 1
