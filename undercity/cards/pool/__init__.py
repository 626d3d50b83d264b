"""Every implemented card. Importing this package defines them all."""

from undercity.cards.pool import (  # noqa: F401
    adventure_cards,
    adventures,
    afr_venture,
    backgrounds,
    cascade_cards,
    class_cards,
    clb_green,
    clb_initiative,
    clb_white,
    commander_pool,
    continuous_cards,
    core,
    dice_cards,
    draw_trigger_cards,
    dungeon_cards,
    monarch_cards,
    rulings_support,
    seeds,
    venture,
    ward_cards,
)
