"""One real browser: Debian's headless Chromium, driven by Playwright (which downloads no browser
here), opens the card page of Ravenloft Adventurer in Simplified Chinese on a live server and
saves a screenshot. In CI (CI=true) the browser must be there (.ci/run installs it); elsewhere
the test is skipped, saying why, when no chromium is found."""

from __future__ import annotations

import os
import random
import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").is_file() else None


CHROMIUM = _chromium()
if CHROMIUM is None and os.environ.get("CI") != "true":
    pytest.skip("no chromium found (Debian: apt-get install chromium); .ci/run installs it, and in CI this "
                "test must run", allow_module_level=True)


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Any:
    from undercity.web.app import create_app

    return create_app(tmp_path_factory.mktemp("data"))


@pytest.fixture(scope="module")
def server(app: Any) -> Iterator[str]:
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, log_level="warning", ws_max_size=64 * 1024))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(300):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=30)
    sock.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    assert CHROMIUM is not None, "CI=true: chromium must be installed (.ci/run installs it)"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield b
        finally:
            b.close()


def _shot(tmp_path: Path, name: str) -> Path:
    """Where a screenshot goes: UNDERCITY_SCREENSHOTS if set, else the test's own directory."""
    out = Path(os.environ.get("UNDERCITY_SCREENSHOTS", tmp_path)) / name
    out.parent.mkdir(parents=True, exist_ok=True)
    return out


def test_card_page_in_simplified_chinese_renders_in_chromium(server: str, browser: Any, tmp_path: Path) -> None:
    shot = _shot(tmp_path, "card-ravenloft-adventurer-zh-Hans.png")
    page = browser.new_page(viewport={"width": 1100, "height": 1400})
    # From the Chinese name, the site finds the card and shows it in Chinese.
    page.goto(server + "/card/鸦阁城冒险家")
    assert page.url == server + "/card/Ravenloft%20Adventurer?lang=zh-Hans"
    assert page.locator("h1").inner_text() == "鸦阁城冒险家"
    assert page.locator(".printed .typeline").inner_text() == "生物 ～人类／浪客／杀手"
    assert "掌握先制" in page.locator(".printed .rules").inner_text()
    assert page.locator(".cardhead svg.ms").count() == 2  # {3}{B} drawn as symbols
    box = page.locator(".cardhead svg.ms").first.bounding_box()
    assert box is not None and box["width"] > 10  # the stylesheet loaded and sized them
    assert page.locator("table.legal tr").count() > 10
    page.screenshot(path=str(shot), full_page=True)
    page.close()
    assert shot.stat().st_size > 10_000


def test_card_page_in_french_by_the_language_switch(server: str, browser: Any, tmp_path: Path) -> None:
    page = browser.new_page()
    page.goto(server + "/card/Ravenloft%20Adventurer?lang=en")
    with page.expect_navigation():
        page.click("nav.langs a[lang=fr]")
    assert page.url.endswith("?lang=fr")
    assert page.locator("h1").inner_text() == "Aventurière de Ravenloft"
    assert "initiative" in page.locator(".printed .rules").inner_text()
    page.screenshot(path=str(_shot(tmp_path, "card-ravenloft-adventurer-fr.png")), full_page=True)
    page.close()


def test_a_decklist_with_a_bad_line_shows_the_error_at_that_line(server: str, browser: Any, tmp_path: Path) -> None:
    page = browser.new_page()
    page.goto(server + "/decks")
    page.fill("input[name=name]", "Typo")
    page.fill("textarea[name=text]", "28 Plains\n28 Swamp\n4 Ravenlof Adventurer\n1 <script>alert(1)</script>\n")
    with page.expect_navigation():
        page.click("form[action='/decks'] button")
    assert "/decks/" in page.url
    problems = page.locator(".problems li").all_inner_texts()
    assert problems[0].startswith("line 3: unknown card 'Ravenlof Adventurer'; did you mean 'Ravenloft Adventurer'")
    assert problems[1] == "line 4: unknown card '<script>alert(1)</script>'"  # shown as text, not run
    assert page.locator("#line-3.bad").inner_text() == "4 Ravenlof Adventurer"
    page.screenshot(path=str(_shot(tmp_path, "deck-with-a-bad-line.png")), full_page=True)
    page.close()


def _play_to_the_end(page: Any, rng: random.Random) -> int:
    """Click one of the offered options (or press its number key) until the game is over."""
    for clicks in range(3000):
        if page.locator("p.ok", has_text="Game over").count():
            return clicks
        buttons = page.locator(".decision button[name=choice]")
        n = buttons.count()
        assert n >= 2, page.content()[:2000]  # the table stops only where there is a choice
        before = page.get_attribute("#table", "data-fingerprint")
        k = rng.randrange(n)
        if k < 9 and clicks % 2:
            page.keyboard.press(str(k + 1))  # the keyboard shortcut for option k + 1
        else:
            buttons.nth(k).click()
        page.wait_for_function("fp => { const t = document.getElementById('table');"
                               " return t !== null && t.dataset.fingerprint !== fp; }", arg=before)
    raise AssertionError("the game did not end")


def test_a_game_against_the_ai_played_to_the_end_by_clicking(server: str, browser: Any, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 1200})
    page.goto(server + "/table")
    page.select_option("select[name=seat1]", "heuristic")
    page.fill("input[name=seed]", "5")
    with page.expect_navigation():
        page.click("form[action='/table'] button")
    assert "/play/" in page.url
    page.screenshot(path=str(_shot(tmp_path, "table-start.png")), full_page=True)
    clicks = _play_to_the_end(page, random.Random(2))
    assert clicks > 3 and page.locator("p.ok").inner_text().startswith("Game over: ")
    page.screenshot(path=str(_shot(tmp_path, "table-game-over.png")), full_page=True)
    page.close()


