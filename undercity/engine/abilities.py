"""Which abilities a permanent has: layer 6 of the continuous effects (CR 613.1f).

A permanent has the abilities printed on its card (or its copiable values', CR 707.2), plus
those effects give it (``model.Grant``: "Enchanted land has '{T}: Add {G}{G}.'", Find the
Path; "Commander creatures you own have …", the Backgrounds; ``AddAbilities`` of
:mod:`undercity.cards.language.continuous`), minus all of them while an effect says it "loses
all abilities" (Immovable Rod, Kenrith's Transformation). The layer system
(:mod:`undercity.engine.layers`) applies these in timestamp order (CR 613.7): an ability
granted after the loss began is kept; everything older is lost.

Every rules module asks for abilities through :func:`triggered`, :func:`activated` and
:func:`static` instead of reading the card, so "loses all abilities" is honoured everywhere
(the source of a lost static ability no longer applies it, CR 613.1f; a lost triggered
ability no longer triggers, 603.2). Nearly always no continuous effect exists: then the
card's own tuples are returned at the cost of one cache check.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from undercity.cards.model import Activated, Static, Triggered
from undercity.engine import layers

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj


def plain(g: Game) -> bool:
    """True when every object has its card's triggered, activated and static abilities (no
    effect gives or removes any; keywords may still differ: see ``characteristics.keywords``)."""
    t = layers.table(g)
    return t is None or not t.gained


def triggered(g: Game, o: Obj) -> tuple[Triggered, ...]:
    """The triggered abilities ``o`` has now."""
    c = layers.chars(g, o)
    return o.card.triggered if c is None else c.triggered


def activated(g: Game, o: Obj) -> tuple[Activated, ...]:
    """The activated abilities ``o`` has now (indexes into this tuple name them). A card in a
    graveyard has its printed ones, then those a permanent gives it (CR 604.1: Solemn
    Doomguide's unearth, :func:`undercity.engine.unearth.granted`)."""
    c = layers.chars(g, o)
    if c is not None:
        return c.activated
    if o.zone == "graveyard":
        from undercity.engine.unearth import granted

        extra = granted(g, o)
        if extra:
            return o.card.activated + extra
    return o.card.activated


def static(g: Game, o: Obj) -> tuple[Static, ...]:
    """The static abilities ``o`` has now (its own Grants included: they still apply)."""
    c = layers.chars(g, o)
    return o.card.static if c is None else c.static


def receivers(g: Game) -> tuple[int, ...]:
    """Permanents whose abilities are not their card's now (granted, copied or lost), for
    loops that pre-filter permanents by card."""
    t = layers.table(g)
    return () if t is None else t.gained


def with_abilities(g: Game, ids: tuple[int, ...]) -> tuple[int, ...]:
    """``ids`` (permanents pre-filtered by their card) plus those whose abilities changed."""
    t = layers.table(g)
    if t is None or not t.gained:
        return ids
    extra = [oid for oid in t.gained if oid not in ids]
    return ids + tuple(extra) if extra else ids


def with_static(g: Game, ids: tuple[int, ...], kind: type) -> tuple[int, ...]:
    """``ids`` (permanents pre-filtered by their card for a static ability of class ``kind``)
    plus those whose abilities changed that have one now (:func:`with_given`)."""
    return with_given(g, ids, static_test(kind))


def static_test(kind: type) -> Callable[[Any], bool]:
    """The test "has a static ability of class ``kind``" of a card or of a permanent's
    characteristics now (``layers.Chars``): one function per kind, made the first time it is
    asked (the cache key of :func:`with_given`; ``static_abilities.static_kind`` caches it per
    card)."""
    test = _STATIC_TESTS.get(kind)
    if test is None:
        def test(c: Any) -> bool:
            return any(isinstance(st, kind) for st in c.static)

        _STATIC_TESTS[kind] = test
    return test


#: kind -> :func:`static_test`.
_STATIC_TESTS: dict[type, Callable[[Any], bool]] = {}


def with_given(g: Game, ids: tuple[int, ...], test: Callable[[Any], bool]) -> tuple[int, ...]:
    """``ids`` (permanents pre-filtered by a test of their card) plus those whose abilities
    changed (layer 6, CR 613.1f) whose characteristics now pass ``test`` — a module-level
    function reading what a card and :class:`layers.Chars` both have (``.triggered``, …): the
    others of :func:`with_abilities` can't pass it. Kept per layer result and test."""
    t = layers.table(g)
    if t is None or not t.gained:
        return ids
    c = _GAINED_WHERE.get(test)
    if c is None or c[0] is not t:
        chars = t.chars
        c = _GAINED_WHERE[test] = (t, tuple(oid for oid in t.gained if test(chars[oid])))
    extra = tuple(oid for oid in c[1] if oid not in ids)
    return ids + extra if extra else ids


#: test -> (the layer result, the permanents whose abilities changed that pass it), for
#: :func:`with_given`.
_GAINED_WHERE: dict[Callable[[Any], bool], tuple[object, tuple[int, ...]]] = {}


def with_triggered(g: Game, ids: tuple[int, ...]) -> list[tuple[Obj, tuple[Triggered, ...]]]:
    """:func:`with_abilities` and each one's :func:`triggered` abilities, for a trigger check's
    loop (CR 603.2): one look-up of the layer system's table instead of one per permanent."""
    t = layers.table(g)
    if t is not None and t.gained:
        ids = ids + tuple(oid for oid in t.gained if oid not in ids)
    objs = g.s.objs
    w = layers.working(g.s)
    chars = w if w is not None else None if t is None else t.chars
    if chars is None:
        return [(o, o.card.triggered) for o in (objs[oid] for oid in ids)]
    out = []
    for oid in ids:
        o = objs[oid]
        c = chars.get(oid) if o.zone == "battlefield" else None
        out.append((o, o.card.triggered if c is None else c.triggered))
    return out
