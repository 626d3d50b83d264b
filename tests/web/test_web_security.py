"""Bad requests in general: bounded bodies, error pages with the right status, safe headers."""

from __future__ import annotations

from page_parts import csrf, message
from starlette.testclient import TestClient

from undercity.web.security import MAX_BODY


def test_a_declared_oversized_body_is_413_before_it_is_read(client: TestClient) -> None:
    r = client.post("/decks", content=b"x" * 10, headers={"content-length": str(MAX_BODY + 1),
                                                           "content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 413 and "larger than 1024 KB" in r.text


def test_a_streamed_oversized_body_is_cut_off_with_413(client: TestClient) -> None:
    def chunks():
        for _ in range(3):
            yield b"text=" + b"a" * (MAX_BODY // 2)

    r = client.post("/decks", content=chunks(), headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 413
    assert "No saved decks yet" in client.get("/decks").text


def test_a_malformed_body_is_refused(client: TestClient) -> None:
    # Nothing readable in it, so no token either: refused as a forged post.
    r = client.post("/decks", content=b"--zz\r\nnonsense", headers={"content-type": "multipart/form-data; boundary=zz"})
    assert r.status_code == 403
    r = client.post("/decks", content=b"\xff\xfe=%%%", headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 403
    assert "No saved decks yet" in client.get("/decks").text


def test_too_many_files_is_400(client: TestClient) -> None:
    files = [("file", ("a.txt", b"1 Plains", "text/plain")), ("file", ("b.txt", b"1 Plains", "text/plain"))]
    r = client.post("/decks", data={"csrf": csrf(client)}, files=files)
    assert r.status_code == 400 and "the form could not be read" in message(r.text)


def test_unknown_pages_and_methods(client: TestClient) -> None:
    r = client.get("/nowhere")
    assert r.status_code == 404 and "no page at /nowhere" in message(r.text)
    assert client.delete("/decks").status_code == 405
    assert client.get("/api/nowhere").json()["error"] == "no page at /api/nowhere"


def test_pages_load_nothing_from_elsewhere(client: TestClient) -> None:
    r = client.get("/card/Ravenloft%20Adventurer?lang=en")
    assert r.headers["content-security-policy"].startswith("default-src 'self'")
    assert r.headers["referrer-policy"] == "no-referrer" and r.headers["x-content-type-options"] == "nosniff"
    assert "http://" not in r.text and "https://" not in r.text
    css = client.get("/static/site.css")
    assert css.status_code == 200 and "url(" not in css.text


def test_the_csrf_cookie_is_strict_and_http_only(tmp_path) -> None:
    from undercity.web.app import create_app

    with TestClient(create_app(tmp_path)) as fresh:
        r = fresh.get("/")
    cookie = r.headers["set-cookie"].lower()
    assert cookie.startswith("csrf=") and "httponly" in cookie and "samesite=strict" in cookie


def test_only_the_allowed_host_names_are_answered(tmp_path) -> None:
    from undercity.web.app import create_app

    app = create_app(tmp_path, allowed_hosts=["127.0.0.1", "localhost"])
    with TestClient(app, base_url="http://127.0.0.1:8000") as c:
        assert c.get("/").status_code == 200
        assert c.get("/", headers={"host": "rebind.example:8000"}).status_code == 400
    app.state.storage.close()
