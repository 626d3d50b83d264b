"""Echo (CR 702.30a): "At the beginning of your upkeep, if this permanent came under your control
since the beginning of your last upkeep, sacrifice it unless you pay [cost]."

Which permanents have been under their controller's control since that player's last upkeep
began is kept in ``State.extra`` (:data:`_SINCE`: object id -> controller), written at each
upkeep for the echo permanents its player controls; a permanent that entered (a new object, CR
400.7) or changed controller (:func:`control_changed`, asked by ``layers.change_controller``)
isn't there, so its echo triggers at its controller's next upkeep (ruling 2021-06-18, Karmic
Guide: entering or gaining control). As the trigger resolves its controller chooses whether to
pay (decision ``echo``); if they don't or can't, they sacrifice it — if they still control it
(CR 701.21a).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from undercity.cards.language.echo import ECHO, UPKEEP_TEXT, Echo, SacrificeUnlessPaysEcho
from undercity.cards.model import CardDef
from undercity.engine import characteristics as ch
from undercity.engine import costs, triggers, zones
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.engine.effects import handles
from undercity.engine.teams import is_active
from undercity.mana import can_pay

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, Obj, StackItem

#: ``State.extra`` key: echo permanent id -> the player who has controlled it since their last
#: upkeep began.
_SINCE = "echo_controlled_since_upkeep"


@lru_cache(maxsize=4096)
def _echo_of(card: CardDef) -> Echo | None:
    return next((st for st in card.static if isinstance(st, Echo)), None)


def _has_echo(card: CardDef) -> bool:
    return _echo_of(card) is not None


def control_changed(g: Game, o: Obj) -> None:
    """``o`` came under another player's control (CR 702.30a): its echo triggers at that
    player's next upkeep."""
    since = g.s.extra.get(_SINCE)
    if since:
        since.pop(o.id, None)


@triggers.watches("step_began", steps=("upkeep",))
def _upkeep(g: Game, e: ev.StepBegan) -> None:
    s = g.s
    if e.step != "upkeep":
        return
    echoes = ch.permanents_with(s, _has_echo)
    if not echoes:
        return
    since = s.extra.setdefault(_SINCE, {})
    for oid in echoes:
        o = s.objs[oid]
        if not is_active(g, o.controller):
            continue
        if since.get(oid) != o.controller:
            echo = _echo_of(o.card)
            assert echo is not None and echo.cost is not None
            triggers.add_inherent(g, o.controller, o.name, ECHO, UPKEEP_TEXT.replace("its echo cost", str(echo.cost)),
                                  (SacrificeUnlessPaysEcho(echo.cost),), "702.30a", source=oid)
        since[oid] = o.controller  # from this upkeep on, under this player's control


@handles(SacrificeUnlessPaysEcho)
def h_echo(g: Game, job: Job, item: StackItem, e: SacrificeUnlessPaysEcho, key: str) -> None:
    s = g.s
    p = item.controller
    o = s.objs.get(item.source) if item.source is not None else None
    if o is None or o.zone != "battlefield":
        return  # a new object or gone (CR 400.7): nothing to sacrifice
    paid = key + ":paid"
    if paid not in job.data:
        pay = False
        if can_pay(e.cost, costs.mana_sources(g, p), costs.pool_of(g, p)):
            pay = g.ask(job, key + ":pay", p, "echo", f"{g.player_name(p)}: pay {e.cost} for {o.name}'s echo, or "
                        "sacrifice it?", [Option(f"pay {e.cost}", True), Option(f"sacrifice {o.name}", False)],
                        {"obj": o.id, "mana_value": e.cost.mana_value})
        job.data[paid] = bool(pay) and costs.pay_mana(g, p, e.cost, o.name)
    if not job.data[paid] and o.controller == p:  # CR 701.21a: only a permanent you control
        zones.move(g, o.id, "graveyard", rule="701.21a", verb="is sacrificed")
