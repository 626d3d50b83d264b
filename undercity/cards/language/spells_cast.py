"""Counting spells cast (CR 601.2i): ``SPELLS_CAST_THIS_TURN`` is the amount "the number of
spells you've cast this turn" (Volcanic Torrent) — copies aren't cast (CR 707.10) and don't
count. Computed by :mod:`undercity.engine.spells_cast`."""

from dataclasses import dataclass

from undercity.cards.model import Count


@dataclass(frozen=True, slots=True)
class SpellsCastThisTurn(Count):
    """"the number of spells you've cast this turn" (CR 601.2i)."""

    what: str = "spells_you_cast_this_turn"


SPELLS_CAST_THIS_TURN = SpellsCastThisTurn()
