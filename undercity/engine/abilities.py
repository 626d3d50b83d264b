"""Which abilities a permanent has: layer 6 of the continuous effects (CR 613.1f).

A permanent has the abilities printed on its card, plus those that static abilities of other
permanents give it (``model.Grant``: "Enchanted land has '{T}: Add {G}{G}.'", Find the Path;
"Commander creatures you own have …", the Backgrounds), minus all of them while an effect
says it "loses all abilities" (Immovable Rod). Within the layer, effects apply in timestamp
order (CR 613.7): a static ability's timestamp is its source's (613.7a; an Aura's or
Equipment's is refreshed when it becomes attached, 613.7e), a resolved effect's is when it
began (613.7b). So an ability granted after the loss began is kept; everything older is lost.

Every rules module asks for abilities through :func:`triggered`, :func:`activated` and
:func:`static` instead of reading the card, so "loses all abilities" is honoured everywhere
(the source of a lost static ability no longer applies it, CR 613.1f; a lost triggered
ability no longer triggers, 603.2). Nearly always no grant and no loss exists: then the
card's own tuples are returned at the cost of two checks.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from undercity.cards.model import Activated, Grant, Static, Triggered
from undercity.engine import characteristics as ch

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game
    from undercity.engine.state import Obj


@lru_cache(maxsize=4096)
def has_grants(card: CardDef) -> bool:
    """Whether a card has a static ability that gives other objects abilities."""
    return any(isinstance(st, Grant) for st in card.static)


def plain(g: Game) -> bool:
    """True when no permanent gives or loses abilities: every object has its card's."""
    return not ch.permanents_with(g.s, has_grants) and not ch.any_losses(g)


def grants_apply(g: Game, src: Obj, st: Grant, o: Obj) -> bool:
    """Whether ``src``'s grant ``st`` reaches ``o``."""
    if st.to == "attached":
        return src.attached_to == o.id
    if st.to == "commanders_you_own":
        return (o.owner == src.controller and ch.is_creature(o)
                and o.card_uid in g.s.players[o.owner].commanders)
    raise ValueError(f"unknown Grant target {st.to!r}")


def _grants_to(g: Game, o: Obj, after: int | None) -> list[Grant]:
    """The grants that reach ``o`` with a timestamp later than ``after`` (all if None), from
    sources that have not themselves lost their abilities."""
    s = g.s
    out: list[Grant] = []
    for sid in ch.permanents_with(s, has_grants):
        if sid == o.id:
            continue
        src = s.objs[sid]
        if after is not None and src.timestamp <= after:
            continue
        if ch.any_losses(g) and ch.loss_timestamp(g, src) is not None:
            continue  # CR 613.1f: a source that lost its abilities gives nothing
        for st in src.card.static:
            if isinstance(st, Grant) and grants_apply(g, src, st, o):
                out.append(st)
    return out


def _all(g: Game, o: Obj) -> tuple[tuple[Triggered, ...], tuple[Activated, ...], tuple[Static, ...]]:
    card = o.card
    if o.zone != "battlefield":  # only permanents are given abilities or lose them here
        return card.triggered, card.activated, card.static
    lost = ch.loss_timestamp(g, o) if ch.any_losses(g) else None
    grants = _grants_to(g, o, lost)
    if lost is None and not grants:
        return card.triggered, card.activated, card.static
    trig: list[Triggered] = [] if lost is not None else list(card.triggered)
    act: list[Activated] = [] if lost is not None else list(card.activated)
    stat: list[Static] = [] if lost is not None else list(card.static)
    for st in grants:
        for a in st.abilities:
            if isinstance(a, Triggered):
                trig.append(a)
            elif isinstance(a, Activated):
                act.append(a)
            elif isinstance(a, Static):
                stat.append(a)
    return tuple(trig), tuple(act), tuple(stat)


def triggered(g: Game, o: Obj) -> tuple[Triggered, ...]:
    """The triggered abilities ``o`` has now."""
    if plain(g):
        return o.card.triggered
    return _all(g, o)[0]


def activated(g: Game, o: Obj) -> tuple[Activated, ...]:
    """The activated abilities ``o`` has now (indexes into this tuple name them)."""
    if plain(g):
        return o.card.activated
    return _all(g, o)[1]


def static(g: Game, o: Obj) -> tuple[Static, ...]:
    """The static abilities ``o`` has now (its own Grants included: they still apply)."""
    if plain(g):
        return o.card.static
    return _all(g, o)[2]


def receivers(g: Game) -> tuple[int, ...]:
    """Permanents that some grant reaches now (for loops that pre-filter permanents by card)."""
    s = g.s
    out: list[int] = []
    for sid in ch.permanents_with(s, has_grants):
        src = s.objs[sid]
        for st in src.card.static:
            if not isinstance(st, Grant):
                continue
            if st.to == "attached":  # the common case: one object, no search
                cands = [src.attached_to] if src.attached_to in s.objs else []
            else:
                cands = s.battlefield
            out += [oid for oid in cands if oid != sid and oid not in out
                    and grants_apply(g, src, st, s.objs[oid])]
    return tuple(out)


def with_abilities(g: Game, ids: tuple[int, ...]) -> tuple[int, ...]:
    """``ids`` (permanents pre-filtered by their card) plus those given abilities by grants."""
    if not ch.permanents_with(g.s, has_grants):
        return ids
    extra = [oid for oid in receivers(g) if oid not in ids]
    return ids + tuple(extra) if extra else ids


def _grant_mods(g: Game, src: Obj, st: Grant, o: Obj) -> tuple[int, int, frozenset[str]] | None:
    """The keywords and +p/+t part of a grant (layers 6 and 7c)."""
    if grants_apply(g, src, st, o):
        return st.p, st.t, st.keywords
    return None


ch.STATIC_MOD_HOOKS["grant"] = _grant_mods
