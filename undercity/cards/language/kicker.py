"""Kicker and multikicker (CR 702.33): "Multikicker {2}".

Kicker is a static ability that functions while the spell is on the stack (702.33a): "You may
pay an additional [cost] as you cast this spell"; multikicker (702.33c): "… any number of times
as you cast this spell". A card's kicker is :class:`Kicker` among its static abilities (it does
nothing elsewhere); the rules — announcing it (601.2b), adding the cost (601.2f) and the times
the spell was kicked (702.33d) — are in :mod:`undercity.engine.kicker`. The abilities linked to
it (702.33e) ask those times: "~ enters the battlefield with a charge counter on it for each time
it was kicked" (:class:`undercity.cards.language.entering.EntersWithCounters` ``per_kick``).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Static
from undercity.mana import ManaCost

KICKER = "kicker"


@dataclass(frozen=True, slots=True, eq=False)
class Kicker(Static):
    """"Kicker ``cost``" (CR 702.33a) or, with ``multi``, "Multikicker ``cost``" (702.33c)."""

    kind: str = KICKER
    cost: ManaCost | None = None
    multi: bool = False
