"""One real browser: Debian's headless Chromium, driven by Playwright (which downloads no browser
here), opens the card page of Ravenloft Adventurer in Simplified Chinese on a live server and
saves a screenshot. In CI (CI=true) the browser must be there (.ci/run installs it); elsewhere
the test is skipped, saying why, when no chromium is found."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

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
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import uvicorn

    from undercity.web.app import create_app

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(tmp_path_factory.mktemp("data")), log_level="warning"))
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


def test_card_page_in_simplified_chinese_renders_in_chromium(server: str, tmp_path: Path) -> None:
    assert CHROMIUM is not None, "CI=true: chromium must be installed (.ci/run installs it)"
    from playwright.sync_api import sync_playwright

    shot = Path(os.environ.get("UNDERCITY_SCREENSHOTS", tmp_path)) / "card-ravenloft-adventurer-zh-Hans.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
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
        finally:
            browser.close()
    assert shot.stat().st_size > 10_000
