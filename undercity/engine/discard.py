"""Discarding (CR 701.9): the one code path that discards a card — for an effect, a cost
(CR 602.2b: cycling's too) or the cleanup step (CR 514.1) — and the abilities that trigger on it,
:class:`~undercity.cards.language.discard.YouDiscard` ("Whenever you discard a creature card"):
each discarded card triggers them once (CR 603.2), as it is discarded."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from undercity.cards.language.discard import YouDiscard
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import targeting, triggers, zones

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game
    from undercity.engine.state import Obj


@lru_cache(maxsize=4096)
def _has_discard_trigger(card: CardDef) -> bool:
    return any(isinstance(a.when, YouDiscard) for a in card.triggered)


def discard(g: Game, oid: int, rule: str = "701.9a") -> Obj | None:
    """Its owner discards card ``oid`` from their hand (CR 701.9a): it moves to the graveyard
    (or wherever a replacement effect puts it), and "whenever you discard …" abilities of the
    permanents its owner controls trigger for it. The new object (CR 400.7), or None."""
    s = g.s
    player = s.objs[oid].owner
    new = zones.move(g, oid, "graveyard", rule=rule, verb="is discarded")
    if new is None:
        return None
    for pid in ab.with_abilities(g, ch.permanents_with(s, _has_discard_trigger)):
        o = s.objs[pid]
        if o.controller != player:
            continue
        for a in ab.triggered(g, o):
            if isinstance(a.when, YouDiscard) and targeting.matches(g, new, a.when.filter, player, o.id):
                triggers.add_pending(g, o, a, o.controller, o.name, object=new.id)
    return new