def test_two_human_seats_each_see_only_their_own_hand(server: str, app: Any, browser: Any, tmp_path: Path) -> None:
    host = browser.new_page()
    host.goto(server + "/table")
    host.select_option("select[name=seat1]", "human")
    with host.expect_navigation():
        host.click("form[action='/table'] button")
    links = [a.get_attribute("href") for a in host.locator("main li a").all()]
    assert len(links) == 2
    host.close()
    contexts = [browser.new_context(), browser.new_context()]  # two players, two browsers
    pages = [ctx.new_page() for ctx in contexts]
    tg, _ = app.state.games.get(links[0].rsplit("/", 1)[1])
    s = tg.game.s
    for seat, page in enumerate(pages):
        page.goto(server + links[seat])
        shown = sorted(t.split(" ")[0] for t in page.locator(".hand li").all_inner_texts())
        hand = sorted(s.objs[o].name.split(" ")[0] for o in s.players[seat].hand)
        assert shown == hand
        other = {s.objs[o].name for o in s.players[1 - seat].hand} - {s.objs[o].name for o in s.players[seat].hand}
        assert other and not [n for n in other if n in page.content()]
    # The seat to decide answers; the other seat's page follows by itself (its socket).
    deciding = tg.game.pending.player
    waiting = pages[1 - deciding]
    before = waiting.get_attribute("#table", "data-fingerprint")
    assert re.fullmatch(r" \(\d+ s\)", waiting.locator(".waiting .clock").inner_text())  # the clock ticks
    pages[deciding].locator(".decision button[name=choice]").first.click()
    waiting.wait_for_function("fp => document.getElementById('table').dataset.fingerprint !== fp", arg=before)
    # Each browser finds its way back to its own seat on /games, and to no other.
    for seat, page in enumerate(pages):
        page.goto(server + "/games")
        game = page.locator(f"#game-{tg.id}")
        assert [a.get_attribute("href") for a in game.locator("a").all()] == [links[seat]]
        assert links[1 - seat] not in page.content()
    pages[0].screenshot(path=str(_shot(tmp_path, "games-in-progress.png")), full_page=True)
    with pages[1].expect_navigation():
        pages[1].locator(f"#game-{tg.id} a").click()
    assert pages[1].url == server + links[1]
    for ctx in contexts:
        ctx.close()


def test_a_scenario_run_in_the_sandbox(server: str, browser: Any, tmp_path: Path) -> None:
    page = browser.new_page()
    page.goto(server + "/sandbox")
    with page.expect_navigation():
        page.click("form[action='/sandbox'] button")  # the example the form starts with
    assert page.locator(".result h2").inner_text() == "PASS — 1 expectation checked, all held"
    assert any("Lightning Bolt deals 3 damage to Bob" in t for t in page.locator(".result .log li").all_inner_texts())
    page.screenshot(path=str(_shot(tmp_path, "sandbox.png")), full_page=True)
    page.close()


def _upload_csv(page: Any, server: str, name: str, text: str, mode: str) -> None:
    page.goto(server + "/collection")
    form = page.locator("form[action='/collection/import']")
    form.locator("input[type=file]").set_input_files({"name": name, "mimeType": "text/csv",
                                                     "buffer": text.encode()})
    form.locator(f"input[name=mode][value={mode}]").check()
    with page.expect_navigation():
        form.locator("button").click()


def test_a_collection_csv_import(server: str, browser: Any, tmp_path: Path) -> None:
    """The documented CSV (a header naming Count and Name in any order; other columns ignored,
    rows of one card adding up, names in any printed language) imports from the collection page;
    the counts show there and on the card page. A CSV with one bad row names that row and
    imports nothing, not even its good rows."""
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    good = ("Name,Edition,Count\n"
            "Lightning Bolt,Magic 2010,2\n"
            "Lightning Bolt,Masters 25,1\n"
            "Aventurière de Ravenloft,Battle for Baldur's Gate,4\n")
    _upload_csv(page, server, "mine.csv", good, "set")
    assert page.url == server + "/collection"
    assert page.locator("main p").first.inner_text().startswith("2 different cards, 7 in all")
    rows = {r.locator("td").nth(0).inner_text(): r.locator("td").nth(1).inner_text()
            for r in page.locator("table.results tbody tr").all()}
    assert rows == {"Lightning Bolt": "3", "Ravenloft Adventurer": "4"}
    page.screenshot(path=str(_shot(tmp_path, "collection-imported.png")), full_page=True)
    with page.expect_navigation():
        page.locator("table.results a", has_text="Ravenloft Adventurer").click()
    assert page.locator("h1").inner_text() == "Ravenloft Adventurer"
    assert page.locator(".owned input[name=count]").input_value() == "4"

    bad = "Count,Name\n5,Lightning Bolt\n2,Ravenlof Adventurer\n"
    _upload_csv(page, server, "typo.csv", bad, "add")
    assert page.locator("h1.error").inner_text() == "Error 400"
    assert page.locator(".message").inner_text() == "typo.csv: nothing was imported"
    problems = page.locator(".problems li").all_inner_texts()
    assert len(problems) == 1 and problems[0].startswith("line 3: unknown card 'Ravenlof Adventurer'")
    assert "Ravenloft Adventurer" in problems[0]  # the suggestion
    page.screenshot(path=str(_shot(tmp_path, "collection-bad-csv.png")), full_page=True)
    page.goto(server + "/card/Lightning%20Bolt?lang=en")
    assert page.locator(".owned input[name=count]").input_value() == "3"  # the good row wasn't imported
    page.goto(server + "/collection")
    assert page.locator("main p").first.inner_text().startswith("2 different cards, 7 in all")
    page.close()
