"""A seat's view of a game at the table: everything that seat may see, as plain data — its own
hand, other hands and the libraries as counts (CR 400.2), the log rendered for that viewer
(engine/events.py) — and nothing else. The page, /api/play and the WebSocket send only this."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from undercity.web.table import TableGame

LOG_LINES = 80


def seat_view(tg: TableGame, seat: int) -> dict[str, Any]:
    """What ``seat`` may see, as plain data (the page and /api/play render this, nothing else)."""
    from undercity.engine import face_down
    from undercity.ui import board

    g = tg.game
    s = g.s
    d = g.pending
    clicks = card_options(d) if d is not None and d.player == seat and not g.over else {}
    players = []
    for p in s.players:
        field_ = [{"name": face_down.shown_name(g, o.id, seat), "pt": board._pt(g, o), "status": board._status(g, o), "option": clicks.get(o.id)}
                  for o in (s.objs[i] for i in s.battlefield) if o.controller == p.idx]
        players.append({
            "seat": p.idx, "name": p.name, "you": p.idx == seat, "life": p.life, "poison": p.poison,
            "library": len(p.library), "hand": len(p.hand), "active": p.idx == s.active,
            "initiative": s.initiative == p.idx, "dungeon": board._dungeon(g, p.idx), "team": p.team,
            "dungeon_name": p.dungeon, "room": p.room,
            "notes": board._notes(g, p.idx, seat),
            "completed": list(p.completed), "out": bool(p.lost or p.left),
            "graveyard": [s.objs[o].name for o in p.graveyard if o in s.objs],
            "exile": [face_down.shown_name(g, o, seat) for o in p.exile if o in s.objs],  # CR 406.3
            "battlefield": field_,
        })
    hand = []
    for oid in s.players[seat].hand:
        card = s.objs[oid].card
        hand.append({"name": card.name, "cost": card.mana_cost.text if card.mana_cost is not None else "",
                     "type": card.type_line, "option": clicks.get(oid)})
    decision = None
    if not g.over and d is not None:
        since = datetime.fromtimestamp(tg.since, UTC).isoformat(timespec="seconds")
        decision = {"player": d.player, "name": g.names[d.player], "yours": d.player == seat, "kind": d.kind,
                    "since": since}
        if d.player == seat:
            decision["prompt"] = d.prompt
            decision["options"] = [o.label for o in d.options]
    return {
        "seat": seat, "header": board.header(g).plain, "over": g.over, "passing": seat in tg.auto_pass,
        "stops": sorted(tg.stops.get(seat, ())),
        "your_turn": s.started and s.active == seat,
        "winners": [g.names[w] for w in s.winners] if g.over else [],
        "players": players, "stack": [board._item_text(g, it) for it in reversed(s.stack)],
        "hand": hand, "decision": decision, "log": g.log_lines(seat)[-LOG_LINES:],
        "library_top": _library_top(g, seat),
    }


def _library_top(g: Any, seat: int) -> str | None:
    """The top card of ``seat``'s library if they may look at it any time (CR 401.5), else None."""
    from undercity.engine.library_top import top_seen_by

    top = top_seen_by(g, seat)
    return None if top is None else top.name


def card_options(d: Any) -> dict[int, int]:
    """Object id → the index of the one option of ``d`` that acts on that object (play, cast or
    activate it, attack or block with it, target it), so the card itself can be clicked; an
    object with several options (two abilities, a cast with an alternative cost) gets none.
    Only the seat that decides gets these, and object ids never leave the server."""
    found: dict[int, list[int]] = {}
    for i, o in enumerate(d.options):
        v = o.value
        oid = None
        if isinstance(v, int) and not isinstance(v, bool) and d.kind in ("attacker", "blocker", "block_target"):
            oid = v
        elif isinstance(v, tuple) and len(v) >= 2 and v[0] in ("play", "cast", "activate", "o"):
            oid = v[1]
        if isinstance(oid, int):
            found.setdefault(oid, []).append(i)
    return {oid: idx[0] for oid, idx in found.items() if len(idx) == 1}


def fingerprint(view: dict[str, Any]) -> str:
    """A short digest of a seat's view: the page and its socket compare it to know when to reload."""
    import hashlib
    import json

    return hashlib.sha256(json.dumps(view, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]
