"""Every implemented card. Importing this package defines them all."""

from undercity.cards.pool import core, dungeon_cards, seeds, venture  # noqa: F401
