"""Characteristics of permanents after continuous effects (CR 613, layers simplified).

Power and toughness are computed on demand: printed values (layer 7a), then
modifications from static abilities and resolved effects (7c), then counters (7d).
Keyword abilities come from the card, resolved effects and static abilities (layer 6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj


def _static_mods(g: Game, o: Obj) -> tuple[int, int, frozenset[str]]:
    p = t = 0
    kws: frozenset[str] = frozenset()
    s = g.s
    for sid in s.battlefield:
        src = s.objs[sid]
        if not src.card.static:
            continue
        for st in src.card.static:
            if st.kind == "pump" and st.affects.kind == "enchanted" and src.attached_to == o.id:
                p += st.p
                t += st.t
                kws = kws | st.keywords
            elif st.kind == "pump_self_if_completed" and sid == o.id and s.players[o.controller].completed:
                kws = kws | st.keywords
    return p, t, kws


def power(g: Game, o: Obj) -> int:
    base = o.card.power or 0
    p, _, _ = _static_mods(g, o)
    for e in g.s.effects:
        if e.kind == "pump" and e.obj == o.id:
            p += e.p
    c = o.counters
    return base + p + c.get("+1/+1", 0) - c.get("-1/-1", 0)


def toughness(g: Game, o: Obj) -> int:
    base = o.card.toughness or 0
    _, t, _ = _static_mods(g, o)
    for e in g.s.effects:
        if e.kind == "pump" and e.obj == o.id:
            t += e.t
    c = o.counters
    return base + t + c.get("+1/+1", 0) - c.get("-1/-1", 0)


def keywords(g: Game, o: Obj) -> frozenset[str]:
    kws = o.card.keywords
    for st in o.card.static:
        if st.kind == "hexproof_while_untapped" and not o.tapped:
            kws = kws | {"hexproof"}
    _, _, sk = _static_mods(g, o)
    if sk:
        kws = kws | sk
    for e in g.s.effects:
        if e.kind == "pump" and e.obj == o.id and e.keywords:
            kws = kws | e.keywords
    return kws


def has(g: Game, o: Obj, kw: str) -> bool:
    return kw in keywords(g, o)


def is_creature(o: Obj) -> bool:
    return "Creature" in o.card.types


def colors(o: Obj) -> frozenset[str]:
    return o.card.colors
