"""Decks: pasted or uploaded decklists (undercity/decks.py parses and checks them), every problem
with its line number, saved, renamed, exported, deleted; the cards you lack."""

from __future__ import annotations

from page_parts import csrf, message
from starlette.testclient import TestClient

GOOD = "28 Plains\n28 Swamp\n4 Ravenloft Adventurer\n"


def _post(client: TestClient, text: str, name: str = "my deck", fmt: str = "constructed", **kw):
    return client.post("/decks", data={"csrf": csrf(client), "name": name, "format": fmt, "text": text}, **kw)


def test_a_pasted_deck_is_saved_and_its_problems_shown_with_their_lines(client: TestClient) -> None:
    r = _post(client, "4 Lightning Bolt\n1 <script>alert(1)</script>\n3 Ravenlof Adventurer\n")
    assert r.status_code == 200 and r.url.path == "/decks/1"
    assert "<li>line 2: unknown card &#39;&lt;script&gt;alert(1)&lt;/script&gt;&#39;" in r.text
    assert "<script>alert(1)" not in r.text  # user text is escaped everywhere
    assert "line 3: unknown card &#39;Ravenlof Adventurer&#39;; did you mean" in r.text
    assert '<li value="2" id="line-2" class="bad">' in r.text and '<li value="1" id="line-1" class="">' in r.text
    assert "the main deck has 8 cards" in r.text
    assert "my deck" in client.get("/decks").text


def test_an_uploaded_mtgo_dek_file_is_read(client: TestClient) -> None:
    dek = ('<?xml version="1.0" encoding="utf-8"?><Deck><Cards CatID="1" Quantity="4" Sideboard="false" '
           'Name="Ravenloft Adventurer" /></Deck>')
    r = client.post("/decks", data={"csrf": csrf(client), "name": "", "format": "constructed"},
                    files={"file": ("arena.dek", dek.encode(), "application/xml")})
    assert r.status_code == 200 and "<h1>arena</h1>" in r.text
    assert ">Ravenloft Adventurer</a></td><td>4</td>" in r.text


def test_a_valid_deck_has_no_problems_and_shows_what_you_lack(client: TestClient) -> None:
    client.post("/collection/bulk", data={"csrf": csrf(client), "lines": "20 Plains\n1 Ravenloft Adventurer",
                                          "mode": "set"})
    r = _post(client, GOOD)
    assert "No problems" in r.text
    assert "you lack 39" in r.text  # 8 Plains, 28 Swamp, 3 Ravenloft Adventurer
    assert ('<tr class="lack"><td><a href="/card/Ravenloft%20Adventurer?lang=en">Ravenloft Adventurer</a></td>'
            "<td>4</td><td>1</td><td>3</td></tr>") in r.text
    assert '<tr class="lack"><td><a href="/card/Plains?lang=en">Plains</a></td><td>28</td><td>20</td><td>8</td>' in r.text


def test_export_update_and_delete(client: TestClient) -> None:
    _post(client, GOOD, name="Orzhov")
    r = client.get("/decks/1/export")
    assert r.text == GOOD and "attachment" in r.headers["content-disposition"]
    client.post("/decks/1", data={"csrf": csrf(client), "name": "Renamed", "format": "legacy", "text": GOOD})
    page = client.get("/decks/1").text
    assert "<h1>Renamed</h1>" in page and "Format legacy" in page
    r = client.post("/decks/1/delete", data={"csrf": csrf(client)})
    assert r.url.path == "/decks" and "Renamed" not in r.text
    assert client.get("/decks/1").status_code == 404


def test_bad_deck_posts_change_nothing(client: TestClient) -> None:
    forged = client.post("/decks", data={"name": "x", "text": GOOD})
    assert forged.status_code == 403 and "security token" in message(forged.text)
    wrong = client.post("/decks", data={"csrf": "not-the-cookie", "name": "x", "text": GOOD})
    assert wrong.status_code == 403
    binary = client.post("/decks", data={"csrf": csrf(client), "name": "x"},
                         files={"file": ("deck.txt", b"\xff\xfe\x00garbage\x80", "text/plain")})
    assert binary.status_code == 400 and "not a UTF-8 text file" in message(binary.text)
    empty = _post(client, "   ")
    assert empty.status_code == 400 and "the decklist is empty" in message(empty.text)
    fmt = _post(client, GOOD, fmt="wizardry")
    assert fmt.status_code == 400 and "unknown format 'wizardry'" in message(fmt.text)
    big = _post(client, "1 Plains\n" * 70_000)
    assert big.status_code == 413 and "larger than 512 KB" in message(big.text)
    assert "No saved decks yet" in client.get("/decks").text


def test_unknown_deck_numbers(client: TestClient) -> None:
    assert client.get("/decks/99").status_code == 404
    assert client.get("/decks/abc").status_code == 400
    assert client.post("/decks/99/delete", data={"csrf": csrf(client)}).status_code == 404
