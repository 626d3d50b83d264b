"""Cycling (CR 702.29): the abilities that trigger when a card is cycled.

"When you cycle this card" means "When you discard this card to pay an activation cost of a
cycling ability" and triggers from whatever zone the card winds up in (CR 702.29c) — the
graveyard, usually. :func:`casting` calls :func:`cycled` once the card has been discarded for
the cost, so the trigger goes on the stack above the cycling ability and resolves before its
draw (ruling 2021-06-18, Fractured Sanity)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.cycling import CYCLE_SELF, is_cycling
from undercity.engine import triggers

if TYPE_CHECKING:
    from undercity.cards.model import Activated
    from undercity.engine.game import Game
    from undercity.engine.state import Obj


def cycled(g: Game, a: Activated, card: Obj | None, player: int) -> None:
    """``card`` (the new object, CR 400.7) was discarded to pay the cost of ``a`` by ``player``:
    if ``a`` is a cycling ability, its "when you cycle this card" abilities trigger."""
    if card is None or not is_cycling(a):
        return
    for t in card.card.triggered:
        if t.when.event == CYCLE_SELF:
            triggers.add_pending(g, card, t, player, card.name)
