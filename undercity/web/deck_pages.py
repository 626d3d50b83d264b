"""The deck pages: saved decklists (undercity/decks.py parses and checks them), every problem
with its line number, what you lack from your collection, export, edit, delete."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response

from undercity.errors import DecklistError, UndercityError
from undercity.web import security
from undercity.web.cards import problem_lines
from undercity.web.pages import (
    WebError,
    card_db,
    int_param,
    read_form,
    render,
    storage_of,
    text_field,
    upload_text,
)
from undercity.web.storage import MAX_NAME


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
    return render(request, "decks.html", decks=storage_of(request).decks(), formats=_formats())


def _formats() -> list[str]:
    return ["constructed", "commander", *(f for f in card_db().all_formats() if f != "commander")]


async def _deck_form(request: Request) -> tuple[str, str, str]:
    form = await read_form(request)
    upload = await upload_text(form, "file")
    text = text_field(form, "text", security.MAX_BODY)
    name = text_field(form, "name", MAX_NAME).strip()
    fmt = text_field(form, "format", 50, "constructed").strip() or "constructed"
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
    deck_id = storage_of(request).save_deck(name, fmt, text)
    return RedirectResponse(f"/decks/{deck_id}", status_code=303)


def saved_deck(request: Request) -> Any:
    deck_id = int_param(request.path_params["deck_id"], "the deck number", 0, 0, 2**62)
    saved = storage_of(request).deck(deck_id)
    if saved is None:
        raise WebError(404, f"no saved deck number {deck_id} (the decks page lists them)")
    return saved


async def deck_page(request: Request) -> Response:
    saved = saved_deck(request)
    deck, problems, warnings = _check(saved.text, saved.name, saved.format)
    need: Counter[str] = Counter()
    for e in deck.entries:
        if e.known:
            need[e.name] += e.count
    owned = storage_of(request).owned_many(need)
    rows = [{"name": n, "need": k, "owned": owned.get(n, 0), "lack": max(0, k - owned.get(n, 0))}
            for n, k in sorted(need.items())]
    bad = problem_lines(problems)
    lines = [(i, line, i in bad) for i, line in enumerate(saved.text.splitlines(), start=1)]
    from undercity.decks import BUNDLED

    return render(request, "deck.html", saved=saved, deck=deck, problems=problems, warnings=warnings, rows=rows,
                  lacking=sum(r["lack"] for r in rows), lines=lines, formats=_formats(), bundled=BUNDLED)


async def deck_update(request: Request) -> Response:
    saved = saved_deck(request)
    name, fmt, text = await _deck_form(request)
    storage_of(request).save_deck(name, fmt, text, saved.id)
    return RedirectResponse(f"/decks/{saved.id}", status_code=303)


async def deck_delete(request: Request) -> Response:
    saved = saved_deck(request)
    await read_form(request)
    storage_of(request).delete_deck(saved.id)
    return RedirectResponse("/decks", status_code=303)


async def deck_export(request: Request) -> Response:
    saved = saved_deck(request)
    filename = "".join(ch if ch.isalnum() or ch in "-_ " else "_" for ch in saved.name).strip() or "deck"
    return PlainTextResponse(saved.text, headers={
        "content-disposition": f"attachment; filename*=UTF-8''{quote(filename)}.txt"})

