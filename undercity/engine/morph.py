"""Morph (CR 702.37): casting a card face down for {3}, and turning the face-down permanent face
up for its morph cost; the handlers of :mod:`undercity.cards.language.morph`. The face-down
object itself (CR 708) is :mod:`undercity.engine.face_down`'s.

* **Casting face down** (CR 702.37c, 708.4): a priority option ``("cast", id, MORPH)`` for each
  card with morph its owner could cast from their hand (:func:`options`, asked by
  ``priority.options``). The card is turned face down before it is put on the stack
  (:func:`as_face_down`, around the whole proposal: ``casting.run_cast``), so everything that
  applies to casting it — timing, cost changes, "whenever you cast a creature spell" — sees only
  a 2/2 creature spell with no name, no mana cost and mana value 0 (CR 702.37c); {3} is paid
  rather than its mana cost, an alternative cost (CR 118.9: no other one with it). The spell
  resolves into a face-down permanent (CR 702.37c) with none of its card's "enters" abilities
  (CR 708.3).
* **Turning face up** (CR 702.37e, 116.2b): any time its controller has priority, a special
  action ``("special", MORPH, id)`` (:func:`turn_up_options`): they show its morph cost, pay it
  and turn it face up — no stack, no response; they keep priority (CR 116.3). It is the same
  permanent (CR 708.8); a face-down spell can't be turned face up (CR 708.7, rulings 2014-09-20).
  Its "When ~ is turned face up" abilities trigger then (CR 603.2) — it has them once face up —
  and its "enters" abilities don't: it doesn't enter (CR 708.8).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import TYPE_CHECKING

from undercity.cards.language.morph import FACE_DOWN_COST, MORPH, TURNED_FACE_UP, Morph
from undercity.cards.model import AltCost, CardDef
from undercity.engine import abilities as ab
from undercity.engine import casting, costs, face_down, triggers
from undercity.engine import events as ev
from undercity.engine.decisions import Option

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

#: The alternative cost a card cast face down is cast for (CR 702.37c, 118.9), from its hand.
FACE_DOWN_ALT = AltCost(MORPH, FACE_DOWN_COST, zone="hand")


@lru_cache(maxsize=4096)
def morph_of(card: CardDef) -> Morph | None:
    """The card's morph ability, if any (asked of every card in hand at every priority: a card's
    printed abilities never change)."""
    return next((st for st in card.static if isinstance(st, Morph)), None)


@contextmanager
def as_face_down(g: Game, o: Obj) -> Iterator[None]:
    """While the block runs, ``o`` is turned face down (CR 702.37c, 708.4): a 2/2 creature card
    with no text, no name, no subtypes and no mana cost. The object it becomes on the stack stays
    face down (``face_down.card_moving``); ``o`` itself, if it hasn't moved (a choice still to
    ask, a cast reversed), gets its card back."""
    zone = o.zone
    face_down.turn_face_down(g, o, MORPH)
    try:
        yield
    finally:
        if g.s.objs.get(o.id) is o and o.zone == zone:
            face_down.restore(g, o)


def castable(g: Game, player: int, o: Obj, mana: costs.PlayerMana | None = None) -> bool:
    """Could ``player`` cast ``o`` face down now (CR 702.37c: only the face-down characteristics
    are evaluated)?"""
    if morph_of(o.card) is None:
        return False
    with as_face_down(g, o):
        return casting.castable(g, player, o, FACE_DOWN_ALT, mana=mana)


def options(g: Game, player: int, mana: costs.PlayerMana | None = None) -> list[Option]:
    """Casting each card with morph in ``player``'s hand face down (CR 702.37a, c), one option per
    name (either copy is the same action)."""
    s = g.s
    out: list[Option] = []
    seen: set[str] = set()
    for oid in s.players[player].hand:
        o = s.objs[oid]
        if o.name in seen or morph_of(o.card) is None:
            continue
        seen.add(o.name)
        if castable(g, player, o, mana):
            out.append(Option(f"cast {o.name} face down (morph)", ("cast", oid, MORPH)))
    return out


def morph_cost(g: Game, o: Obj) -> Morph | None:
    """The morph ability ``o`` would have if it were face up (CR 702.37e), if ``o`` is a face-down
    permanent; None otherwise (then it can't be turned face up this way)."""
    real = face_down.real_card(g, o.id)
    return morph_of(real) if real is not None and o.zone == "battlefield" else None


def turn_up_options(g: Game, player: int, mana: costs.PlayerMana | None = None) -> list[Option]:
    """Turning each face-down permanent ``player`` controls face up for its morph cost, if they
    can pay it (CR 702.37e, 116.2b): any time they have priority. Each face-down permanent is its
    own option (CR 708.6: they are told apart)."""
    s = g.s
    out: list[Option] = []
    for oid in list(face_down.face_down_objects(g)):
        o = s.objs.get(oid)
        if o is None or o.zone != "battlefield" or o.controller != player:
            continue
        mo = morph_cost(g, o)
        if mo is None or mo.cost is None:
            continue
        if mana is None:
            mana = costs.PlayerMana(g, player)
        if mana.affords(mo.cost):
            real = face_down.real_card(g, oid)
            assert real is not None
            out.append(Option(f"turn {real.name} face up ({mo.text})", ("special", MORPH, oid)))
    return out


def turn_face_up(g: Game, player: int, oid: int) -> None:
    """The special action (CR 702.37e, 116.2b): show the morph cost, pay it, turn the permanent
    face up. It doesn't use the stack; the player keeps priority (CR 116.3)."""
    s = g.s
    o = s.objs[oid]
    mo = morph_cost(g, o)
    if mo is None or mo.cost is None or o.controller != player:
        raise ValueError(f"{o.name} can't be turned face up by {g.player_name(player)} (CR 702.37e)")
    real = face_down.real_card(g, oid)
    assert real is not None
    if not costs.pay_mana(g, player, mo.cost, f"turning {real.name} face up ({mo.text})"):
        raise RuntimeError(f"could not pay {mo.cost} to turn {real.name} face up after offering it")
    # CR 702.37b, 708.11: megamorph's counter is put on it as it is turned face up.
    face_down.turn_face_up(g, o, "702.37e", (("+1/+1", 1, "702.37b"),) if mo.megamorph else ())
    s.passes = 0


@triggers.watches(ev.TurnedFaceUp.kind)
def turned_face_up(g: Game, e: ev.TurnedFaceUp) -> None:
    """"When ~ is turned face up" (CR 603.2, 702.37e): the permanent's own abilities, which it has
    now that it is face up (CR 708.8)."""
    o = g.s.objs.get(e.obj)
    if o is None or o.zone != "battlefield":
        return
    for a in ab.triggered(g, o):
        if a.when.event == TURNED_FACE_UP:
            triggers.add_pending(g, o, a, o.controller, o.name)
