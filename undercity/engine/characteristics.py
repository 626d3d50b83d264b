"""Characteristics of objects after continuous effects (CR 613): the questions rules modules
ask — power, toughness, keywords, types, subtypes, colors — answered by the layer system
(:mod:`undercity.engine.layers`, which computes them in layer order and caches them). When no
continuous effect exists, an object's characteristics are its card's and nothing is computed.
Controllers are ``Obj.controller``, which the layer system keeps equal to what layer 2 says.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from undercity.engine import layers

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game
    from undercity.engine.state import Obj, State


#: For each card predicate, the permanents whose card satisfies it, for the last state asked
#: about: pred -> (state, number of permanents, last permanent's id, ids, the state's next
#: object id then). Permanents only
#: join the battlefield at the end of its list, as new objects with new, increasing ids
#: (CR 400.7, Game.create_object), and leave it by removal; an object's card never changes.
#: So if the length and the last id are unchanged the contents are too (had anything
#: joined and stayed, the last id would be newer; if nothing joined, only removals could
#: have happened, and the length would be smaller). The state is held so that its id
#: cannot be reused. Drawing, casting and the like do not invalidate the cache; a change of the
#: battlefield brings it up to date (see :func:`_brought_up_to_date`).
_PERMANENTS_WITH: dict[Any, tuple[State, int, int, tuple[int, ...], int]] = {}


def permanents_with(s: State, pred: Callable[[CardDef], bool]) -> tuple[int, ...]:
    """Ids of the permanents whose card satisfies ``pred`` (a pure function of the card),
    in battlefield order; cached, and brought up to date when the battlefield changes rather
    than recomputed (:func:`_brought_up_to_date`). For hot loops that only care about a few
    permanents (static abilities, activated abilities, mana abilities). ``pred`` is the cache
    key: pass a module-level function, not a new lambda each call."""
    bf = s.battlefield
    n = len(bf)
    last = bf[-1] if n else 0
    c = _PERMANENTS_WITH.get(pred)
    if c is not None and c[0] is s:
        if c[1] == n and c[2] == last:
            return c[3]
        ids = _brought_up_to_date(s, pred, c)
    else:
        objs = s.objs
        ids = tuple(oid for oid in bf if pred(objs[oid].card))
    _PERMANENTS_WITH[pred] = (s, n, last, ids, s.next_id)
    return ids


#: The battlefield's ids as a set, for the (state, length, last id) it was made for: shared by
#: every predicate brought up to date after the same change.
_ON_BATTLEFIELD: list[Any] = [None, 0, 0, frozenset()]


def _brought_up_to_date(s: State, pred: Callable[[CardDef], bool],
                        c: tuple[State, int, int, tuple[int, ...], int]) -> tuple[int, ...]:
    """:func:`permanents_with`'s ids after the battlefield changed, from those cached before
    (``c``, made when the next object id was ``c[4]``). Permanents join the battlefield only at
    the end of its list, as new objects with new ids (CR 400.7), and leave it by removal, so the
    battlefield is now the permanents that stayed, in their old order, then those whose ids are
    ``c[4]`` or more: the answer is the old one less the permanents that left, then the
    newcomers whose card satisfies ``pred`` — ``pred`` is not asked again of the others (one
    permanent leaving used to rescan the battlefield for each of the index's predicates). A
    permanent phasing in rejoins with its old id (CR 702.26d): ``phasing`` drops the index then
    (:func:`forget_permanents`)."""
    bf = s.battlefield
    n = len(bf)
    first_new = c[4]
    k = n
    while k and bf[k - 1] >= first_new:
        k -= 1
    old = c[3]
    if old and k < c[1]:  # some of the permanents that were there left
        on = _ON_BATTLEFIELD
        last = bf[-1] if n else 0
        if on[0] is not s or on[1] != n or on[2] != last:
            on[0], on[1], on[2], on[3] = s, n, last, frozenset(bf)
        present = on[3]
        if not present.issuperset(old):  # most indexes held none of those that left
            old = tuple(oid for oid in old if oid in present)
    if k == n:
        return old
    objs = s.objs
    if k == n - 1:  # one newcomer, the common case: no slice, no generator
        oid = bf[k]
        return old + (oid,) if pred(objs[oid].card) else old
    return old + tuple(oid for oid in bf[k:] if pred(objs[oid].card))


def forget_permanents() -> None:
    """Drop the cache of :func:`permanents_with`: call this after changing an object's card in
    place (a future copy or transform effect), which the cache's key cannot see, or after a
    permanent rejoined the battlefield with its old id (phasing in, CR 702.26d)."""
    _PERMANENTS_WITH.clear()
    _ON_BATTLEFIELD[0] = None


#: ``State.extra`` key of the emblems (CR 114); the kind of "loses all abilities" effects.
EMBLEMS = layers.EMBLEMS
LOSE = layers.LOSE


def any_losses(g: Game) -> bool:
    """Whether any permanent has lost all its abilities (rare: callers test this first)."""
    t = layers.table(g)
    return t is not None and bool(t.lost)


def loss_timestamp(g: Game, o: Obj) -> int | None:
    """The timestamp of the latest "loses all abilities" effect on ``o``, or None (CR 613.7)."""
    t = layers.table(g)
    return t.lost.get(o.id) if t is not None else None


#: ``view(g, o)``: ``o``'s characteristics now, read like a card (``.types``, ``.subtypes``,
#: ``.colors``, ``.supertypes``, ``.name``, ``.mana_value``, ``.enchant``): after continuous
#: effects on the battlefield, the card's elsewhere.
view = layers.view


def _card(o: Obj) -> CardDef:
    return o.card


def viewer(g: Game) -> Callable[[Obj], CardDef | layers.Chars]:
    """:func:`view` for a loop over many objects: one check of the cache, then a look-up each."""
    w = layers.working(g.s)
    if w is None:
        t = layers.table(g)
        if t is None:
            if not layers.elsewhere_sources(g):
                return _card
            return lambda o: o.card if o.zone == "battlefield" else layers.off_battlefield(g, o)
        w = t.chars
    chars = w
    return lambda o: chars.get(o.id, o.card) if o.zone == "battlefield" else layers.off_battlefield(g, o)


def subtypes(g: Game, o: Obj) -> frozenset[str]:
    """Layer 4 (CR 613.1d): subtypes after type-changing effects ("becomes a Bird")."""
    return layers.view(g, o).subtypes


def types(g: Game, o: Obj) -> frozenset[str]:
    """Card types after type-changing effects (layer 4)."""
    return layers.view(g, o).types


def supertypes(g: Game, o: Obj) -> frozenset[str]:
    return layers.view(g, o).supertypes


#: Power and toughness after every layer (CR 613.4), counters included.
power = layers.power
toughness = layers.toughness


def keywords(g: Game, o: Obj) -> frozenset[str]:
    """Keyword abilities after layer 6. "Has hexproof as long as it's untapped" is read now
    (tapping needs no event, and the ability is this object's own)."""
    return keywords_of(o, layers.chars(g, o))


def keywords_of(o: Obj, c: CardDef | layers.Chars | None) -> frozenset[str]:
    """:func:`keywords`, given ``o``'s characteristics ``c`` already looked up (``layers.chars``;
    or ``view``/``viewer``, which give the card itself when no effect touches ``o``)."""
    kws, statics = (o.card.keywords, o.card.static) if c is None else (c.keywords, c.static)
    for st in statics:
        if st.kind == "hexproof_while_untapped" and not o.tapped:
            kws = kws | {"hexproof"}
    return kws


def has(g: Game, o: Obj, kw: str) -> bool:
    return kw in keywords(g, o)


def is_creature(o: Obj, g: Game | None = None) -> bool:
    """Whether ``o`` is a creature; with ``g``, after type-changing effects (layer 4)."""
    if g is None:
        return "Creature" in o.card.types
    return "Creature" in layers.view(g, o).types


def colors(o: Obj, g: Game | None = None) -> frozenset[str]:
    """``o``'s colors; with ``g``, after color-changing effects (layer 5)."""
    if g is None:
        return o.card.colors
    return layers.view(g, o).colors
