"""Every implemented card. Importing this package defines them all."""

from undercity.cards.pool import adventures, commander_pool, core, dungeon_cards, seeds, venture  # noqa: F401
