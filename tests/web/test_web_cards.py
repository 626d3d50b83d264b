"""Card pages: the page data of `undercity card --json` (CardDB.page) rendered in en / fr /
zh-Hans, with mana symbols, legality per format, rulings, other names, set data, and whether
the engine implements the card (and why not)."""

from __future__ import annotations

import html

from page_parts import message
from starlette.testclient import TestClient

from undercity.carddb import get_db

RA = "/card/Ravenloft%20Adventurer"


def test_card_page_in_simplified_chinese_shows_the_printed_card(client: TestClient) -> None:
    r = client.get(RA + "?lang=zh-Hans")
    assert r.status_code == 200
    text = r.text
    page = get_db().page("Ravenloft Adventurer", "zh-Hans")
    assert "<h1 lang=\"zh-Hans\">鸦阁城冒险家</h1>" in text
    assert "生物 ～人类／浪客／杀手" in text
    for line in page.printed.text.split("\n"):  # the printed rules text, line by line
        assert html.escape(line, quote=True) in text
    assert page.oracle_text.split("\n")[0] in text  # the English Oracle text is shown too, as the authority
    assert 'aria-label="{B}"' in text and 'aria-label="{3}"' in text  # the cost as symbols
    assert "3/4" in text
    assert "CLB" in text and "142" in text and "rare" in text
    assert "implemented: playable in games" in text


def test_card_page_legality_and_rulings_come_from_the_card_database(client: TestClient) -> None:
    text = client.get(RA + "?lang=en").text
    page = get_db().page("Ravenloft Adventurer", "en")
    for fmt, status in page.legalities.items():
        assert f'<tr><th>{fmt}</th><td class="st-{status.replace(" ", "-")}">{status}</td></tr>' in text
    assert {"legal", "not legal", "unknown"} <= set(page.legalities.values())
    for ruling in page.rulings:
        assert ruling["date"] in text
        assert html.escape(ruling["text"], quote=True) in text
    assert "source: Wizards of the Coast" in text
    assert page.legalities_source in text and page.legalities_as_of in text
    for code, name in page.names_i18n.items():
        assert f'<td lang="{code}">{html.escape(name)}</td>' in text


def test_french_page_and_the_language_is_remembered(client: TestClient) -> None:
    r = client.get(RA + "?lang=fr")
    assert r.status_code == 200 and "Aventurière de Ravenloft" in r.text
    assert r.cookies.get("lang") == "fr"
    # Without a language in the URL, the remembered one is put there.
    again = client.get(RA, follow_redirects=False)
    assert again.status_code == 302 and again.headers["location"] == RA + "?lang=fr"


def test_a_printed_name_leads_to_the_card_in_its_language(client: TestClient) -> None:
    r = client.get("/card/鸦阁城冒险家", follow_redirects=False)
    assert r.status_code == 302 and r.headers["location"] == RA + "?lang=zh-Hans"
    r = client.get("/card/Aventurière de Ravenloft?lang=en", follow_redirects=False)
    assert r.status_code == 302 and r.headers["location"] == RA + "?lang=en"


def test_an_unimplemented_card_says_why(client: TestClient) -> None:
    text = client.get("/card/Tarmogoyf?lang=en").text
    assert "not implemented" in text and "can&#39;t read" in text


def test_multi_face_card_shows_each_face(client: TestClient) -> None:
    """Each face of a split card (CR 709) and of a double-faced card (CR 712) has its own part of
    the page; a split card is implemented, a transform card says why it isn't."""
    text = client.get("/card/Fire%20%2F%2F%20Ice?lang=en").text
    assert "<h3>Fire " in text and "<h3>Ice " in text
    assert "not implemented" not in text
    text = client.get("/card/Delver%20of%20Secrets%20%2F%2F%20Insectile%20Aberration?lang=en").text
    assert "<h3>Delver of Secrets " in text and "<h3>Insectile Aberration " in text
    assert "transform layout" in text  # why it isn't implemented


def test_unknown_card_is_404_with_suggestions(client: TestClient) -> None:
    r = client.get("/card/Ravenlof%20Adventurer?lang=en")
    assert r.status_code == 404
    assert "unknown card 'Ravenlof Adventurer'" in message(r.text)
    assert 'href="/card/Ravenloft%20Adventurer?lang=en"' in r.text


def test_a_name_with_markup_is_escaped(client: TestClient) -> None:
    r = client.get("/card/%3Cscript%3Ealert(1)%3C%2Fscript%3E?lang=en")
    assert r.status_code == 404
    assert "<script>alert(1)" not in r.text and "&lt;script&gt;alert(1)" in r.text


def test_bad_language_and_huge_name_are_400(client: TestClient) -> None:
    r = client.get(RA + "?lang=klingon")
    assert r.status_code == 400 and "unknown language 'klingon'" in message(r.text)
    r = client.get("/card/" + "x" * 5000 + "?lang=en")
    assert r.status_code == 400 and "no card has one" in message(r.text)


def test_card_json_is_the_page_data(client: TestClient) -> None:
    r = client.get("/api/card/Ravenloft%20Adventurer?lang=zh-Hans")
    assert r.json() == get_db().page("Ravenloft Adventurer", "zh-Hans").to_json()
    r = client.get("/api/card/Nope%20Nope")
    assert r.status_code == 404 and r.json()["error"].startswith("unknown card")
