"""Mana kept in a mana pool as steps and phases end (CR 106.4, 500.4): the language's
:class:`~undercity.cards.language.mana_pool.AddKeptMana`, and what :func:`undercity.engine.turn.end_step`
asks as it empties the pools (:func:`remaining`).

A player who has both kept mana and other mana of one color spends the other first (that is
always at least as good for them, and no cost distinguishes the two), so of a color the pool
keeps as much as it still holds, up to the kept amount.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.mana_pool import AddKeptMana
from undercity.engine import events as ev
from undercity.engine.effects import handles
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game

#: ``State.extra`` key: player -> (turn, {color: amount kept}).
KEPT = "mana_kept_this_turn"


@handles(AddKeptMana)
def h_add_kept_mana(g: Game, job: Job, item: StackItem, e: AddKeptMana, key: str) -> None:
    p = g.s.players[item.controller]
    for c in e.mana:
        p.pool[c] = p.pool.get(c, 0) + 1
    keep(g, item.controller, e.mana)
    g.emit(ev.ManaAdded(rule="106.4", player=item.controller, mana="".join("{" + c + "}" for c in e.mana),
                        source=item.source_name))


def keep(g: Game, player: int, mana: str) -> None:
    """``mana`` (letters), just added to ``player``'s pool, stays there as steps and phases end
    this turn (CR 106.4)."""
    s = g.s
    kept = s.extra.setdefault(KEPT, {})
    turn, amounts = kept.get(player, (s.turn, {}))
    amounts = dict(amounts) if turn == s.turn else {}
    for c in mana:
        amounts[c] = amounts.get(c, 0) + 1
    kept[player] = (s.turn, amounts)


def remaining(g: Game, player: int, pool: dict[str, int]) -> dict[str, int]:
    """What ``player``'s pool holds after it empties at the end of this step (CR 500.4): the
    kept mana it still has, until the cleanup step, where "until end of turn" ends (CR 514.2)."""
    s = g.s
    entry = s.extra.get(KEPT, {}).get(player)
    if entry is None or entry[0] != s.turn or s.step == "cleanup":
        return {}
    left = {c: min(n, pool.get(c, 0)) for c, n in entry[1].items() if pool.get(c, 0) > 0}
    s.extra[KEPT][player] = (s.turn, left)  # spent kept mana isn't kept any more
    return left
