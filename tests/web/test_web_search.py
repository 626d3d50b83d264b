"""Search: the Scryfall-style terms of `undercity card --search` (CardDB.search), as a table and
as a grid, paged."""

from __future__ import annotations

import re

from page_parts import message
from starlette.testclient import TestClient

from undercity.carddb import get_db
from undercity.web.card_pages import PAGE_SIZE


def _names(text: str) -> list[str]:
    return re.findall(r'<a href="/card/[^"]*">([^<]*)</a></td>', text)


def test_search_table_lists_what_card_search_finds(client: TestClient) -> None:
    want = [r["name"] for r in get_db().search("o:initiative t:creature")]
    r = client.get("/search", params={"q": "o:initiative t:creature", "lang": "en"})
    assert r.status_code == 200
    assert _names(r.text) == want[:PAGE_SIZE]
    assert f"of {len(want)} cards" in r.text


def test_search_grid_shows_printed_names_in_the_language(client: TestClient) -> None:
    r = client.get("/search", params={"q": "Ravenloft Adventurer", "view": "grid", "lang": "zh-Hans"})
    assert r.status_code == 200
    assert '<ul class="grid">' in r.text and '<span class="gname" lang="zh-Hans">鸦阁城冒险家</span>' in r.text


def test_search_pages(client: TestClient) -> None:
    total = len(get_db().search("t:creature c:b mv<=2"))
    assert total > 2 * PAGE_SIZE
    first = client.get("/search", params={"q": "t:creature c:b mv<=2", "lang": "en"}).text
    second = client.get("/search", params={"q": "t:creature c:b mv<=2", "lang": "en", "page": 2}).text
    assert _names(first) and _names(second) and not set(_names(first)) & set(_names(second))
    assert 'rel="next"' in first and 'rel="prev"' in second
    pages = -(-total // PAGE_SIZE)
    r = client.get("/search", params={"q": "t:creature c:b mv<=2", "page": pages + 1})
    assert r.status_code == 404 and f"of a search with {pages} pages" in message(r.text)


def test_bad_search_input_is_400(client: TestClient) -> None:
    r = client.get("/search", params={"q": "c:purple"})
    assert r.status_code == 400 and "colors are letters of WUBRG" in message(r.text)
    assert client.get("/search", params={"q": "t:elf", "view": "wall"}).status_code == 400
    assert client.get("/search", params={"q": "t:elf", "page": "-1"}).status_code == 400
    assert client.get("/search", params={"q": "t:elf", "page": "x"}).status_code == 400
    assert client.get("/search", params={"q": "o:" + "a" * 2000}).status_code == 400
