"""The games in progress (/games): every game not over with its seats, a seat's link only for
the browser holding that seat's token (it opened the seat's page) — never another seat's."""

from __future__ import annotations

import re
from pathlib import Path

from page_parts import csrf
from starlette.testclient import TestClient

from undercity.web.app import create_app


def _two_humans(client: TestClient) -> list[str]:
    r = client.post("/table", data={"csrf": csrf(client), "seat0": "human", "seat1": "human", "seed": "4"})
    assert r.status_code == 200, r.text[:300]
    return re.findall(r'<a href="/play/([^"]+)">', r.text)


def _links(html: str) -> list[str]:
    return re.findall(r'href="/play/([^"]+)"', html)


def _browser(app: object) -> TestClient:
    c = TestClient(app)
    c.get("/")
    return c


def test_each_browser_sees_a_link_to_its_own_seat_only(client: TestClient) -> None:
    tokens = _two_humans(client)
    assert len(tokens) == 2
    alice, bob, stranger = (_browser(client.app) for _ in range(3))
    assert alice.get(f"/play/{tokens[0]}").status_code == 200
    assert bob.get(f"/play/{tokens[1]}").status_code == 200
    for who, mine, theirs in ((alice, tokens[0], tokens[1]), (bob, tokens[1], tokens[0])):
        page = who.get("/games").text
        assert _links(page) == [mine] and theirs not in page
        assert "Seat 1: human" in page and "Seat 2: human" in page
    page = stranger.get("/games").text  # sees that the game exists, reaches no seat
    assert "Seat 1: human" in page and _links(page) == [] and not any(t in page for t in tokens)
    # The host who started the game was shown both links, but holds neither until opening one.
    assert _links(client.get("/games").text) == []


def test_a_game_against_the_ai_is_listed_until_it_is_over(client: TestClient) -> None:
    r = client.post("/table", data={"csrf": csrf(client), "seat0": "human", "seat1": "heuristic"})
    link = r.url.path
    page = client.get("/games").text
    assert _links(page) == [link.rsplit("/", 1)[1]] and "Seat 2: Heuristic AI" in page
    client.post(link, data={"csrf": csrf(client), "action": "concede"})
    page = client.get("/games").text
    assert "No game in progress" in page and _links(page) == []


def test_the_list_survives_a_server_restart(tmp_path: Path) -> None:
    first = create_app(tmp_path)
    with TestClient(first) as c:
        c.get("/")
        r = c.post("/table", data={"csrf": csrf(c), "seat0": "human", "seat1": "random"})
        token = r.url.path.rsplit("/", 1)[1]
        cookies = dict(c.cookies)
    first.state.storage.close()
    second = create_app(tmp_path)
    with TestClient(second, cookies=cookies) as c:
        assert _links(c.get("/games").text) == [token]
        assert c.get(f"/play/{token}").status_code == 200
    second.state.storage.close()


def test_a_malformed_or_forged_seats_cookie_shows_no_link(client: TestClient) -> None:
    tokens = _two_humans(client)
    client.cookies.set("seats", "<script>." + "x" * 5000)
    page = client.get("/games")
    assert page.status_code == 200 and _links(page.text) == [] and "<script>" not in page.text
    client.cookies.set("seats", "A" * 32)  # a well-formed token of no seat
    assert _links(client.get("/games").text) == []
    client.cookies.set("seats", tokens[1])  # holding seat 2's token: seat 2's link, not seat 1's
    assert _links(client.get("/games").text) == [tokens[1]]


def test_a_browser_remembers_at_most_forty_seats_newest_first(client: TestClient) -> None:
    client.cookies.set("seats", ".".join(f"{i:032d}" for i in range(60)), domain="testserver.local")
    r = client.post("/table", data={"csrf": csrf(client), "seat0": "human", "seat1": "random"})
    token = r.url.path.rsplit("/", 1)[1]
    held = client.cookies["seats"].split(".")
    assert len(held) == 40 and held[0] == token and held[1] == f"{0:032d}"
    assert _links(client.get("/games").text) == [token]
