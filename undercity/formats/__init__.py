"""Formats: deck construction rules (CR 100.2, 903.5). The game rules of variants live in
:mod:`undercity.engine` (variants.py, commander.py)."""

from undercity.formats.commander import color_identity, validate_commander_deck

__all__ = ["color_identity", "validate_commander_deck"]
