"""The number of spells a player has cast this turn (CR 601.2i), as an amount of the card
language (:data:`undercity.cards.language.spells_cast.SPELLS_CAST_THIS_TURN`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.spells_cast import SpellsCastThisTurn
from undercity.engine.effects import counts
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.cards.model import Count
    from undercity.engine.game import Game


@counts(SpellsCastThisTurn)
def _spells_cast(g: Game, a: Count, item: StackItem, job: Job) -> int:
    return g.s.players[item.controller].spells_cast_this_turn

