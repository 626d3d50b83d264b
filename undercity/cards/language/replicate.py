"""Replicate (CR 702.56): "Replicate {1}{U}", "Replicate—Tap an untapped Horror you control."

Replicate is a keyword of two abilities that function while the spell is on the stack (702.56a):
a static ability, "As an additional cost to cast this spell, you may pay [cost] any number of
times", and a triggered ability, "When you cast this spell, if a replicate cost was paid for it,
copy it for each time its replicate cost was paid. If the spell has any targets, you may choose
new targets for any of the copies." A card's replicate is :class:`Replicate` among its static
abilities; the rules — announcing how many times (601.2b), paying the cost that many times
(601.2f-h: mana added to the total cost, or one untapped permanent tapped per payment, 118.3),
and the cast trigger that copies the spell (707.10, 707.10c) — are in
:mod:`undercity.engine.replicate`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Filter, Static
from undercity.mana import ManaCost

REPLICATE = "replicate"


@dataclass(frozen=True, slots=True, eq=False)
class Replicate(Static):
    """"Replicate ``cost``" (CR 702.56a): a mana ``cost``, or ``tap_untapped`` — "Tap an untapped
    [permanent] you control" (each payment taps a different one, CR 118.3: an untapped one)."""

    kind: str = REPLICATE
    cost: ManaCost | None = None
    tap_untapped: Filter | None = None


@dataclass(frozen=True, slots=True)
class CopyForEachReplicate(Effect):
    """The replicate trigger's effect (CR 702.56a): copy the spell (as it was cast, 707.10) once
    for each time its replicate cost was paid (the trigger's ``times``); its controller may
    choose new targets for each copy (707.10c)."""
