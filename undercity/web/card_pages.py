"""The card pages: home, a card's page (CardDB.page, the data of ``undercity card --json``) in
en / fr / zh-Hans, its JSON, and the Scryfall-style search (CardDB.search), paged."""

from __future__ import annotations

import math
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from undercity.errors import UndercityError, UnknownCardError
from undercity.web.cards import LANG_COOKIE, LANGS, site_lang, unimplemented_reason
from undercity.web.pages import (
    MAX_QUERY,
    WebError,
    card_db,
    card_url,
    chosen_lang,
    int_param,
    render,
    storage_of,
)
from undercity.web.storage import MAX_COUNT

PAGE_SIZE = 60



async def home(request: Request) -> Response:
    return render(request, "home.html")


def _page_data(name: str, lang: str) -> Any:
    if len(name) > MAX_QUERY:
        raise WebError(400, f"a card name of {len(name):,} characters: no card has one")
    try:
        return card_db().page(name, lang)
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
        match = card_db().find(name) if len(name) <= MAX_QUERY and name.strip() else None
        lang = (site_lang(match.lang) if match and match.lang != "en" else None) or chosen_lang(request)
        page = _page_data(name, lang)
        return RedirectResponse(card_url(page.name, lang), status_code=302)
    page = _page_data(name, lang)
    if page.name != name:
        return RedirectResponse(card_url(page.name, lang), status_code=302)
    reason = None if page.implemented else unimplemented_reason(page.name)
    response = render(request, "card.html", page=page, lang=lang, reason=reason,
                      owned=storage_of(request).owned(page.name), max_count=MAX_COUNT)
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
    number = int_param(request.query_params.get("page"), "page", 1, 1, 10_000)
    lang = chosen_lang(request)
    rows: list[dict[str, Any]] = []
    if q.strip():
        try:
            rows = card_db().search(q)
        except SearchError as e:
            raise WebError(400, str(e)) from None
    pages = max(1, math.ceil(len(rows) / PAGE_SIZE))
    if number > pages:
        raise WebError(404, f"page {number} of a search with {pages} page{'s' if pages != 1 else ''}")
    shown = rows[(number - 1) * PAGE_SIZE:number * PAGE_SIZE]
    printed = card_db().printed_names([r["name"] for r in shown], lang) if lang != "en" else {}

    def link(**change: Any) -> str:
        params = {"q": q, "view": view, "page": number, "lang": lang, **change}
        return "/search?" + urlencode(params)

    return render(request, "search.html", q=q, view=view, rows=shown, total=len(rows), page=number, pages=pages,
                  printed=printed, link=link, first=(number - 1) * PAGE_SIZE + 1)

