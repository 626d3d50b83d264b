"""Every implemented card. Importing this package defines them all."""

from undercity.cards.pool import core  # noqa: F401
