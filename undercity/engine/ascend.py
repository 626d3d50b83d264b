"""Ascend (CR 702.131b): "Any time you control ten or more permanents and you don't have the
city's blessing, you get the city's blessing for the rest of the game." — a designation of the
player (702.131c), kept even when the permanent with ascend or the ten permanents are gone.

The check runs as the permanents a player controls change (a permanent entering, a token,
control changing) and whenever the designation is asked about.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from undercity.cards.language.ascend import CityBlessing
from undercity.cards.model import CardDef, Condition
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import resolve, triggers

if TYPE_CHECKING:
    from undercity.engine.game import Game

#: ``State.extra`` key: the players who have the city's blessing (CR 702.131c).
BLESSED = "city_blessing"


def _has_ascend(card: CardDef) -> bool:
    return "ascend" in card.keywords


def check(g: Game) -> None:
    """Give the city's blessing to each player who controls a permanent with ascend and ten or
    more permanents (CR 702.131b)."""
    s = g.s
    ids = ch.permanents_with(s, _has_ascend)
    if not ids:
        return
    blessed = s.extra.get(BLESSED, [])
    for p in sorted({s.objs[i].controller for i in ids if ch.has(g, s.objs[i], "ascend")}):
        if p in blessed or sum(1 for oid in s.battlefield if s.objs[oid].controller == p) < 10:
            continue
        s.extra[BLESSED] = blessed = [*blessed, p]
        g.emit(ev.Note(rule="702.131b", message=f"{g.player_name(p)} gets the city's blessing", player=p))


def has_blessing(g: Game, player: int) -> bool:
    check(g)
    return player in g.s.extra.get(BLESSED, ())


@resolve.checks(CityBlessing)
def _cond_city_blessing(g: Game, cond: Condition, controller: int) -> bool:
    return has_blessing(g, controller)


for _kind in ("zone_changed", "token_created", "effect_began"):
    @triggers.watches(_kind)
    def _on_change(g: Game, e: Any) -> None:
        check(g)
