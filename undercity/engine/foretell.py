"""Foretell (CR 702.143): exiling a card face down from the hand for {2} during its owner's
turn — a special action (CR 116.2h, 702.143b) — and casting it on a later turn for its foretell
cost; the handlers of :mod:`undercity.cards.language.foretell`.

* **Foretelling** (:func:`options`: ``("special", "foretell", id)``, carried out by
  :func:`foretell`): any time the player has priority during their turn (CR 702.143a), the
  stack empty or not (rulings 2021-02-05); it doesn't use the stack and the player keeps
  priority (CR 116.3). The card is exiled face down (:mod:`undercity.engine.face_down`): its
  owner may look at it, nobody else (CR 406.3).
* **Casting** (:func:`cast_options`): by its owner, after the turn it was foretold has ended
  (702.143a), at the card's normal timing (rulings 2021-02-05), for the foretell cost rather
  than its mana cost — an alternative cost (CR 118.9; the ``AltCost`` ``foretell``, zone
  ``exile``), so no other alternative cost with it; additional costs are still paid.

A foretold card is recorded in ``State.extra[FORETOLD]`` by its object id in exile, with the turn
it was foretold; a card that leaves exile is a new object (CR 400.7), no longer foretold.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from undercity.cards.language import foretell as lf
from undercity.cards.model import AltCost, CardDef
from undercity.engine import casting, costs, face_down, triggers
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.engine.teams import is_active

if TYPE_CHECKING:
    from undercity.engine.game import Game

#: ``State.extra`` key: a foretold card (its object id in exile) -> the turn it was foretold.
FORETOLD = "foretold"


@lru_cache(maxsize=4096)
def foretell_of(card: CardDef) -> lf.Foretell | None:
    """The card's foretell ability, if any (asked for every card in hand at every priority: a
    card's printed abilities never change)."""
    return next((st for st in card.static if isinstance(st, lf.Foretell)), None)


@lru_cache(maxsize=4096)
def _foretell_cost(card: CardDef) -> AltCost | None:
    return next((a for a in card.alt_costs if a.keyword == lf.FORETELL), None)


def options(g: Game, player: int, mana: costs.PlayerMana) -> list[Option]:
    """Foretelling each card with foretell in ``player``'s hand, during their turn, if they can
    pay {2} (CR 702.143a, 116.2h); one per name (either copy is the same action)."""
    s = g.s
    if not is_active(g, player):
        return []
    out: list[Option] = []
    seen: set[str] = set()
    for oid in s.players[player].hand:
        o = s.objs[oid]
        if o.name in seen or foretell_of(o.card) is None:
            continue
        seen.add(o.name)
        if not mana.affords(lf.FORETELL_ACTION_COST):
            return []
        out.append(Option(f"foretell {o.name}", ("special", lf.FORETELL, oid)))
    return out


def foretell(g: Game, player: int, oid: int) -> None:
    """Pay {2} and exile the card face down (CR 702.143a, 116.2h); its owner may look at it."""
    s = g.s
    name = s.objs[oid].name
    # CR 406.3: the other players learn that a card was foretold, not which one.
    if not costs.pay_mana(g, player, lf.FORETELL_ACTION_COST, "foretelling a card"):
        raise RuntimeError(f"could not pay {{2}} to foretell {name} after offering it")
    new = face_down.exile(g, oid, player, rule="702.143a")
    if new is not None and new.zone == "exile":
        s.extra.setdefault(FORETOLD, {})[new.id] = s.turn
    s.passes = 0


def is_foretold(g: Game, oid: int) -> bool:
    """Whether the object ``oid`` is a foretold card in exile (CR 702.143c)."""
    told = g.s.extra.get(FORETOLD)
    return bool(told) and oid in told


def cast_options(g: Game, player: int, mana: costs.PlayerMana) -> list[Option]:
    """Casting ``player``'s foretold cards for their foretell costs: after the turn each was
    foretold has ended (CR 702.143a), at its normal timing (``casting.castable``)."""
    s = g.s
    out: list[Option] = []
    for oid, turn in s.extra.get(FORETOLD, {}).items():
        o = s.objs.get(oid)
        if o is None or o.zone != "exile" or o.owner != player or turn >= s.turn:
            continue
        alt = _foretell_cost(o.card)
        if alt is None:
            continue
        if casting.castable(g, player, o, alt, mana=mana):
            out.append(Option(f"cast {o.name} from exile ({lf.FORETELL})", ("cast", oid, lf.FORETELL)))
    return out


@triggers.watches("zone_changed")
def _moved(g: Game, e: ev.ZoneChanged) -> None:
    """A foretold card that leaves exile (cast, or moved by an effect) is a new object, no
    longer foretold (CR 400.7)."""
    told = g.s.extra.get(FORETOLD)
    if told and e.obj in told:
        del told[e.obj]
        if not told:
            del g.s.extra[FORETOLD]
