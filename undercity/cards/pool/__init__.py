"""Every implemented card. Importing this package defines them all."""

from undercity.cards.pool import (  # noqa: F401
    adventures,
    afr_venture,
    backgrounds,
    clb_green,
    clb_initiative,
    clb_white,
    commander_pool,
    core,
    dungeon_cards,
    rulings_support,
    seeds,
    venture,
)
