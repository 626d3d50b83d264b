"""Phyrexian mana symbols in activation costs (CR 107.4f, 602.2b, 119.4): each {U/P} is paid
with one blue mana or with 2 life, which the player chooses as they activate the ability
(decision ``phyrexian``), paying life only if their life total is at least that much (119.4).
A hybrid Phyrexian symbol ({G/W/P}) is paid with either color's mana or 2 life."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.engine.decisions import Option
from undercity.mana import ManaCost, can_pay

if TYPE_CHECKING:
    from collections.abc import Sequence

    from undercity.engine.game import Game
    from undercity.engine.state import Job
    from undercity.mana import ManaPool, ManaSource

#: The life one Phyrexian symbol costs instead of its mana (CR 107.4f).
LIFE_PER_SYMBOL = 2


def count(cost: ManaCost | None) -> int:
    """How many Phyrexian symbols ``cost`` has."""
    return sum(1 for h in cost.hybrid if "P" in h) if cost is not None else 0


def without(cost: ManaCost, n: int) -> ManaCost:
    """``cost`` with ``n`` of its Phyrexian symbols paid with life (the rest stay mana)."""
    hybrid = list(cost.hybrid)
    for _ in range(n):
        hybrid.remove(next(h for h in hybrid if "P" in h))
    return ManaCost(cost.generic, cost.colored, cost.colorless, tuple(hybrid), cost.x, "{0}")


def _works(cost: ManaCost, k: int, life: int, other_life: int, sources: Sequence[ManaSource],
           pool: ManaPool | None) -> bool:
    """Whether ``cost`` can be paid with ``k`` of its Phyrexian symbols paid as life, from a
    life total ``life`` that also pays ``other_life`` of the cost (CR 119.4)."""
    return life >= other_life + LIFE_PER_SYMBOL * k and can_pay(without(cost, k), sources, pool)


def payable(cost: ManaCost, life: int, other_life: int, sources: Sequence[ManaSource],
            pool: ManaPool | None) -> bool:
    """Whether ``cost`` can be paid with some of its Phyrexian symbols paid as life."""
    return any(_works(cost, k, life, other_life, sources, pool) for k in range(count(cost) + 1))


def choose(g: Game, job: Job, key: str, player: int, cost: ManaCost, other_life: int, name: str,
           sources: Sequence[ManaSource], pool: ManaPool | None) -> tuple[ManaCost, int]:
    """Ask, symbol by symbol, whether ``player`` pays each Phyrexian symbol of ``cost`` with mana
    or with 2 life (CR 107.4f, 602.2b), offering only what leaves the rest payable; the mana still
    to pay and the life."""
    life = g.s.players[player].life
    paid = 0
    for i in range(count(cost)):
        left = count(cost) - i - 1
        opts = []
        if any(_works(cost, paid + k, life, other_life, sources, pool) for k in range(left + 1)):
            opts.append(Option("pay mana", False))  # this one with mana, k of the rest with life
        if any(_works(cost, paid + 1 + k, life, other_life, sources, pool) for k in range(left + 1)):
            opts.append(Option(f"pay {LIFE_PER_SYMBOL} life", True))
        symbol = "{" + "/".join([h for h in cost.hybrid if "P" in h][i]) + "}"
        if g.ask(job, f"{key}{i}", player, "phyrexian", f"{g.player_name(player)}: pay {symbol} of {name} "
                 f"with mana or {LIFE_PER_SYMBOL} life?", opts, {"life": LIFE_PER_SYMBOL}):
            paid += 1
    return without(cost, paid), LIFE_PER_SYMBOL * paid
