"""Rebound (CR 702.88a): a spell with rebound cast from its owner's hand is exiled instead of
put into the graveyard as it resolves (:func:`finish_resolving`, asked by ``resolve``), and at
the beginning of its controller's next upkeep a delayed triggered ability (CR 603.7) lets them
cast it from exile without paying its mana cost.

Only a resolving spell rebounds: one countered or without legal targets goes to the graveyard
(CR 608.2b, 701.6a), and a copy (not cast, CR 707.10) isn't exiled. The exiled card is followed
by its object id: if it leaves exile first it is a new object (CR 400.7) and nothing is cast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language import rebound as lr
from undercity.engine import casting, triggers, zones
from undercity.engine import events as ev
from undercity.engine.effects import handles

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem

#: ``State.extra`` key: a rebounded card in exile -> (its controller, the turn it was exiled).
REBOUNDED = "rebounded"


def finish_resolving(g: Game, item: StackItem) -> bool:
    """The last step of resolving a spell with rebound cast from its controller's hand (CR
    702.88a): exile it, to be cast at their next upkeep. False (doing nothing) for any other spell."""
    o = g.s.objs.get(item.obj) if item.obj is not None else None
    if (o is None or lr.REBOUND not in o.card.keywords or item.is_copy
            or item.trigger_data.get("from_zone") != "hand"):
        return False
    new = zones.move(g, o.id, "exile", rule="702.88a", verb="is exiled (rebound)")
    if new is not None and new.zone == "exile":
        g.s.extra.setdefault(REBOUNDED, {})[new.id] = (item.controller, g.s.turn)
    return True


@triggers.watches("step_began", steps=("upkeep",))
def _upkeep(g: Game, e: ev.StepBegan) -> None:
    """"At the beginning of your next upkeep" (CR 702.88a, 603.7): the first upkeep of the
    spell's controller after the turn it was exiled."""
    s = g.s
    waiting = s.extra.get(REBOUNDED)
    if e.step != "upkeep" or not waiting:
        return
    for oid, (player, turn) in list(waiting.items()):
        if player != s.active or s.turn <= turn:
            continue
        del waiting[oid]
        o = s.objs.get(oid)
        if o is None or o.zone != "exile":
            continue  # CR 400.7: it left exile; a new object
        triggers.add_inherent(g, player, o.name, lr.REBOUND, lr.REBOUND_TEXT, (lr.CastFromExileFree(),), "702.88a",
                              object=oid)


@handles(lr.CastFromExileFree)
def h_cast_from_exile_free(g: Game, job: Job, item: StackItem, e: lr.CastFromExileFree, key: str) -> None:
    s = g.s
    p = item.controller
    oid = item.trigger_data.get("object")
    o = s.objs.get(oid) if oid is not None else None
    if o is None or o.zone != "exile":
        return
    if not casting.castable(g, p, o, free=True):
        g.emit(ev.Note(rule="608.2g", message=f"{o.name} can't be cast now; it stays exiled"))
        return
    if casting.ask_cast_free(g, job, key, p, o):
        g.push("cast", player=p, obj=oid, alt=None, free=True)
