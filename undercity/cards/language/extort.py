"""Extort (CR 702.101a): "Whenever you cast a spell, you may pay {W/B}. If you do, each opponent
loses 1 life and you gain that much life."

The keyword is that triggered ability (:func:`extort`): a "whenever you cast a spell" trigger
whose effect is a :class:`~undercity.cards.language.optional.MayPay` of {W/B} (asked as it
resolves, at most once, CR 608.2d) of :class:`DrainEachOpponent`. Each instance triggers
separately (702.101b). Its handler is :mod:`undercity.engine.extort`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.language.optional import MayPay
from undercity.cards.model import Effect, Trigger, Triggered

EXTORT_TEXT = "Extort"


@dataclass(frozen=True, slots=True)
class DrainEachOpponent(Effect):
    """Each opponent loses ``n`` life and you gain life equal to the total life lost this way."""

    n: int = 1


def extort() -> Triggered:
    """One instance of extort (CR 702.101a)."""
    return Triggered(EXTORT_TEXT, when=Trigger("cast"), effects=(MayPay("{W/B}", (DrainEachOpponent(1),)),))
