"""Life lost this turn (CR 119.3: damage to a player causes that much life loss, and life can be
lost directly): "each opponent loses life equal to the life they lost this turn" (Warlock Class)
— handled by :mod:`undercity.engine.life_lost`.

**For the Oracle-text compiler.** That sentence is ``OpponentsLoseLifeLostThisTurn()``.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.language.event_triggers import TRIGGER_BLOCKER
from undercity.cards.model import Amount, Condition, Effect, Ref


@dataclass(frozen=True, slots=True)
class OpponentLostLifeThisTurn(Condition):
    """"If an opponent lost life this turn" (spectacle, CR 702.137a): one who has since left the
    game counts too (ruling 2019-01-25, Light Up the Stage)."""

    what: str = "opponent_lost_life_this_turn"


@dataclass(frozen=True, slots=True)
class OpponentsLoseLifeLostThisTurn(Effect):
    """Each opponent of the controller loses as much life as they have lost this turn, each
    their own amount (CR 119.3)."""


@dataclass(frozen=True, slots=True)
class ControllerLosesLife(Effect):
    """The controller of the object ``of`` loses ``n`` life (its last known controller if it
    has left the battlefield, CR 608.2h)."""

    n: Amount
    of: Ref = TRIGGER_BLOCKER
