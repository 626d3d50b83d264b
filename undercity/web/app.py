"""The web application (``undercity serve``): the card site — card pages, search, decks, the
collection — the scenario sandbox and the play table. Starlette; Jinja2 templates with autoescape
(pages.py); assets in the package. :func:`create_app` builds it and lists every route.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from undercity.web import security
from undercity.web.storage import Storage


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


def create_app(data_dir: Path | None = None, allowed_hosts: list[str] | None = None) -> Starlette:
    """The site, with its storage in ``data_dir`` (default: :func:`storage.data_dir`).

    ``allowed_hosts``: the names a request's ``Host`` may give (None: any). ``undercity serve``
    on a loopback address allows only the loopback names, so that a page of another site whose
    name was made to resolve to 127.0.0.1 (DNS rebinding) can't read or use the site."""
    from undercity.web import sandbox, sims, table
    from undercity.web.card_pages import card_json, card_page, home, search
    from undercity.web.collection_pages import (
        collection,
        collection_bulk,
        collection_card,
        collection_export,
        collection_import,
    )
    from undercity.web.deck_pages import deck_create, deck_delete, deck_export, deck_page, deck_update, decks
    from undercity.web.game_list import games_page
    from undercity.web.pages import WebError, error_page

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
        Route("/games", games_page),
        *table.routes(),
        *sandbox.routes(),
        *sims.routes(),
        Mount("/static", StaticFiles(packages=[("undercity.web", "static")]), name="static"),
    ]
    handlers: dict[Any, Any] = {WebError: error_page, HTTPException: error_page, Exception: error_page}
    middleware = [Middleware(SecurityHeaders), Middleware(security.LimitBody)]
    if allowed_hosts is not None:
        middleware.insert(0, Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts))
    app = Starlette(routes=routes, exception_handlers=handlers, middleware=middleware)
    app.state.storage = Storage.open(data_dir)
    app.state.games = table.Tables(app.state.storage)
    app.state.sims = sims.SimRuns()
    return app
