"""Melee (CR 702.121) as data: "Whenever this creature attacks, it gets +1/+1 until end of turn
for each opponent you attacked with a creature this combat." The keyword lowers to that trigger
with :data:`OPPONENTS_ATTACKED`, counted by :mod:`undercity.engine.melee`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Count


@dataclass(frozen=True, slots=True)
class OpponentsAttacked(Count):
    """The opponents its controller attacked with one or more creatures this combat, counted as
    the ability resolves: creatures declared attacking that player, whether or not they are
    still attacking or on the battlefield; a planeswalker attacked isn't its controller
    (rulings 2016-08-23, Adriana, Captain of the Guard)."""

    what: str = "opponents_attacked_this_combat"


OPPONENTS_ATTACKED = OpponentsAttacked()
