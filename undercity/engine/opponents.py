"""Counting opponents (CR 102.2, 102.3; 800.4a): the language's ``OpponentsCount``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.opponents import OpponentsCount
from undercity.engine import targeting
from undercity.engine.effects import counts

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem


@counts(OpponentsCount)
def _opponents(g: Game, a: OpponentsCount, item: StackItem, job: Job) -> int:
    return sum(1 for p in g.s.living() if targeting._is_opponent(g, item.controller, p))
