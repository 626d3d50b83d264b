"""The collection pages: counts owned, set from a card page, in bulk, or by CSV (collection.py)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response

from undercity.errors import UndercityError
from undercity.web import security
from undercity.web.cards import site_lang
from undercity.web.collection import ImportError_, export_csv, parse_csv, parse_lines
from undercity.web.pages import (
    MAX_QUERY,
    WebError,
    card_db,
    card_url,
    int_param,
    read_form,
    render,
    storage_of,
    text_field,
    upload_text,
)
from undercity.web.storage import MAX_COUNT


async def collection(request: Request) -> Response:
    rows = storage_of(request).collection()
    return render(request, "collection.html", rows=rows, total=sum(n for _, n in rows))


async def collection_card(request: Request) -> Response:
    form = await read_form(request)
    name = text_field(form, "card", MAX_QUERY)
    count = int_param(text_field(form, "count", 20), "the count", -1, 0, MAX_COUNT)
    if count < 0:
        raise WebError(400, "the count is missing")
    match = card_db().find(name) if name.strip() else None
    if match is None or match.name != name:
        raise WebError(404, f"unknown card {name[:200]!r}", suggestions=card_db().suggest(name[:200]) if name else [])
    storage_of(request).set_counts({name: count})
    lang = site_lang(text_field(form, "lang", 20)) or "en"
    return RedirectResponse(card_url(name, lang), status_code=303)


async def collection_bulk(request: Request) -> Response:
    form = await read_form(request)
    mode = text_field(form, "mode", 10, "add")
    if mode not in ("add", "set"):
        raise WebError(400, f"mode must be add or set, not {mode[:20]!r}")
    try:
        counts = parse_lines(text_field(form, "lines", security.MAX_BODY))
    except ImportError_ as e:
        raise WebError(400, "nothing was changed: the lines have problems", problems=e.problems) from None
    except UndercityError as e:
        raise WebError(400, str(e)) from None
    storage_of(request).set_counts(dict(counts), add=mode == "add")
    return RedirectResponse("/collection", status_code=303)


async def collection_import(request: Request) -> Response:
    form = await read_form(request)
    upload = await upload_text(form, "file")
    if upload is None:
        raise WebError(400, "choose a CSV file to import (columns Count,Name)")
    mode = text_field(form, "mode", 10, "add")
    if mode not in ("add", "set"):
        raise WebError(400, f"mode must be add or set, not {mode[:20]!r}")
    try:
        counts = parse_csv(upload[1])
    except ImportError_ as e:
        raise WebError(400, f"{upload[0][:200]}: nothing was imported", problems=e.problems[:200]) from None
    storage_of(request).set_counts(dict(counts), add=mode == "add")
    return RedirectResponse("/collection", status_code=303)


async def collection_export(request: Request) -> Response:
    return PlainTextResponse(export_csv(storage_of(request).collection()), media_type="text/csv",
                             headers={"content-disposition": "attachment; filename=collection.csv"})

