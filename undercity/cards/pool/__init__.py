"""Every implemented card. Importing this package defines them all."""

from undercity.cards import dungeons  # noqa: F401  (the tokens the dungeon rooms create)
from undercity.cards.pool import (  # noqa: F401
    adventure_cards,
    backgrounds,
    cascade_cards,
    class_cards,
    continuous_cards,
    core,
    dice_cards,
    erinis_deck_cards,
    initiative_cards,
    linden_deck_cards,
    rulings_support,
    seeds,
    venture_cards,
    ward_cards,
)
