"""The games in progress (``/games``), so that a player gets back to a game without its link.

Every game not over is listed with its seats, but a seat's link (its token) only for the
browser that holds it: one that opened that seat's page, which remembers the token in its
``seats`` cookie (HttpOnly, like the link itself never readable by scripts). Anyone may see
that a game exists and who sits at it; only a seat's holder can reach the seat, as before."""

from __future__ import annotations

import re

from starlette.requests import Request
from starlette.responses import Response

SEATS_COOKIE = "seats"
MAX_REMEMBERED = 40  # tokens a browser remembers (the newest), well within a cookie's 4 KB
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


def held_tokens(request: Request) -> list[str]:
    """The seat tokens this browser holds, newest first; anything malformed in the cookie is ignored."""
    raw = request.cookies.get(SEATS_COOKIE, "")[:4096]
    return [t for t in raw.split(".") if _TOKEN.fullmatch(t)][:MAX_REMEMBERED]


def remember_seat(request: Request, response: Response, token: str) -> None:
    """Add ``token`` to the browser's held seats (after it opened that seat's page). SameSite=Lax,
    not Strict: a link opened from a chat or a mail is a cross-site navigation, and under Strict
    the browser wouldn't send the seats it already holds, so they would be overwritten."""
    held = held_tokens(request)
    if held[:1] == [token]:
        return
    tokens = [token, *[t for t in held if t != token]][:MAX_REMEMBERED]
    response.set_cookie(SEATS_COOKIE, ".".join(tokens), max_age=365 * 24 * 3600, httponly=True,
                        samesite="lax", path="/")


async def games_page(request: Request) -> Response:
    from undercity.web.pages import render
    from undercity.web.table import AI_NAMES

    held = set(held_tokens(request))
    games = []
    for g in request.app.state.storage.games_in_progress():
        seats = []
        for i, kind in enumerate(g.kinds):
            token = g.tokens.get(i)
            seats.append({"seat": i + 1, "player": f"{AI_NAMES[kind]} AI" if kind in AI_NAMES else "human",
                          "link": f"/play/{token}" if token is not None and token in held else None})
        games.append({"id": g.id, "updated": g.updated, "seats": seats, "yours": any(s["link"] for s in seats)})
    games.sort(key=lambda g: not g["yours"])  # yours first, each part newest first
    return render(request, "games.html", games=games)
