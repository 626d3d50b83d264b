"""Melee (CR 702.121): the count of :mod:`undercity.cards.language.melee`, from the players each
player attacked this combat (``Combat.attacked_players``, recorded as attackers are declared)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.melee import OpponentsAttacked
from undercity.engine import events as ev
from undercity.engine import targeting, triggers
from undercity.engine.effects import counts

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem


@triggers.watches("attack_declared")
def _record_attacked_player(g: Game, e: ev.AttackDeclared) -> None:
    """A creature declared attacking a player (CR 508.1): its controller attacked that player
    this combat. A creature put onto the battlefield attacking was never declared (CR 508.4)."""
    c = g.s.combat
    d = c.attackers.get(e.attacker) if c is not None else None
    if c is not None and d is not None and d[0] == "p":
        c.attacked_players.setdefault(e.player, set()).add(d[1])


@counts(OpponentsAttacked)
def _opponents_attacked(g: Game, a: OpponentsAttacked, item: StackItem, job: Job) -> int:
    c = g.s.combat
    attacked = c.attacked_players.get(item.controller, set()) if c is not None else set()
    return sum(1 for p in attacked if targeting._is_opponent(g, item.controller, p))
