"""Optional effects (CR 608.2d): "you may [effects]" and "you may pay [cost]. If you do, …" —
asked once; the chosen effects then run in order, each at most once even if the job runs
again after a later question.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.optional import May, MayOnceEachTurn, MayPay, MayPayLife
from undercity.engine import costs
from undercity.engine.decisions import Option
from undercity.engine.effects import handles, run_in_order
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game

@handles(May)
def h_may(g: Game, job: Job, item: StackItem, e: May, key: str) -> None:
    """"You may …" (CR 608.2d): asked once; the chosen effects then run in order, each at
    most once even if the job runs again after a later question."""
    ck = key + ":may"
    yes = g.ask(job, ck, item.controller, "yes_no", f"{g.player_name(item.controller)}: {e.text or 'do it'}?",
                [Option(e.text or "yes", True), Option("no", False)])
    if not yes:
        return
    run_in_order(g, job, item, e.effects, key)




@handles(MayPay)
def h_may_pay(g: Game, job: Job, item: StackItem, e: MayPay, key: str) -> None:
    """"You may pay [cost]. If you do, …" (CR 608.2d): offered only if the cost can be paid;
    paid once (a done-marker), then the effects run in order."""
    from undercity.mana import can_pay, parse_cost

    p = item.controller
    cost = parse_cost(e.cost)
    paid = key + ":paid"
    if paid not in job.data:
        yes = False
        if can_pay(cost, costs.mana_sources(g, p), costs.pool_of(g, p)):
            yes = g.ask(job, key + ":pay", p, "yes_no", f"{g.player_name(p)}: pay {cost} ({item.source_name})?",
                        [Option(f"pay {cost}", True), Option("don't pay", False)])
        job.data[paid] = bool(yes) and costs.pay_mana(g, p, cost, item.source_name)
    if not job.data[paid]:
        return
    run_in_order(g, job, item, e.effects, key)


@handles(MayPayLife)
def h_may_pay_life(g: Game, job: Job, item: StackItem, e: MayPayLife, key: str) -> None:
    """"You may pay life equal to its mana value. If you do, …" (CR 608.2d): offered only if the
    controller's life total is at least the amount (CR 119.4) — paying 0 life always can be;
    paid once (a done-marker) as a loss of that much life, then the effects run in order."""
    from undercity.engine.effects import amount, change_life

    p = item.controller
    paid = key + ":paid"
    if paid not in job.data:
        n = amount(g, e.life, item, job)
        yes = False
        if g.s.players[p].life >= n:
            yes = g.ask(job, key + ":pay", p, "yes_no", f"{g.player_name(p)}: pay {n} life ({item.source_name})?",
                        [Option(f"pay {n} life", True), Option("don't pay", False)])
        if yes:
            change_life(g, p, -n, "119.4")  # paying life is losing it (CR 119.4)
        job.data[paid] = bool(yes)
    if not job.data[paid]:
        return
    run_in_order(g, job, item, e.effects, key)


#: ``State.extra`` key: (source object, ability) -> the turn a "do this only once each turn"
#: ability last did it.
DONE_THIS_TURN = "may_once_each_turn"


@handles(MayOnceEachTurn)
def h_may_once_each_turn(g: Game, job: Job, item: StackItem, e: MayOnceEachTurn, key: str) -> None:
    """"You may …. Do this only once each turn.": offered if this ability of this object hasn't
    done it this turn (a new object is a new source, CR 400.7); recorded once chosen."""
    s = g.s
    done: dict[tuple[int | None, object], int] = s.extra.setdefault(DONE_THIS_TURN, {})
    mine = (item.source, item.ability)
    chosen = key + ":chosen"
    if chosen not in job.data:  # once, even if a later question runs this again
        if done.get(mine) == s.turn:
            return  # done already this turn: nothing to offer
        yes = g.ask(job, key + ":may", item.controller, "yes_no",
                    f"{g.player_name(item.controller)}: {e.text or 'do it'}?",
                    [Option(e.text or "yes", True), Option("no", False)])
        job.data[chosen] = yes
        if yes:
            done[mine] = s.turn
    if job.data[chosen]:
        run_in_order(g, job, item, e.effects, key)
