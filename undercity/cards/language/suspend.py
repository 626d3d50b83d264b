"""Suspend (CR 702.62): "Suspend N—[cost]".

The keyword is three abilities (702.62a): a static ability working in the hand — "If you could
begin to cast this card by putting it onto the stack from your hand, you may pay [cost] and exile
it with N time counters on it. This action doesn't use the stack" (a special action, CR 116.2f)
— and two triggered abilities working in exile: "At the beginning of your upkeep, if this card is
suspended, remove a time counter from it" and "When the last time counter is removed from this
card, if it's exiled, you may play it without paying its mana cost if able. If you don't, it
remains exiled. If you cast a creature spell this way, it gains haste until you lose control of
the spell or the permanent it becomes."

A card's suspend is :class:`Suspend` among its static abilities (it does nothing on the
battlefield); the rules are in :mod:`undercity.engine.suspend`. A card is *suspended* while it is
in exile, has suspend and has a time counter on it (702.62b).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Static
from undercity.mana import ManaCost

SUSPEND = "suspend"
TIME = "time"
UPKEEP_TEXT = "At the beginning of your upkeep, if this card is suspended, remove a time counter from it."
LAST_TEXT = ("When the last time counter is removed from this card, if it's exiled, you may play it without "
             "paying its mana cost if able.")


@dataclass(frozen=True, slots=True, eq=False)
class Suspend(Static):
    """"Suspend ``n``—``cost``" (CR 702.62a)."""

    kind: str = SUSPEND
    n: int = 1
    cost: ManaCost | None = None


@dataclass(frozen=True, slots=True)
class ExileWithTimeCounters(Effect):
    """"Exile ~ with three time counters on it" (Venture Forth): the resolving spell goes to exile
    with ``n`` time counters instead of to the graveyard (CR 608.2n: it is no longer on the stack
    as it finishes resolving) — suspended again if it has suspend (CR 702.62b)."""

    n: int


@dataclass(frozen=True, slots=True)
class RemoveTimeCounter(Effect):
    """The upkeep trigger of suspend (CR 702.62a): remove a time counter from the suspended card
    the trigger names; the last one removed triggers its cast."""


@dataclass(frozen=True, slots=True)
class CastSuspended(Effect):
    """"You may play it without paying its mana cost if able" (CR 702.62a); a creature spell
    cast this way gains haste."""


@dataclass(frozen=True, slots=True)
class RemoveTimeCounterFromSelf(Effect):
    """"Remove a time counter from ~" of an ability that works while its card is suspended
    (Nihilith, Greater Gargadon; CR 113.6b): from that card in exile. Removing the last one
    triggers its cast however it was removed (CR 702.62a; the rulings of suspend)."""
