"""Characteristics of permanents after continuous effects (CR 613, layers simplified).

Power and toughness are computed on demand: printed values (layer 7a), then
modifications from static abilities and resolved effects (7c), then counters (7d).
Keyword abilities come from the card, resolved effects and static abilities (layer 6).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game
    from undercity.engine.state import Obj, State


#: For each card predicate, the permanents whose card satisfies it, for the last state asked
#: about: pred -> (state, number of permanents, last permanent's id, ids). Permanents only
#: join the battlefield at the end of its list, as new objects with new, increasing ids
#: (CR 400.7, Game.create_object), and leave it by removal; an object's card never changes.
#: So if the length and the last id are unchanged the contents are too (had anything
#: joined and stayed, the last id would be newer; if nothing joined, only removals could
#: have happened, and the length would be smaller). The state is held so that its id
#: cannot be reused. Drawing, casting and the like do not invalidate the cache.
_PERMANENTS_WITH: dict[Any, tuple[State, int, int, tuple[int, ...]]] = {}


def permanents_with(s: State, pred: Callable[[CardDef], bool]) -> tuple[int, ...]:
    """Ids of the permanents whose card satisfies ``pred`` (a pure function of the card),
    in battlefield order; cached until the battlefield changes. For hot loops that only
    care about a few permanents (static abilities, activated abilities, mana abilities).
    ``pred`` is the cache key: pass a module-level function, not a new lambda each call."""
    bf = s.battlefield
    n = len(bf)
    last = bf[-1] if n else 0
    c = _PERMANENTS_WITH.get(pred)
    if c is not None and c[0] is s and c[1] == n and c[2] == last:
        return c[3]
    objs = s.objs
    ids = tuple(oid for oid in bf if pred(objs[oid].card))
    _PERMANENTS_WITH[pred] = (s, n, last, ids)
    return ids


def forget_permanents() -> None:
    """Drop the cache of :func:`permanents_with`: call this after changing an object's card in
    place (a future copy or transform effect), which the cache's key cannot see."""
    _PERMANENTS_WITH.clear()


#: The kinds of static ability that :func:`_static_mods` applies.
_MOD_KINDS = frozenset({"pump", "pump_self_if_completed"})

#: Static abilities of other kinds that modify P/T and keywords, registered by other rules
#: modules (effects_afr): kind -> fn(game, source permanent, static, affected object) ->
#: (+p, +t, keywords) or None. Registered when the rules load, before any game runs.
STATIC_MOD_HOOKS: dict[str, Callable[..., tuple[int, int, frozenset[str]] | None]] = {}


@lru_cache(maxsize=4096)
def _has_mod_statics(card: CardDef) -> bool:
    return any(st.kind in _MOD_KINDS or st.kind in STATIC_MOD_HOOKS for st in card.static)


_NO_MODS: tuple[int, int, frozenset[str]] = (0, 0, frozenset())

#: ``State.extra`` key: the emblems in command zones (CR 114), as (owner, kind) pairs.
EMBLEMS = "emblems"
#: What each kind of emblem does to P/T and keywords (its abilities function in the command
#: zone, CR 114.4), registered by other rules modules: kind -> fn(game, owner, object) ->
#: (+p, +t, keywords) or None.
EMBLEM_MODS: dict[str, Callable[..., tuple[int, int, frozenset[str]] | None]] = {}


def _emblem_mods(g: Game, o: Obj) -> tuple[int, int, frozenset[str]]:
    p = t = 0
    kws: frozenset[str] = frozenset()
    for owner, kind in g.s.extra.get(EMBLEMS, ()):
        fn = EMBLEM_MODS.get(kind)
        mod = fn(g, owner, o) if fn is not None else None
        if mod is not None:
            p, t, kws = p + mod[0], t + mod[1], kws | mod[2]
    return p, t, kws


#: The kind of continuous effect by which an object "loses all abilities" (layer 6, CR 613.1f).
LOSE = "lose_abilities"


def any_losses(g: Game) -> bool:
    """Whether any object has lost all its abilities (rare: callers test this first)."""
    return bool(g.s.effects) and any(e.kind == LOSE for e in g.s.effects)


def loss_timestamp(g: Game, o: Obj) -> int | None:
    """The timestamp of the latest "loses all abilities" effect on ``o``, or None (CR 613.7)."""
    ts = None
    for e in g.s.effects:
        if e.kind == LOSE and e.obj == o.id and (ts is None or e.timestamp > ts):
            ts = e.timestamp
    return ts


