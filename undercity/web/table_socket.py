"""The play table over a WebSocket (``/ws/play/TOKEN``): the server sends each seat's socket its
own view (:func:`undercity.web.seat_view.seat_view`) on connect and after every change; the seat
sends answers as JSON, checked like the form posts (:func:`undercity.web.table._answer`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect

from undercity.web.seat_view import fingerprint, seat_view

if TYPE_CHECKING:
    from undercity.web.table import TableGame

MAX_MESSAGE = 1000  # characters of one WebSocket message: {"choice": 12} or {"action": "concede"}


async def broadcast(tg: TableGame) -> None:
    """Send each open seat socket its own seat's view (never another seat's)."""
    for ws, seat in list(tg.sockets):
        with tg.lock:
            view = seat_view(tg, seat)
        try:
            await ws.send_json({"view": view, "fingerprint": fingerprint(view)})
        except Exception:  # a closed socket: forget it
            if (ws, seat) in tg.sockets:
                tg.sockets.remove((ws, seat))


def _same_origin(ws: WebSocket) -> bool:
    """A page of another site can't open a seat's socket (cross-site WebSocket hijacking)."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True  # not a browser page (a script holding the link: the token is the secret)
    host = ws.headers.get("host", "")
    return origin.split("://", 1)[-1] == host


async def play_socket(ws: WebSocket) -> None:
    """The table over a WebSocket: the server sends ``{"view": …}`` (the seat's view) on connect
    and after every change; the seat sends ``{"choice": N}`` or ``{"action": "concede"}``, and
    gets ``{"error": …, "status": …}`` for a refused one (nothing changed)."""
    from undercity.web.pages import WebError
    from undercity.web.table import _answer

    await ws.accept()
    if not _same_origin(ws):
        await ws.send_json({"error": "this socket is only for the site's own pages", "status": 403})
        await ws.close(code=4403)
        return
    token = ws.path_params["token"]
    found = ws.app.state.games.get(token) if len(token) <= 100 else None
    if found is None:
        await ws.send_json({"error": "no game seat has this link", "status": 404})
        await ws.close(code=4404)
        return
    tg, seat = found
    tg.sockets.append((ws, seat))
    try:
        with tg.lock:
            view = seat_view(tg, seat)
        await ws.send_json({"view": view, "fingerprint": fingerprint(view)})
        while True:
            text = await ws.receive_text()
            try:
                msg = _message(text)

                def run(msg: dict[str, Any] = msg) -> None:
                    with tg.lock:
                        _answer(tg, seat, str(msg.get("action", "answer")), str(msg.get("choice", "")),
                                msg.get("stops"))
                        ws.app.state.games.saved(tg)

                await run_in_threadpool(run)
            except WebError as e:
                await ws.send_json({"error": e.message, "status": e.status})
                continue
            await broadcast(tg)
    except WebSocketDisconnect:
        pass
    finally:
        if (ws, seat) in tg.sockets:
            tg.sockets.remove((ws, seat))


def _message(text: str) -> dict[str, Any]:
    import json

    from undercity.web.pages import WebError
    from undercity.web.table import ACTIONS, STOPS

    if len(text) > MAX_MESSAGE:
        raise WebError(413, f"a message of {len(text):,} characters; at most {MAX_MESSAGE}")
    try:
        msg = json.loads(text)
    except ValueError:
        raise WebError(400, 'not JSON: send {"choice": N} or {"action": "concede"}') from None
    if not isinstance(msg, dict) or not ({"choice", "action"} & set(msg)):
        raise WebError(400, 'send {"choice": N} or {"action": "concede"}')
    if "choice" in msg and (type(msg["choice"]) is not int or msg["choice"] < 0):
        raise WebError(400, f"the choice must be an option's number, not {str(msg['choice'])[:20]!r}; "
                            "nothing was done")
    stops = msg.get("stops", [])
    if not isinstance(stops, list) or len(stops) > len(STOPS) or not all(isinstance(x, str) for x in stops):
        raise WebError(400, 'stops are a list of "mine:STEP" / "theirs:STEP"')
    if msg.get("action", "answer") not in ACTIONS:
        raise WebError(400, f"unknown action {str(msg['action'])[:20]!r}: one of {', '.join(ACTIONS[1:])}, "
                            "or send a choice")
    return msg
