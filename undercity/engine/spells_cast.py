"""The number of spells a player has cast this turn (CR 601.2i), as an amount of the card
language (:data:`undercity.cards.language.spells_cast.SPELLS_CAST_THIS_TURN`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.spells_cast import SPELLS_CAST_THIS_TURN
from undercity.engine.effects import AMOUNT_HOOKS
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.cards.model import Count
    from undercity.engine.game import Game


def _spells_cast(g: Game, a: Count, item: StackItem, job: Job) -> int:
    return g.s.players[item.controller].spells_cast_this_turn


AMOUNT_HOOKS[SPELLS_CAST_THIS_TURN.what] = _spells_cast
