"""Every implemented card. Importing this package defines them all."""

from undercity.cards.pool import (  # noqa: F401
    adventures,
    afr_venture,
    clb_initiative,
    commander_pool,
    core,
    dungeon_cards,
    rulings_support,
    seeds,
    venture,
)
