"""Characteristics of permanents after continuous effects (CR 613, layers simplified).

Power and toughness are computed on demand: printed values (layer 7a), then
modifications from static abilities and resolved effects (7c), then counters (7d).
Keyword abilities come from the card, resolved effects and static abilities (layer 6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj, State


#: The permanents with static abilities of the kinds in _MOD_KINDS, for the last state asked
#: about: [state, key, ids] (the hot paths -- SBA, combat -- ask for every creature).
#: A permanent only joins the battlefield as a new object with a new id (CR 400.7,
#: Game.create_object), so within one state (next_id, number of permanents) names the
#: battlefield's contents exactly; the state is held so that its id cannot be reused.
_STATIC_SOURCES: list[Any] = [None, None, ()]


def _static_source_ids(s: State) -> tuple[int, ...]:
    key = (s.next_id, len(s.battlefield))
    c = _STATIC_SOURCES
    if c[0] is s and c[1] == key:
        return c[2]  # type: ignore[no-any-return]
    ids = tuple(sid for sid in s.battlefield if _has_mod_statics(s.objs[sid].card.static))
    c[0], c[1], c[2] = s, key, ids
    return ids


#: The kinds of static ability that :func:`_static_mods` applies.
_MOD_KINDS = frozenset({"pump", "pump_self_if_completed"})


def _has_mod_statics(statics: tuple[Any, ...]) -> bool:
    return any(st.kind in _MOD_KINDS for st in statics)


_NO_MODS: tuple[int, int, frozenset[str]] = (0, 0, frozenset())


def _static_mods(g: Game, o: Obj) -> tuple[int, int, frozenset[str]]:
    s = g.s
    ids = _static_source_ids(s)
    if not ids:
        return _NO_MODS
    p = t = 0
    kws: frozenset[str] = frozenset()
    for sid in ids:
        src = s.objs[sid]
        for st in src.card.static:
            if st.kind == "pump" and st.affects.kind == "enchanted" and src.attached_to == o.id:
                p += st.p
                t += st.t
                kws = kws | st.keywords
            elif st.kind == "pump_self_if_completed" and sid == o.id and s.players[o.controller].completed:
                kws = kws | st.keywords
    return p, t, kws


def power(g: Game, o: Obj) -> int:
    p = o.card.power or 0
    if _static_source_ids(g.s):
        p += _static_mods(g, o)[0]
    for e in g.s.effects:
        if e.kind == "pump" and e.obj == o.id:
            p += e.p
    c = o.counters
    if c:
        p += c.get("+1/+1", 0) - c.get("-1/-1", 0)
    return p


def toughness(g: Game, o: Obj) -> int:
    t = o.card.toughness or 0
    if _static_source_ids(g.s):
        t += _static_mods(g, o)[1]
    for e in g.s.effects:
        if e.kind == "pump" and e.obj == o.id:
            t += e.t
    c = o.counters
    if c:
        t += c.get("+1/+1", 0) - c.get("-1/-1", 0)
    return t


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
