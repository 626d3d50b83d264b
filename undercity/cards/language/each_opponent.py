"""A choice made once for each opponent, each followed by its own reflexive triggered ability
(CR 603.12): "For each opponent, tap up to one untapped creature you control. When you do, gain
control of target creature that player controls with power less than or equal to the tapped
creature's power …" (Nihiloor). Handled by :mod:`undercity.engine.each_opponent`.

As the ability resolves its controller chooses up to one creature for each opponent and taps
them all at once; then one reflexive ability triggers for each creature tapped, remembering
that opponent ("that player", :data:`THE_OPPONENT`) and that creature ("the tapped creature",
ruling 2021-07-23, Nihiloor).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.language.delayed_triggers import CreateReflexiveTrigger
from undercity.cards.model import Effect, Filter, Ref

#: "that player" of the reflexive ability: the opponent it was created for (trigger data
#: ``opponent``).
THE_OPPONENT = Ref("the_opponent")


@dataclass(frozen=True, slots=True)
class TapForEachOpponent(Effect):
    """For each opponent, tap up to one untapped permanent matching ``filter`` that the
    ability's controller controls (CR 701.26a: chosen as it resolves, CR 608.2c, and tapped
    together); for each one tapped, ``then`` triggers (CR 603.12) about that opponent and that
    permanent."""

    filter: Filter
    then: CreateReflexiveTrigger
