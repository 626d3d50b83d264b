""""Simulate" on a deck page: AI games of the saved deck against a bundled one, in the
background, played by the simulator's play_game; progress, then the summary and the plots."""

from __future__ import annotations

import time

import pytest
from page_parts import csrf, message
from starlette.testclient import TestClient

DECK = "28 Plains\n28 Swamp\n4 Ravenloft Adventurer\n"


def _deck(client: TestClient, text: str = DECK) -> None:
    client.post("/decks", data={"csrf": csrf(client), "name": "Mine", "format": "constructed", "text": text})


def test_a_simulation_runs_in_the_background_and_shows_its_summary_and_plots(client: TestClient) -> None:
    _deck(client)
    assert 'action="/decks/1/simulate"' in client.get("/decks/1").text
    r = client.post("/decks/1/simulate", data={"csrf": csrf(client), "opponent": "gruul-stompy", "games": "3",
                                               "ai": "random"}, follow_redirects=False)
    assert r.status_code == 303
    link = r.headers["location"]
    run = client.app.state.sims.get(link.rsplit("/", 1)[1])
    for _ in range(6000):  # the games are played by another thread; wait for them, however long
        if run.finished:
            break
        time.sleep(0.05)
    page = client.get(link).text
    assert run.error is None and run.done == 3
    assert '<progress max="3" value="3">' in page and 'http-equiv="refresh"' not in page
    assert "<td>Mine</td>" in page and "<td>gruul-stompy</td>" in page and "3 games," in page
    # Each two-player game has one winner or is a draw.
    assert sum(seat["win"]["wins"] for seat in run.summary["seats"]) + run.summary["draws"] == 3
    plots = list(run.plots)
    assert plots and all(f'src="{link}/{name}"' in page for name in plots)
    png = client.get(f"{link}/{plots[0]}")
    assert png.status_code == 200 and png.content.startswith(b"\x89PNG")
    assert client.get(f"{link}/../../etc/passwd").status_code == 404


def test_bad_simulations_are_refused(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    _deck(client)
    token = csrf(client)
    assert client.post("/decks/1/simulate", data={"games": "3"}).status_code == 403
    r = client.post("/decks/1/simulate", data={"csrf": token, "opponent": "nonesuch"})
    assert r.status_code == 400 and "unknown opponent deck 'nonesuch'" in message(r.text)
    for games in ("0", "201", "many"):
        assert client.post("/decks/1/simulate", data={"csrf": token, "games": games}).status_code == 400
    assert client.post("/decks/1/simulate", data={"csrf": token, "ai": "oracle"}).status_code == 400
    _deck(client, "60 Tarmogoyf")
    r = client.post("/decks/2/simulate", data={"csrf": token})
    assert r.status_code == 400 and "this deck can't be played yet" in message(r.text)
    assert client.get("/sims/nope").status_code == 404
    monkeypatch.setattr("undercity.web.sims.MAX_RUNNING", 0)
    r = client.post("/decks/1/simulate", data={"csrf": token, "games": "1"})
    assert r.status_code == 429 and "simulations are running already" in message(r.text)
