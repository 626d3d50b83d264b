"""Every implemented card. Importing this package defines them all."""

from undercity.cards.pool import core, seeds  # noqa: F401
