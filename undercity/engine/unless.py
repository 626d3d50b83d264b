"""Punisher effects (CR 118.12a): "[do something] unless [a player does something else]" —
the handler of :class:`undercity.cards.language.unless.Unless`.

The player named is asked as the effect resolves whether they pay (CR 118.12: the action is a
cost, paid then); a cost they can't pay isn't offered (CR 118.3: no sources for the mana, no
permanent or card to sacrifice or discard). The payment is made once (a done-marker in the
job), and the effects happen only if they didn't pay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards import model as m
from undercity.cards.language.unless import Unless
from undercity.engine import costs, targeting, zones
from undercity.engine.decisions import Option
from undercity.engine.effects import distinct_cards, distinct_permanents, handles, ref_players, run_in_order
from undercity.engine.state import Job, StackItem
from undercity.mana import can_pay, parse_cost

if TYPE_CHECKING:
    from undercity.engine.game import Game


@handles(Unless)
def h_unless(g: Game, job: Job, item: StackItem, e: Unless, key: str) -> None:
    done = key + ":paid"
    if done not in job.data:
        job.data[done] = _pays(g, job, item, e, key)
    if not job.data[done]:
        run_in_order(g, job, item, e.effects, key)


def _decline_context(e: Unless) -> dict[str, int | str]:
    """What declining costs the payer, for an agent weighing the choice: the life a fixed
    amount of damage or life loss takes, or the cards a discard takes."""
    ctx: dict[str, int | str] = {"unless": e.text}
    for eff in e.effects:
        if isinstance(eff, m.DealDamage) and isinstance(eff.amount, int):
            ctx["life"] = int(ctx.get("life", 0)) + eff.amount
        elif isinstance(eff, m.LoseLife) and isinstance(eff.n, int):
            ctx["life"] = int(ctx.get("life", 0)) + eff.n
        elif isinstance(eff, m.Discard) and isinstance(eff.n, int):
            ctx["discard"] = int(ctx.get("discard", 0)) + eff.n
    return ctx


def _pays(g: Game, job: Job, item: StackItem, e: Unless, key: str) -> bool:
    """Whether the payer pays (and, if so, the payment made)."""
    s = g.s
    payers = ref_players(g, e.payer, item, job)
    if not payers:  # the player left the game (CR 800.4a): nobody can pay
        return False
    p = payers[0]
    who = g.player_name(p)
    if e.mana:
        cost = parse_cost(e.mana)
        if not can_pay(cost, costs.mana_sources(g, p), costs.pool_of(g, p)):
            return False
        yes = g.ask(job, key + ":pay", p, "pay_unless", f"{who}: pay {cost} ({item.source_name})?",
                    [Option(f"pay {cost}", True), Option("don't pay", False)], {"mana": e.mana})
        return bool(yes) and costs.pay_mana(g, p, cost, item.source_name)
    if e.sacrifice is not None:
        pool = distinct_permanents(g, job, targeting.controlled_matching(g, p, e.sacrifice))
        opts = [Option(f"sacrifice {s.objs[c].name}", c) for c in pool]
    else:
        pool = distinct_cards(g, [c for c in s.players[p].hand if targeting.matches(g, s.objs[c], e.discard, p)])
        opts = [Option(f"discard {s.objs[c].name}", c) for c in pool]
    if not opts:
        return False
    opts.append(Option("don't", None))
    c = g.ask(job, key + ":unless", p, "unless_cost", f"{who}: {e.text} ({item.source_name})?", opts,
              _decline_context(e))
    if c is None:
        return False
    if e.sacrifice is not None:
        zones.move(g, c, "graveyard", rule="701.21a", verb="is sacrificed")
    else:
        zones.move(g, c, "graveyard", rule="701.9a", verb="is discarded")
    return True

