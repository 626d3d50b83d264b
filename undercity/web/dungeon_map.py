"""A dungeon drawn as its room graph (CR 309.4: rooms joined by arrows, the topmost room
first), with the venture marker on the room a player is in (CR 309.4c), as inline SVG."""

from __future__ import annotations

import functools

from markupsafe import Markup, escape

ROW, BOX_H, WIDTH = 56, 30, 420


@functools.lru_cache(maxsize=16)
def _layout(name: str) -> tuple[dict[str, tuple[float, float]], tuple[tuple[str, str], ...], int]:
    """Room → centre (x, y), the arrows, and the number of rows: a room's row is its longest
    path from the topmost room, so every arrow points down."""
    from undercity.cards.dungeons import get_dungeon

    d = get_dungeon(name)
    depth = {d.topmost: 0}
    order = [d.topmost]
    for room in order:  # rooms are few; relax until stable (the graph has no cycles, CR 309.4)
        for nxt in d.rooms[room].leads_to:
            if depth.get(nxt, -1) < depth[room] + 1:
                depth[nxt] = depth[room] + 1
                order.append(nxt)
    rows: dict[int, list[str]] = {}
    for room in d.rooms:
        rows.setdefault(depth.get(room, 0), []).append(room)
    pos: dict[str, tuple[float, float]] = {}
    for r, rooms in rows.items():
        for i, room in enumerate(rooms):
            pos[room] = (WIDTH * (i + 1) / (len(rooms) + 1), 20 + r * ROW + BOX_H / 2)
    arrows = tuple((a, b) for a, room in d.rooms.items() for b in room.leads_to)
    return pos, arrows, max(rows) + 1


def dungeon_svg(name: str | None, room: str | None) -> Markup:
    """The dungeon ``name`` with the marker on ``room`` (none: not in it), or nothing."""
    if not name:
        return Markup("")
    try:
        pos, arrows, rows = _layout(name)
    except KeyError:
        return Markup("")
    height = 20 + rows * ROW
    parts = [f'<svg class="dungeon" viewBox="0 0 {WIDTH} {height}" role="img" '
             f'aria-label="{escape(name)}{", venture marker on " + escape(room) if room else ""}">',
             f"<title>{escape(name)}</title>",
             '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" '
             'orient="auto"><path d="M0 0 L10 5 L0 10 z" fill="#777"/></marker></defs>']
    for a, b in arrows:
        (x1, y1), (x2, y2) = pos[a], pos[b]
        parts.append(f'<line x1="{x1:.0f}" y1="{y1 + BOX_H / 2:.0f}" x2="{x2:.0f}" y2="{y2 - BOX_H / 2 - 2:.0f}" '
                     'stroke="#777" stroke-width="1.5" marker-end="url(#arrow)"/>')
    for r, (x, y) in pos.items():
        here = r == room
        w = min(WIDTH / 2.2, 14 + 7.2 * len(r))
        parts.append(f'<g class="room{" here" if here else ""}"><rect x="{x - w / 2:.0f}" y="{y - BOX_H / 2:.0f}" '
                     f'width="{w:.0f}" height="{BOX_H}" rx="6" fill="{"#f3d36b" if here else "#f4f1ea"}" '
                     f'stroke="{"#8a6d00" if here else "#999"}" stroke-width="{2 if here else 1}"/>'
                     f'<text x="{x:.0f}" y="{y + 4:.0f}" text-anchor="middle" font-family="sans-serif" '
                     f'font-size="12">{"● " if here else ""}{escape(r)}</text></g>')
    parts.append("</svg>")
    return Markup("".join(parts))
