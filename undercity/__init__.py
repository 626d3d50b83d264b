"""Undercity: a Magic: The Gathering rules engine built around the initiative and dungeons."""

__version__ = "0.1.0"
