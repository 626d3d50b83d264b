"""Kicker and multikicker (CR 702.33): announcing it as the spell is cast (601.2b), its cost added
to the total cost (601.2f), and how many times the spell was kicked (702.33d), which the
abilities linked to it ask (702.33e: "for each time it was kicked").

The times are kept by the spell's object id (``State.extra[KICKED]``): a permanent spell's
"enters with … for each time it was kicked" reads them as it moves to the battlefield
(``entering.counters``); a copy of the spell is kicked as often as the spell (CR 707.10); they go
when the object leaves the stack (CR 400.7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.kicker import Kicker
from undercity.cards.model import CardDef
from undercity.engine import costs, mana_spending, triggers
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.mana import ManaCost, can_pay

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, Obj

#: ``State.extra`` key: the object id of a spell on the stack -> the times it was kicked.
KICKED = "times_kicked"
#: The most times a multikicker cost is offered (each costs mana; a bound for the options).
MOST = 20


def kicker_of(card: CardDef) -> Kicker | None:
    """The card's kicker or multikicker ability, if it has one."""
    return next((st for st in card.static if isinstance(st, Kicker)), None)


def kicked_cost(card: CardDef, cost: ManaCost, times: int) -> ManaCost:
    """``cost`` plus the kicker cost paid ``times`` times (CR 601.2f: an additional cost)."""
    k = kicker_of(card)
    return cost if k is None else cost.add_times(k.cost, times)


def ask_times(g: Game, job: Job, player: int, o: Obj, cost: ManaCost) -> int:
    """CR 601.2b: ``player`` announces whether (multikicker: how many times) they pay the kicker
    cost of spell ``o`` (decision ``kicker``); only the times whose total, over ``cost`` (the rest
    of the spell's cost, X as 0), they could pay are offered (601.2h)."""
    k = kicker_of(o.card)
    if k is None or k.cost is None:
        return 0
    spend = mana_spending.Spending(spell=o)
    sources, pool = costs.mana_sources(g, player, spend=spend), costs.pool_of(g, player, spend)
    most, total = 0, cost.with_x(0)
    while most < (MOST if k.multi else 1):
        total = total.add(k.cost)
        if not can_pay(total, sources, pool):
            break
        most += 1
    word = "multikicker" if k.multi else "kicker"
    opts = [Option(f"don't pay its {word} cost", 0)] + [
        Option(f"pay its {word} cost {k.cost.text}" + ((" once" if n == 1 else f" {n} times") if k.multi else ""), n)
        for n in range(1, most + 1)]
    return int(g.ask(job, "kicker", player, "kicker", f"{o.card.name}: pay its {word} cost {k.cost.text}?", opts))


def record(g: Game, spell: int, times: int) -> None:
    """Spell object ``spell`` was kicked ``times`` times (CR 702.33d)."""
    if times > 0:
        g.s.extra.setdefault(KICKED, {})[spell] = times


def times_kicked(g: Game, spell: int) -> int:
    """How many times the spell object ``spell`` was kicked (0 if it wasn't, or wasn't cast)."""
    return g.s.extra.get(KICKED, {}).get(spell, 0)


@triggers.watches("zone_changed")
def _left_stack(g: Game, e: ev.ZoneChanged) -> None:
    kicked = g.s.extra.get(KICKED)
    if kicked and e.obj in kicked:
        del kicked[e.obj]  # CR 400.7: the permanent it became is a new object
