"""Persist (CR 702.79a): as a permanent with persist is put into a graveyard from the battlefield
with no -1/-1 counters on it — as it last existed there, its keywords granted ones included
(CR 603.10a, 603.4) — its trigger returns the card from the graveyard under its owner's control
with a -1/-1 counter on it. The card returned is the object the zone change made (CR 400.7): if
it leaves the graveyard first, nothing returns; a token can't return (CR 111.8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.persist import PERSIST, PERSIST_TEXT
from undercity.cards.language.zone_moves import ReturnUnderOwner
from undercity.cards.model import TRIGGER_OBJECT
from undercity.engine import events as ev
from undercity.engine import triggers

if TYPE_CHECKING:
    from undercity.engine.game import Game

@triggers.watches("zone_changed")
def _put_into_graveyard(g: Game, e: ev.ZoneChanged) -> None:
    return_with_counter(g, e, PERSIST, PERSIST_TEXT, "-1/-1", "702.79a")


def return_with_counter(g: Game, e: ev.ZoneChanged, keyword: str, text: str, counter: str, rule: str) -> None:
    """Persist's and undying's trigger (CR 702.79a, 702.93a): a permanent with ``keyword`` put
    into a graveyard from the battlefield with no ``counter`` counters on it, both as it last
    existed (CR 603.10a, 603.4), returns with one."""
    if e.from_zone != "battlefield" or e.to_zone != "graveyard":
        return
    lki = g.s.lki.get(e.obj)
    if lki is None or keyword not in (lki.get("keywords") or ()):
        return
    if (lki.get("counters") or {}).get(counter, 0) > 0:
        return  # CR 603.4: the intervening "if it had no [counter] counters on it"
    effects = (ReturnUnderOwner(TRIGGER_OBJECT, counters=((counter, 1),)),)
    triggers.add_inherent(g, lki["controller"], lki["name"], keyword, text, effects, rule,
                          source=e.new_obj, object=e.new_obj)