def _static_mods(g: Game, o: Obj, after: int | None = None) -> tuple[int, int, frozenset[str]]:
    """+p/+t and keywords from static abilities. A source that lost its abilities applies
    none (CR 613.1f). ``after``: only sources with a later timestamp, and not ``o`` itself
    (the keywords of an object that lost its abilities at that time, CR 613.7)."""
    s = g.s
    ids = permanents_with(s, _has_mod_statics)
    if not ids:
        return _NO_MODS
    p = t = 0
    kws: frozenset[str] = frozenset()
    losses = any_losses(g)
    for sid in ids:
        src = s.objs[sid]
        if after is not None and (sid == o.id or src.timestamp <= after):
            continue
        if losses and loss_timestamp(g, src) is not None:
            continue
        for st in src.card.static:
            if st.kind == "pump" and st.affects.kind == "enchanted" and src.attached_to == o.id:
                p += st.p
                t += st.t
                kws = kws | st.keywords
            elif st.kind == "pump_self_if_completed" and sid == o.id and s.players[o.controller].completed:
                kws = kws | st.keywords
            elif st.kind in STATIC_MOD_HOOKS:
                mod = STATIC_MOD_HOOKS[st.kind](g, src, st, o)
                if mod is not None:
                    p += mod[0]
                    t += mod[1]
                    kws = kws | mod[2]
    return p, t, kws


def _set_base(g: Game, o: Obj) -> tuple[int, int] | None:
    """Layer 7b (CR 613.4b): the latest effect that sets base power and toughness, if any."""
    base = None
    for e in g.s.effects:
        if e.kind == "set_base_pt" and e.obj == o.id:
            base = (e.p, e.t)  # effects are kept in timestamp order: the latest wins
    return base


def subtypes(g: Game, o: Obj) -> frozenset[str]:
    """Layer 4 (CR 613.1d): subtypes after type-changing effects ("becomes a Bird")."""
    st = o.card.subtypes
    for e in g.s.effects:
        if e.kind == "set_base_pt" and e.obj == o.id and getattr(e, "subtypes", None) is not None:
            st = e.subtypes  # type: ignore[attr-defined]
    return st


def _pt(g: Game, o: Obj, i: int) -> int:
    """Power (``i`` = 0) or toughness (1): printed or set base (layer 7b), then modifications
    from static abilities, emblems and resolved effects (7c), then counters (7d)."""
    v = (o.card.power if i == 0 else o.card.toughness) or 0
    if g.s.effects and (base := _set_base(g, o)) is not None:
        v = base[i]
    if permanents_with(g.s, _has_mod_statics):
        v += _static_mods(g, o)[i]
    if EMBLEMS in g.s.extra:
        v += _emblem_mods(g, o)[i]
    for e in g.s.effects:
        if e.kind == "pump" and e.obj == o.id:
            v += e.t if i else e.p
    c = o.counters
    if c:
        v += c.get("+1/+1", 0) - c.get("-1/-1", 0)
    return v


def power(g: Game, o: Obj) -> int:
    return _pt(g, o, 0)


def toughness(g: Game, o: Obj) -> int:
    return _pt(g, o, 1)


def keywords(g: Game, o: Obj) -> frozenset[str]:
    if any_losses(g) and (lost := loss_timestamp(g, o)) is not None:
        return _keywords_after_loss(g, o, lost)
    kws = o.card.keywords
    for st in o.card.static:
        if st.kind == "hexproof_while_untapped" and not o.tapped:
            kws = kws | {"hexproof"}
    _, _, sk = _static_mods(g, o)
    if sk:
        kws = kws | sk
    if EMBLEMS in g.s.extra:
        kws = kws | _emblem_mods(g, o)[2]
    for e in g.s.effects:
        if e.kind == "pump" and e.obj == o.id and e.keywords:
            kws = kws | e.keywords
    return kws


def _keywords_after_loss(g: Game, o: Obj, lost: int) -> frozenset[str]:
    """Keywords of an object that lost all abilities at timestamp ``lost``: only those given
    by effects with later timestamps (layer 6 in timestamp order, CR 613.1f, 613.7)."""
    kws = _static_mods(g, o, after=lost)[2]
    for e in g.s.effects:
        if e.kind == "pump" and e.obj == o.id and e.keywords and e.timestamp > lost:
            kws = kws | e.keywords
    return kws


def has(g: Game, o: Obj, kw: str) -> bool:
    return kw in keywords(g, o)


def is_creature(o: Obj) -> bool:
    return "Creature" in o.card.types


def colors(o: Obj) -> frozenset[str]:
    return o.card.colors
