"""The play table: the server runs the engine and the AI; a seat's link (an unguessable token)
sees only that seat's view (CR 400.2: hands and libraries are hidden zones) and may answer only
its own decisions, with an option index Game.apply validates."""

from __future__ import annotations

import json
import random
import re

from starlette.testclient import TestClient
from web_helpers import csrf, message

from undercity.engine.game import Game


def _start(client: TestClient, seat1: str = "heuristic", seed: int = 3) -> list[str]:
    r = client.post("/table", data={"csrf": csrf(client), "seat0": "human", "seat1": seat1,
                                    "deck0": "orzhov-initiative", "deck1": "simic-initiative", "seed": str(seed)},
                    follow_redirects=False)
    if r.status_code == 303:
        return [r.headers["location"]]
    assert r.status_code == 200, r.text[:300]
    return re.findall(r'<a href="(/play/[^"]+)">', r.text)


def _game(client: TestClient, link: str) -> Game:
    return client.app.state.games.get(link.rsplit("/", 1)[1])[0].game


def test_a_game_against_the_ai_is_played_to_its_end_by_clicking(client: TestClient) -> None:
    (link,) = _start(client)
    page = client.get(link).text
    assert "Keep 7" in page and '<button name="choice" value="0">' in page
    rng = random.Random(1)
    for _ in range(2000):
        view = client.get("/api" + link).json()
        if view["over"]:
            break
        assert view["decision"]["yours"]  # the AI answered everything else
        r = client.post(link, data={"csrf": csrf(client), "choice": str(rng.randrange(len(view["decision"]["options"])))})
        assert r.status_code == 200
    assert view["over"] and _game(client, link).over
    assert "Game over" in client.get(link).text


def test_the_seat_view_carries_no_hidden_card(client: TestClient) -> None:
    (link,) = _start(client)
    g = _game(client, link)
    s = g.s
    view = client.get("/api" + link).json()
    assert sorted(c["name"] for c in view["hand"]) == sorted(s.objs[o].name for o in s.players[0].hand)
    opponent = view["players"][1]
    assert opponent["hand"] == len(s.players[1].hand) and opponent["library"] == len(s.players[1].library)
    seen = {s.objs[o].name for o in [*s.players[0].hand, *s.battlefield]}
    hidden = {s.objs[o].name for o in [*s.players[1].hand, *s.players[1].library]} - seen
    hidden |= {s.objs[o].name for o in s.players[0].library} - seen
    carried = json.dumps(view, ensure_ascii=False) + client.get(link).text
    assert hidden and not [n for n in hidden if n in carried]


def test_an_illegal_option_is_refused_and_changes_nothing(client: TestClient) -> None:
    (link,) = _start(client)
    g = _game(client, link)
    before = list(g.choices)
    for bad in ("99", "-1", "x", ""):
        r = client.post(link, data={"csrf": csrf(client), "choice": bad})
        assert r.status_code == 400 and "nothing was done" in message(r.text)
    assert client.post(link, data={"choice": "0"}).status_code == 403  # no CSRF token
    assert g.choices == before


def test_each_human_seat_has_its_own_link_and_answers_only_its_decisions(client: TestClient) -> None:
    links = _start(client, seat1="human")
    assert len(links) == 2 and links[0] != links[1] and len(links[0].rsplit("/", 1)[1]) >= 32
    g = _game(client, links[0])
    deciding = g.pending.player
    other = links[1 - deciding]
    before = list(g.choices)
    r = client.post(other, data={"csrf": csrf(client), "choice": "0"})
    assert r.status_code == 409 and "it is not your decision" in message(r.text)
    assert g.choices == before
    views = [client.get("/api" + link).json() for link in links]
    for seat, view in enumerate(views):
        assert sorted(c["name"] for c in view["hand"]) == sorted(g.s.objs[o].name for o in g.s.players[seat].hand)
        assert view["decision"]["yours"] == (seat == deciding) and ("options" in view["decision"]) == (seat == deciding)


