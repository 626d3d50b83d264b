"""The web application (``undercity serve``): the card site — card pages, search, decks, the
collection — and the play table. Starlette, Jinja2 templates with autoescape, assets in the package.

:func:`create_app` builds it; every route is listed at the end of this module.
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from undercity.errors import DecklistError, UndercityError, UnknownCardError
from undercity.web import security
from undercity.web.cards import LANG_COOKIE, LANGS, problem_lines, site_lang, unimplemented_reason
from undercity.web.collection import ImportError_, export_csv, parse_csv, parse_lines
from undercity.web.dungeon_map import dungeon_svg
from undercity.web.storage import MAX_COUNT, MAX_NAME, Storage
from undercity.web.symbols import with_symbols

PAGE_SIZE = 60
MAX_QUERY = 1000  # characters of a search or a card name
FORM_LIMITS = {"max_files": 1, "max_fields": 20, "max_part_size": security.MAX_BODY}

_env = Environment(loader=PackageLoader("undercity.web", "templates"),
                   autoescape=select_autoescape(default=True, default_for_string=True))
_env.filters["symbols"] = with_symbols
_env.globals["dungeon_svg"] = dungeon_svg
_env.globals["LANGS"] = LANGS


def _card_url(name: str, lang: str | None = None) -> str:
    return "/card/" + quote(name, safe="") + (f"?lang={quote(lang)}" if lang else "")


_env.globals["card_url"] = _card_url


class WebError(Exception):
    """A user's mistake, answered with ``status`` and a page (or JSON under /api/) naming it."""

    def __init__(self, status: int, message: str, *, suggestions: list[str] | None = None,
                 problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.status, self.message = status, message
        self.suggestions = suggestions or []
        self.problems = problems or []


def _storage(request: Request) -> Storage:
    return request.app.state.storage


def _db() -> Any:
    from undercity.carddb import get_db

    return get_db()


def render(request: Request, template: str, status: int = 200, **ctx: Any) -> HTMLResponse:
    ctx.setdefault("lang", _chosen_lang(request))
    html = _env.get_template(template).render(request=request, csrf=security.csrf_token(request), **ctx)
    response = HTMLResponse(html, status_code=status)
    new = getattr(request.state, "new_csrf", None)
    if new:
        response.set_cookie(security.CSRF_COOKIE, new, httponly=True, samesite="strict", path="/")
    return response


def _chosen_lang(request: Request) -> str:
    return site_lang(request.query_params.get("lang")) or site_lang(request.cookies.get(LANG_COOKIE)) or "en"


def _is_api(request: Request) -> bool:
    return request.url.path.startswith("/api/")


async def _error(request: Request, exc: Exception) -> Response:
    if isinstance(exc, WebError):
        status, message, suggestions, problems = exc.status, exc.message, exc.suggestions, exc.problems
    elif isinstance(exc, HTTPException):
        status = exc.status_code
        message = {404: f"no page at {request.url.path[:200]}", 405: "this page does not take that method"}.get(
            status, str(exc.detail))
        suggestions, problems = [], []
    else:  # pragma: no cover - a bug: say so without a traceback in the page
        status, message, suggestions, problems = 500, "internal error (the server log has the details)", [], []
    if _is_api(request):
        return JSONResponse({"error": message, "suggestions": suggestions, "problems": problems}, status_code=status)
    return render(request, "error.html", status=status, status_code=status, message=message,
                  suggestions=suggestions, problems=problems)


async def _form(request: Request) -> Any:
    """The posted form, after its CSRF token is checked: 403 for a forged post, nothing changed."""
    try:
        form = await request.form(**FORM_LIMITS)
    except security.BodyTooLarge:
        raise
    except Exception as e:  # malformed multipart or too many fields/parts (starlette's own limits)
        raise WebError(400, f"the form could not be read: {getattr(e, 'detail', None) or e}") from None
    if not security.csrf_ok(request, form):
        raise WebError(403, "this form's security token is missing or does not match this browser's "
                            "(reload the page and send it again)")
    return form


def _text_field(form: Any, key: str, limit: int, default: str = "") -> str:
    value = form.get(key)
    if value is None:
        return default
    if not isinstance(value, str):
        raise WebError(400, f"the field {key!r} should be text, not a file")
    if len(value) > limit:
        raise WebError(413, f"the field {key!r} is longer than {limit:,} characters")
    return value


async def _upload_text(form: Any, key: str) -> tuple[str, str] | None:
    """(file name, text) of an uploaded UTF-8 file, or None when no file was sent."""
    up = form.get(key)
    if not isinstance(up, UploadFile) or not up.filename:
        return None
    data = await up.read(security.MAX_BODY + 1)
    if len(data) > security.MAX_BODY:
        raise WebError(413, f"{up.filename}: larger than {security.MAX_BODY // 1024} KB")
    try:
        return up.filename, data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise WebError(400, f"{up.filename[:200]}: not a UTF-8 text file (decklists are text, an MTG Arena "
                            "export or MTGO .dek XML; collections are CSV)") from None


def _int_param(value: str | None, what: str, default: int, low: int, high: int) -> int:
    if value is None or value == "":
        return default
    if not value.strip().isdigit() or len(value) > 9 or not low <= int(value) <= high:
        raise WebError(400, f"{what} must be a whole number from {low:,} to {high:,}, not {value[:30]!r}")
    return int(value)


# ----------------------------------------------------------------------------- pages


async def home(request: Request) -> Response:
    return render(request, "home.html")


def _page_data(name: str, lang: str) -> Any:
    if len(name) > MAX_QUERY:
        raise WebError(400, f"a card name of {len(name):,} characters: no card has one")
    try:
        return _db().page(name, lang)
    except UnknownCardError as e:
        raise WebError(404, str(e), suggestions=e.suggestions) from None
    except UndercityError as e:
        raise WebError(400, str(e)) from None


async def card_page(request: Request) -> Response:
    name = request.path_params["name"]
    asked = request.query_params.get("lang")
    lang = site_lang(asked)
    if asked is not None and lang is None:
        raise WebError(400, f"unknown language {asked[:30]!r}: the site shows cards in "
                            + ", ".join(f"{k} ({v})" for k, v in LANGS.items()))
    if lang is None:
        # Not in the URL: the language the name is printed in, else the one remembered.
        match = _db().find(name) if len(name) <= MAX_QUERY and name.strip() else None
        lang = (site_lang(match.lang) if match and match.lang != "en" else None) or _chosen_lang(request)
        page = _page_data(name, lang)
        return RedirectResponse(_card_url(page.name, lang), status_code=302)
    page = _page_data(name, lang)
    if page.name != name:
        return RedirectResponse(_card_url(page.name, lang), status_code=302)
    reason = None if page.implemented else unimplemented_reason(page.name)
    response = render(request, "card.html", page=page, lang=lang, reason=reason,
                      owned=_storage(request).owned(page.name), max_count=MAX_COUNT)
    response.set_cookie(LANG_COOKIE, lang, samesite="lax", path="/", max_age=365 * 24 * 3600)
    return response


async def card_json(request: Request) -> Response:
    lang = site_lang(request.query_params.get("lang")) or "en"
    page = _page_data(request.path_params["name"], lang)
    return JSONResponse(page.to_json())


async def search(request: Request) -> Response:
    from undercity.carddb import SearchError

    q = request.query_params.get("q", "")
    view = request.query_params.get("view", "table")
    if view not in ("table", "grid"):
        raise WebError(400, f"view must be table or grid, not {view[:30]!r}")
    if len(q) > MAX_QUERY:
        raise WebError(400, f"the search is {len(q):,} characters long; at most {MAX_QUERY}")
    number = _int_param(request.query_params.get("page"), "page", 1, 1, 10_000)
    lang = _chosen_lang(request)
    rows: list[dict[str, Any]] = []
    if q.strip():
        try:
            rows = _db().search(q)
        except SearchError as e:
            raise WebError(400, str(e)) from None
    pages = max(1, math.ceil(len(rows) / PAGE_SIZE))
    if number > pages:
        raise WebError(404, f"page {number} of a search with {pages} page{'s' if pages != 1 else ''}")
    shown = rows[(number - 1) * PAGE_SIZE:number * PAGE_SIZE]
    printed = _db().printed_names([r["name"] for r in shown], lang) if lang != "en" else {}

    def link(**change: Any) -> str:
        params = {"q": q, "view": view, "page": number, "lang": lang, **change}
        return "/search?" + urlencode(params)

    return render(request, "search.html", q=q, view=view, rows=shown, total=len(rows), page=number, pages=pages,
                  printed=printed, link=link, first=(number - 1) * PAGE_SIZE + 1)


# ----------------------------------------------------------------------------- decks


def _check(text: str, name: str, fmt: str) -> tuple[Any, list[str], list[str]]:
    from undercity.decks import check_deck, parse_decklist

    try:
        deck = parse_decklist(text, name, check=False)
        problems, warnings = check_deck(deck, fmt)
    except DecklistError as e:
        raise WebError(413 if "larger than" in str(e) else 400, str(e)) from None
    except UndercityError as e:
        raise WebError(400, str(e)) from None
    return deck, problems, warnings


async def decks(request: Request) -> Response:
    return render(request, "decks.html", decks=_storage(request).decks(), formats=_formats())


def _formats() -> list[str]:
    return ["constructed", "commander", *(f for f in _db().all_formats() if f != "commander")]


async def _deck_form(request: Request) -> tuple[str, str, str]:
    form = await _form(request)
    upload = await _upload_text(form, "file")
    text = _text_field(form, "text", security.MAX_BODY)
    name = _text_field(form, "name", MAX_NAME).strip()
    fmt = _text_field(form, "format", 50, "constructed").strip() or "constructed"
    if upload is not None:
        filename, text = upload
        name = name or Path(filename).stem[:MAX_NAME]
    if not text.strip():
        raise WebError(400, "the decklist is empty: paste it or choose a file")
    name = name or "deck"
    _check(text, name, fmt)  # a file too big or an unknown format is refused before saving
    return name, fmt, text


async def deck_create(request: Request) -> Response:
    name, fmt, text = await _deck_form(request)
    deck_id = _storage(request).save_deck(name, fmt, text)
    return RedirectResponse(f"/decks/{deck_id}", status_code=303)


def _saved(request: Request) -> Any:
    deck_id = _int_param(request.path_params["deck_id"], "the deck number", 0, 0, 2**62)
    saved = _storage(request).deck(deck_id)
    if saved is None:
        raise WebError(404, f"no saved deck number {deck_id} (the decks page lists them)")
    return saved


async def deck_page(request: Request) -> Response:
    saved = _saved(request)
    deck, problems, warnings = _check(saved.text, saved.name, saved.format)
    need: Counter[str] = Counter()
    for e in deck.entries:
        if e.known:
            need[e.name] += e.count
    owned = _storage(request).owned_many(need)
    rows = [{"name": n, "need": k, "owned": owned.get(n, 0), "lack": max(0, k - owned.get(n, 0))}
            for n, k in sorted(need.items())]
    bad = problem_lines(problems)
    lines = [(i, line, i in bad) for i, line in enumerate(saved.text.splitlines(), start=1)]
    from undercity.decks import BUNDLED

    return render(request, "deck.html", saved=saved, deck=deck, problems=problems, warnings=warnings, rows=rows,
                  lacking=sum(r["lack"] for r in rows), lines=lines, formats=_formats(), bundled=BUNDLED)


async def deck_update(request: Request) -> Response:
    saved = _saved(request)
    name, fmt, text = await _deck_form(request)
    _storage(request).save_deck(name, fmt, text, saved.id)
    return RedirectResponse(f"/decks/{saved.id}", status_code=303)


async def deck_delete(request: Request) -> Response:
    saved = _saved(request)
    await _form(request)
    _storage(request).delete_deck(saved.id)
    return RedirectResponse("/decks", status_code=303)


async def deck_export(request: Request) -> Response:
    saved = _saved(request)
    filename = "".join(ch if ch.isalnum() or ch in "-_ " else "_" for ch in saved.name).strip() or "deck"
    return PlainTextResponse(saved.text, headers={
        "content-disposition": f"attachment; filename*=UTF-8''{quote(filename)}.txt"})


# ----------------------------------------------------------------------------- collection


async def collection(request: Request) -> Response:
    rows = _storage(request).collection()
    return render(request, "collection.html", rows=rows, total=sum(n for _, n in rows))


async def collection_card(request: Request) -> Response:
    form = await _form(request)
    name = _text_field(form, "card", MAX_QUERY)
    count = _int_param(_text_field(form, "count", 20), "the count", -1, 0, MAX_COUNT)
    if count < 0:
        raise WebError(400, "the count is missing")
    match = _db().find(name) if name.strip() else None
    if match is None or match.name != name:
        raise WebError(404, f"unknown card {name[:200]!r}", suggestions=_db().suggest(name[:200]) if name else [])
    _storage(request).set_counts({name: count})
    lang = site_lang(_text_field(form, "lang", 20)) or "en"
    return RedirectResponse(_card_url(name, lang), status_code=303)


async def collection_bulk(request: Request) -> Response:
    form = await _form(request)
    mode = _text_field(form, "mode", 10, "add")
    if mode not in ("add", "set"):
        raise WebError(400, f"mode must be add or set, not {mode[:20]!r}")
    try:
        counts = parse_lines(_text_field(form, "lines", security.MAX_BODY))
    except ImportError_ as e:
        raise WebError(400, "nothing was changed: the lines have problems", problems=e.problems) from None
    except UndercityError as e:
        raise WebError(400, str(e)) from None
    _storage(request).set_counts(dict(counts), add=mode == "add")
    return RedirectResponse("/collection", status_code=303)


async def collection_import(request: Request) -> Response:
    form = await _form(request)
    upload = await _upload_text(form, "file")
    if upload is None:
        raise WebError(400, "choose a CSV file to import (columns Count,Name)")
    mode = _text_field(form, "mode", 10, "add")
    if mode not in ("add", "set"):
        raise WebError(400, f"mode must be add or set, not {mode[:20]!r}")
    try:
        counts = parse_csv(upload[1])
    except ImportError_ as e:
        raise WebError(400, f"{upload[0][:200]}: nothing was imported", problems=e.problems[:200]) from None
    _storage(request).set_counts(dict(counts), add=mode == "add")
    return RedirectResponse("/collection", status_code=303)


async def collection_export(request: Request) -> Response:
    return PlainTextResponse(export_csv(_storage(request).collection()), media_type="text/csv",
                             headers={"content-disposition": "attachment; filename=collection.csv"})


# ----------------------------------------------------------------------------- the application


class SecurityHeaders:
    """Pages load nothing from elsewhere and can't be framed; URLs (seat tokens) aren't leaked."""

    HEADERS = [(b"content-security-policy", b"default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; "
                                            b"form-action 'self'; base-uri 'none'"),
               (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
               (b"x-frame-options", b"DENY")]

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        async def add(message: Any) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = list(message["headers"]) + self.HEADERS
            await send(message)

        await self.app(scope, receive, add if scope["type"] == "http" else send)


def create_app(data_dir: Path | None = None) -> Starlette:
    """The site, with its storage in ``data_dir`` (default: :func:`storage.data_dir`)."""
    from undercity.web import sandbox, sims, table

    routes = [
        Route("/", home),
        Route("/card/{name:path}", card_page),
        Route("/api/card/{name:path}", card_json),
        Route("/search", search),
        Route("/decks", decks),
        Route("/decks", deck_create, methods=["POST"]),
        Route("/decks/{deck_id}", deck_page),
        Route("/decks/{deck_id}", deck_update, methods=["POST"]),
        Route("/decks/{deck_id}/delete", deck_delete, methods=["POST"]),
        Route("/decks/{deck_id}/export", deck_export),
        Route("/collection", collection),
        Route("/collection/card", collection_card, methods=["POST"]),
        Route("/collection/bulk", collection_bulk, methods=["POST"]),
        Route("/collection/import", collection_import, methods=["POST"]),
        Route("/collection/export.csv", collection_export),
        *table.routes(),
        *sandbox.routes(),
        *sims.routes(),
        Mount("/static", StaticFiles(packages=[("undercity.web", "static")]), name="static"),
    ]
    handlers: dict[Any, Any] = {WebError: _error, HTTPException: _error, Exception: _error}
    app = Starlette(routes=routes, exception_handlers=handlers,
                    middleware=[Middleware(SecurityHeaders), Middleware(security.LimitBody)])
    app.state.storage = Storage.open(data_dir)
    app.state.games = table.Tables(app.state.storage)
    app.state.sims = sims.SimRuns()
    return app
