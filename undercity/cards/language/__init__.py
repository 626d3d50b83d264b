"""The effect language, grown by rule concept: one module per concept of the Comprehensive
Rules (CR 706 dice, 725 the monarch, 702.21 ward, 702.85 cascade, 701.21 sacrificing a named permanent). The core vocabulary stays in
:mod:`undercity.cards.model`; every effect type here has its handler in the engine module of
the same concept (``undercity.engine.dice``, ``.monarch``, ``.ward``, ``.cascade``).
"""

from undercity.cards.language.cascade import CASCADE, Cascade
from undercity.cards.language.damage import DEALS_DAMAGE
from undercity.cards.language.dice import (
    DIE_RESULT,
    ROLL_DICE,
    ROLL_HIGHEST_NATURAL,
    ResultRow,
    RollAsEnters,
    RollDie,
    row,
)
from undercity.cards.language.monarch import IS_MONARCH, BecomeMonarch
from undercity.cards.language.sacrifice import SacrificeIt
from undercity.cards.language.ward import CounterUnlessPays, ward, ward_cost

__all__ = [
    "CASCADE", "DEALS_DAMAGE", "DIE_RESULT", "IS_MONARCH", "ROLL_DICE", "ROLL_HIGHEST_NATURAL", "BecomeMonarch", "Cascade",
    "CounterUnlessPays", "ResultRow", "RollAsEnters", "RollDie", "SacrificeIt", "row", "ward", "ward_cost",
]