def test_a_bad_token_is_refused(client: TestClient) -> None:
    (link,) = _start(client)
    r = client.get("/play/not-a-seat")
    assert r.status_code == 404 and "no game seat has this link" in message(r.text)
    assert client.post("/play/" + "a" * 40, data={"csrf": csrf(client), "choice": "0"}).status_code == 404
    assert client.get("/api/play/nope").json()["error"].startswith("no game seat")


def test_conceding_ends_the_game(client: TestClient) -> None:
    (link,) = _start(client)
    r = client.post(link, data={"csrf": csrf(client), "action": "concede"})
    assert r.status_code == 200 and "Game over: Heuristic AI won" in r.text
    assert client.post(link, data={"csrf": csrf(client), "choice": "0"}).status_code == 409


def test_bad_game_settings_are_400(client: TestClient) -> None:
    token = csrf(client)
    r = client.post("/table", data={"csrf": token, "seat0": "heuristic", "seat1": "random"})
    assert r.status_code == 400 and "at least one seat is human" in message(r.text)
    r = client.post("/table", data={"csrf": token, "seat0": "human", "seat1": "god"})
    assert r.status_code == 400
    r = client.post("/table", data={"csrf": token, "seat0": "human", "deck1": "saved:12"})
    assert r.status_code == 400 and "seat 2: no deck 'saved:12'" in message(r.text)
    client.post("/decks", data={"csrf": token, "name": "Goyfs", "format": "constructed", "text": "60 Tarmogoyf"})
    r = client.post("/table", data={"csrf": token, "seat0": "human", "deck0": "saved:1"})
    assert r.status_code == 400 and "seat 1: this deck can't be played" in message(r.text)
    assert "does not implement it yet" in message(r.text)
    assert "orzhov-initiative" in client.get("/table").text


def test_a_game_survives_a_server_restart(tmp_path) -> None:
    from undercity.web.app import create_app

    first = create_app(tmp_path)
    with TestClient(first) as c:
        c.get("/")
        (link,) = _start(c)
        for _ in range(6):
            view = c.get("/api" + link).json()
            c.post(link, data={"csrf": csrf(c), "choice": str(len(view["decision"]["options"]) - 1)})
        before = c.get("/api" + link).json()
        choices = list(_game(c, link).choices)
    first.state.storage.close()
    second = create_app(tmp_path)  # a new server process on the same data directory
    with TestClient(second) as c:
        c.get("/")
        assert c.get("/api" + link).json() == before
        assert _game(c, link).choices == choices
        r = c.post(link, data={"csrf": csrf(c), "choice": "0"})
        assert r.status_code == 200 and len(_game(c, link).choices) > len(choices)
    second.state.storage.close()


def test_a_saved_deck_can_be_played(client: TestClient) -> None:
    deck = "28 Plains\n28 Swamp\n4 Ravenloft Adventurer\n"
    client.post("/decks", data={"csrf": csrf(client), "name": "Mine", "format": "constructed", "text": deck})
    assert "Mine (saved)" in client.get("/table").text
    r = client.post("/table", data={"csrf": csrf(client), "seat0": "human", "seat1": "random", "deck0": "saved:1",
                                    "deck1": "gruul-stompy"}, follow_redirects=False)
    g = _game(client, r.headers["location"])
    names = {g.s.objs[o].name for o in [*g.s.players[0].hand, *g.s.players[0].library]}
    assert names == {"Plains", "Swamp", "Ravenloft Adventurer"}


def test_waiting_for_another_seat_refreshes_the_page(client: TestClient) -> None:
    links = _start(client, seat1="human")
    g = _game(client, links[0])
    waiting = links[1 - g.pending.player]
    assert '<meta http-equiv="refresh" content="3">' in client.get(waiting).text
    assert 'http-equiv="refresh"' not in client.get(links[g.pending.player]).text
