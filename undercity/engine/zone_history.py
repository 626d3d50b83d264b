"""Where a card in a graveyard came from this turn (CR 400.7): "target creature card in an
opponent's graveyard that was put there from their library this turn", "creature cards in your
graveyard that were put there from the battlefield this turn" (``Filter.came_from``, checked by
``targeting.matches``); and the permanents that entered the battlefield this turn ("target
creatures that entered the battlefield this turn", ``Filter.entered_this_turn``).

A card put into a graveyard is a new object (CR 400.7), so the zone it came from is a fact of
that object: recorded as it arrives, by object id, for the turn it arrived in. A card that
leaves the graveyard and comes back is a newer object, recorded anew; a card put there on an
earlier turn was put there "this turn" by no move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.engine import triggers

if TYPE_CHECKING:
    from undercity.engine import events as ev
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

#: ``State.extra`` key: (turn, {object id in a graveyard: the zone it was put there from}).
ARRIVALS = "graveyard_arrivals_this_turn"


#: ``State.extra`` key: (turn, {the permanents that entered the battlefield this turn}).
ENTERED = "battlefield_arrivals_this_turn"


@triggers.watches("zone_changed")
def _record(g: Game, e: ev.ZoneChanged) -> None:
    if e.to_zone == "battlefield":
        _entered(g, e.new_obj)
        return
    if e.to_zone != "graveyard":
        return
    s = g.s
    rec = s.extra.get(ARRIVALS)
    if rec is None or rec[0] != s.turn:
        rec = s.extra[ARRIVALS] = (s.turn, {})  # the turn's record only: earlier ones are never asked
    rec[1][e.new_obj] = e.from_zone


def came_from(g: Game, o: Obj) -> str | None:
    """The zone ``o`` was put into its graveyard from this turn, or None if it wasn't put there
    this turn."""
    rec = g.s.extra.get(ARRIVALS)
    if rec is None or rec[0] != g.s.turn or o.zone != "graveyard":
        return None
    return rec[1].get(o.id)  # type: ignore[no-any-return]


@triggers.watches("token_created")
def _token_entered(g: Game, e: ev.TokenCreated) -> None:
    _entered(g, e.obj)  # a token is created on the battlefield: it enters (CR 111.1, 603.6a)


def _entered(g: Game, oid: int) -> None:
    s = g.s
    rec = s.extra.get(ENTERED)
    if rec is None or rec[0] != s.turn:
        rec = s.extra[ENTERED] = (s.turn, set())  # the turn's record only
    rec[1].add(oid)


def entered_this_turn(g: Game, o: Obj) -> bool:
    """Whether the permanent ``o`` entered the battlefield this turn: it is the object that did
    (CR 400.7 — a permanent that phased in didn't enter, CR 702.26d; one that left and returned is
    a new object that entered anew)."""
    rec = g.s.extra.get(ENTERED)
    return rec is not None and rec[0] == g.s.turn and o.zone == "battlefield" and o.id in rec[1]
