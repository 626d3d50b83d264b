"""Ward (CR 702.21): counter the spell or ability unless its controller pays the cost.

The trigger — a permanent with ward becomes the target of a spell or ability an opponent
controls — is detected in :mod:`undercity.engine.event_triggers` (``becomes_target``); this
module resolves it. The targeting player chooses whether to pay (CR 701.6, "unless"); a cost
that can't be paid is not offered: mana needs sources (CR 118.3), life needs a life total at
least as large (CR 119.4; in Two-Headed Giant the team's, 119.4a). Paying life is losing it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.ward import CounterUnlessPays
from undercity.engine import costs
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.engine.effects import change_life, counter_spell, handles, ref_objects
from undercity.engine.state import Job, StackItem
from undercity.mana import can_pay, parse_cost

if TYPE_CHECKING:
    from undercity.engine.game import Game


def _cost_text(e: CounterUnlessPays) -> str:
    parts = [e.cost] if e.cost else []
    if e.life:
        parts.append(f"{e.life} life")
    return " and ".join(parts) or "{0}"


@handles(CounterUnlessPays)
def h_counter_unless_pays(g: Game, job: Job, item: StackItem, e: CounterUnlessPays, key: str) -> None:
    """Ward: counter the spell or ability unless its controller pays (CR 702.21a, 701.6)."""
    s = g.s
    if e.what is not None:  # a target spell, if still a legal target (CR 608.2b)
        spell = ref_objects(g, e.what, item, job)
        target = next((it for it in s.stack if spell and it.obj == spell[0]), None)
    else:
        target = next((it for it in s.stack if it.id == item.trigger_data.get("target_item")), None)
    if target is None:  # it has already left the stack
        return
    payer = target.controller
    mana = parse_cost(e.cost) if e.cost else None
    able = s.players[payer].life >= e.life  # CR 119.4 (the shared total in 2HG, 810.9)
    if mana is not None:
        able = able and can_pay(mana, costs.mana_sources(g, payer), costs.pool_of(g, payer))
    what = _cost_text(e)
    pay = False
    if able:
        pay = g.ask(job, key + ":pay", payer, "pay_unless",
                    f"{g.player_name(payer)}: pay {what} or {target.name} is countered ({item.source_name})",
                    [Option(f"pay {what}", True), Option("don't pay", False)],
                    {"mana": e.cost, "life": e.life})
    if pay:
        if mana is not None:
            costs.pay_mana(g, payer, mana, f"{item.source_name}'s ward")
        if e.life:
            change_life(g, payer, -e.life, "119.4")
        return
    if target.kind == "spell" and target.obj is not None:
        counter_spell(g, target.obj)
    else:  # CR 701.6b: countering an ability removes it from the stack
        s.stack.remove(target)
        g.emit(ev.Countered(rule="701.6b", player=target.controller, name=target.name))
