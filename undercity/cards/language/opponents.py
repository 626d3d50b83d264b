"""Counting opponents (CR 102.2, 102.3): "equal to the number of opponents you have" — the
opponents still in the game (CR 104.5, 800.4a: a player who left has no part in it; ruling
2019-10-04, Chittering Witch). Counted by :mod:`undercity.engine.opponents`."""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Count


@dataclass(frozen=True, slots=True)
class OpponentsCount(Count):
    """The number of opponents the ability's controller has, as it resolves."""

    what: str = "opponents"


OPPONENTS = OpponentsCount()
