"""Class enchantments (CR 716) of Adventures in the Forgotten Realms whose text the compiler doesn't read yet: Warlock
Class (Commander precon Planar Portal). Each is its level-1 abilities and its level bars
(:func:`undercity.cards.language.class_level.class_card`); the levels are rules
(:mod:`undercity.engine.class_level`)."""

from __future__ import annotations

from undercity.cards.language.class_level import becomes_level, class_card, level
from undercity.cards.language.conditions import CreatureDiedThisTurn
from undercity.cards.language.library_top import LookPutOneIntoHand
from undercity.cards.language.life_lost import OpponentsLoseLifeLostThisTurn
from undercity.cards.model import (
    EACH_OPPONENT,
    LoseLife,
    Trigger,
    Triggered,
)

_YOUR_END_STEP = Trigger("beginning_of", step="end")

class_card(
    "Warlock Class",
    triggered=(Triggered("At the beginning of your end step, if a creature died this turn, each opponent loses 1 life.",
                         when=_YOUR_END_STEP, if_=CreatureDiedThisTurn(),  # CR 603.4
                         effects=(LoseLife(1, EACH_OPPONENT),)),),
    levels=(
        level(2, "{1}{B}", Triggered("When this Class becomes level 2, look at the top three cards of your library. "
                                     "Put one of them into your hand and the rest into your graveyard.",
                                     when=becomes_level(2), effects=(LookPutOneIntoHand(3),))),
        level(3, "{6}{B}", Triggered("At the beginning of your end step, each opponent loses life equal to the "
                                         "life they lost this turn.", when=_YOUR_END_STEP,
                                         effects=(OpponentsLoseLifeLostThisTurn(),))),
    ))
