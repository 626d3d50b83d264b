"""Request limits and CSRF protection.

- Bodies are bounded (:data:`MAX_BODY`): a declared ``Content-Length`` over the limit is refused
  before anything is read, and a body that streams past it is cut off with 413.
- Every state-changing form carries a token that must equal the browser's ``csrf`` cookie
  (double-submit). The cookie is ``SameSite=Strict`` and random per browser, so a page on another
  site can neither read it nor have the browser send it; a POST without the matching token is 403.
"""

from __future__ import annotations

import hmac
import secrets
from typing import Any

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 1024 * 1024  # a decklist is at most 512 KB (decks.MAX_DECK_BYTES); a collection CSV fits too
CSRF_COOKIE = "csrf"
CSRF_FIELD = "csrf"


class BodyTooLarge(Exception):  # noqa: N818 - a signal, caught by the middleware
    pass


class LimitBody:
    """ASGI middleware: 413 for a request body over ``limit`` bytes, in bounded memory."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for key, value in scope.get("headers", ()):
            if key == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    await _plain(send, 400, "bad Content-Length header")
                    return
                if declared > self.limit:
                    await _plain(send, 413, self.message())
                    return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge
            return message

        async def tracking(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, tracking)
        except BodyTooLarge:
            if not started:
                await _plain(send, 413, self.message())

    def message(self) -> str:
        return f"the request body is larger than {self.limit // 1024} KB, the most this site accepts"


async def _plain(send: Send, status: int, text: str) -> None:
    body = f"error: {text}\n".encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def csrf_token(request: Request) -> str:
    """The browser's CSRF token (made on its first page; the response sets the cookie)."""
    token = request.cookies.get(CSRF_COOKIE)
    if not token or len(token) > 100:
        token = getattr(request.state, "new_csrf", None) or secrets.token_urlsafe(32)
        request.state.new_csrf = token
    return token


def csrf_ok(request: Request, form: Any) -> bool:
    """Whether the form's token equals the cookie's (compared in constant time)."""
    cookie = request.cookies.get(CSRF_COOKIE) or ""
    sent = form.get(CSRF_FIELD) if form is not None else None
    return bool(cookie) and isinstance(sent, str) and hmac.compare_digest(cookie.encode(), sent.encode())
