"""Unearth (CR 702.84) and abilities that give it to cards in a graveyard.

"Unearth [cost]" means "[Cost]: Return this card from your graveyard to the battlefield. It
gains haste. Exile it at the beginning of the next end step. If it would leave the battlefield,
exile it instead of putting it anywhere else. Activate only as a sorcery." (702.84a). The
keyword becomes that activated ability, whose one effect is :class:`Unearth`; it functions from
the graveyard (CR 113.6m), where ``engine/from_graveyard.py`` lists it. Its handler is in
``engine/unearth.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Activated, Effect, Filter, Static


@dataclass(frozen=True, slots=True)
class Unearth(Effect):
    """The effect of an unearth ability (CR 702.84a): this card, from its owner's graveyard, onto
    the battlefield; it gains haste; a delayed ability exiles it at the beginning of the next end
    step; and if it would leave the battlefield it is exiled instead."""


@dataclass(frozen=True, slots=True)
class GraveyardCardsHave(Static):
    """"Each creature card in your graveyard that's a Cleric, Rogue, Warrior, and/or Wizard has
    unearth {1}{B}." (Solemn Doomguide): the cards of its controller's graveyard matching
    ``filter`` (their printed characteristics, CR 400.3) have the activated ``abilities`` while
    this permanent is on the battlefield with the ability (CR 604.1, 611.3a); a card that leaves
    the graveyard is a new object without them (CR 400.7)."""

    kind: str = "graveyard_cards_have"
    filter: Filter = Filter()
    abilities: tuple[Activated, ...] = ()
