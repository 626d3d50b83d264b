"""The collection: counts owned, edited on the card page and in bulk, imported and exported as
CSV (Count,Name; a Deckbox/Moxfield export imports). A bad import changes nothing."""

from __future__ import annotations

from page_parts import csrf, message
from starlette.testclient import TestClient


def _owned(client: TestClient) -> str:
    return client.get("/collection/export.csv").text


def test_the_card_page_sets_how_many_you_own(client: TestClient) -> None:
    r = client.post("/collection/card", data={"csrf": csrf(client), "card": "Ravenloft Adventurer", "count": "3",
                                              "lang": "zh-Hans"})
    assert str(r.url).endswith("/card/Ravenloft%20Adventurer?lang=zh-Hans")
    assert 'name="count" min="0" max="100000" value="3"' in r.text
    assert _owned(client) == "Count,Name\n3,Ravenloft Adventurer\n"
    client.post("/collection/card", data={"csrf": csrf(client), "card": "Ravenloft Adventurer", "count": "0"})
    assert _owned(client) == "Count,Name\n"


def test_bulk_lines_add_and_set(client: TestClient) -> None:
    client.post("/collection/bulk", data={"csrf": csrf(client), "lines": "4 Lightning Bolt\n2 鸦阁城冒险家", "mode": "add"})
    client.post("/collection/bulk", data={"csrf": csrf(client), "lines": "1 Lightning Bolt", "mode": "add"})
    assert _owned(client) == "Count,Name\n5,Lightning Bolt\n2,Ravenloft Adventurer\n"
    client.post("/collection/bulk", data={"csrf": csrf(client), "lines": "1 Lightning Bolt", "mode": "set"})
    assert _owned(client) == "Count,Name\n1,Lightning Bolt\n2,Ravenloft Adventurer\n"
    page = client.get("/collection").text
    assert "2 different cards, 3 in all" in page


def test_bulk_lines_with_a_bad_line_change_nothing(client: TestClient) -> None:
    client.post("/collection/bulk", data={"csrf": csrf(client), "lines": "4 Lightning Bolt", "mode": "add"})
    r = client.post("/collection/bulk", data={"csrf": csrf(client), "lines": "2 Plains\n3 Lightnig Blot", "mode": "add"})
    assert r.status_code == 400 and "nothing was changed" in message(r.text)
    assert "line 2: unknown card &#39;Lightnig Blot&#39;" in r.text
    assert _owned(client) == "Count,Name\n4,Lightning Bolt\n"


def test_csv_import_reads_a_deckbox_export_and_export_round_trips(client: TestClient) -> None:
    deckbox = ("Count,Tradelist Count,Name,Edition,Card Number,Condition,Language,Foil\n"
               "2,0,Lightning Bolt,Magic 2010,146,Near Mint,English,\n"
               "1,0,Lightning Bolt,Masters 25,141,Near Mint,English,foil\n"
               '4,0,"Aventurière de Ravenloft",Battle for Baldur\'s Gate,142,Near Mint,French,\n')
    r = client.post("/collection/import", data={"csrf": csrf(client), "mode": "add"},
                    files={"file": ("deckbox.csv", deckbox.encode(), "text/csv")})
    assert r.status_code == 200 and r.url.path == "/collection"
    exported = _owned(client)
    assert exported == "Count,Name\n3,Lightning Bolt\n4,Ravenloft Adventurer\n"
    # Our own export imports as it is (set: the same counts again).
    client.post("/collection/import", data={"csrf": csrf(client), "mode": "set"},
                files={"file": ("c.csv", exported.encode(), "text/csv")})
    assert _owned(client) == exported


def test_bad_csv_imports_name_every_bad_row_and_change_nothing(client: TestClient) -> None:
    bad = "Count,Name\n2,Lightning Bolt\nmany,Plains\n1,Ravenlof Adventurer\n3\n"
    r = client.post("/collection/import", data={"csrf": csrf(client)},
                    files={"file": ("bad.csv", bad.encode(), "text/csv")})
    assert r.status_code == 400 and "bad.csv: nothing was imported" in message(r.text)
    for want in ("line 3: the count &#39;many&#39; is not a whole number", "line 4: unknown card &#39;Ravenlof",
                 "line 5: 1 columns, the header has 2"):
        assert want in r.text
    r = client.post("/collection/import", data={"csrf": csrf(client)},
                    files={"file": ("x.csv", b"Card Name,Qty Owned\nPlains,3\n", "text/csv")})
    assert r.status_code == 400 and "line 1: the header has no Count column" in r.text
    r = client.post("/collection/import", data={"csrf": csrf(client)},
                    files={"file": ("x.csv", b"\x89PNG\r\n\x1a\n\x00\x00", "image/png")})
    assert r.status_code == 400 and "not a UTF-8 text file" in message(r.text)
    assert client.post("/collection/import", data={"csrf": csrf(client)}).status_code == 400
    assert _owned(client) == "Count,Name\n"


def test_bad_collection_posts(client: TestClient) -> None:
    token = csrf(client)
    assert client.post("/collection/card", data={"card": "Plains", "count": "3"}).status_code == 403
    r = client.post("/collection/card", data={"csrf": token, "card": "Plainz", "count": "3"})
    assert r.status_code == 404 and "unknown card 'Plainz'" in message(r.text)
    assert client.post("/collection/card", data={"csrf": token, "card": "Plains", "count": "-2"}).status_code == 400
    assert client.post("/collection/card", data={"csrf": token, "card": "Plains", "count": "10000000"}).status_code == 400
    assert client.post("/collection/card", data={"csrf": token, "card": "Plains"}).status_code == 400
    assert client.post("/collection/bulk", data={"csrf": token, "lines": "1 Plains", "mode": "steal"}).status_code == 400
    assert _owned(client) == "Count,Name\n"
