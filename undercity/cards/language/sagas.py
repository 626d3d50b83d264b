"""Saga cards (CR 714): chapter abilities — "{rN}—[Effect]" means "When one or more lore counters
are put onto this Saga, if the number of lore counters on it was less than N and became at least
N, [effect]" (714.2b) — and the intrinsic "This Saga enters with a lore counter on it" (714.3a).
The lore counter each precombat main phase (714.3c) and the sacrifice after the last chapter
(714.4, 704.5s) are :mod:`undercity.engine.sagas`'."""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.language.counters import NthCounterPut
from undercity.cards.language.entering import EntersWithCounters

#: Chapter numbers as printed (CR 714.2a).
ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6}


@dataclass(frozen=True, slots=True)
class Chapter(NthCounterPut):
    """A chapter ability's trigger (CR 714.2b): the Nth lore counter put on this Saga — detected
    as any "when the Nth counter is put on ~" is (:mod:`undercity.engine.counters`), entering
    with it included."""

    counter: str = "lore"


def enters_with_lore_counter() -> EntersWithCounters:
    """CR 714.3a: each Saga without read ahead has "This Saga enters with a lore counter on it"."""
    return EntersWithCounters("This Saga enters with a lore counter on it.", counter="lore", n=1)
