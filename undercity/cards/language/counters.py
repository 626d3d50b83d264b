"""Counters (CR 122): doubling the counters of a kind on a permanent, a token created with
counters put on it, the number of counters on an object, and "when the twelfth hour counter is
put on ~"; the keyword counters (CR 122.1b), which the layer system reads (layer 6). The handlers
are :mod:`undercity.engine.counters`."""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import SELF, YOU, Amount, Count, Effect, Ref, Trigger

#: The keyword counters (CR 122.1b): a counter of one of these kinds on a permanent gives it that
#: keyword, in layer 6 with the counter's timestamp (CR 613.1f, 613.7c).
KEYWORD_COUNTERS = ("flying", "first strike", "double strike", "deathtouch", "decayed", "exalted", "haste",
                    "hexproof", "indestructible", "lifelink", "menace", "reach", "shadow", "trample", "vigilance")


@dataclass(frozen=True, slots=True)
class DoubleCounters(Effect):
    """Double the number of ``counter`` counters on ``what``: put as many more on it as it
    has now (ruling 2021-07-23, Sword of Hours; CR 122.1)."""

    counter: str
    what: Ref


@dataclass(frozen=True, slots=True)
class CreateTokenThenCounters(Effect):
    """"Create a ``token`` token, then put ``n`` ``counter`` counters on it" (CR 111.1,
    122.1; Journey to the Lost City's Wolf)."""

    token: str
    counter: str
    n: Amount
    who: Ref = YOU


@dataclass(frozen=True, slots=True)
class CountersOn(Count):
    """"The number of +1/+1 counters on ~", "for each charge counter on ~", "the number of
    counters it had on it" (CR 122.1): the ``counter`` counters (every kind if None) on ``of``,
    counted as the effect happens, or as it last existed on the battlefield if it left
    (CR 608.2h: Chasm Skulker's dies trigger counts the counters it died with)."""

    what: str = "counters_on"
    counter: str | None = None
    of: Ref = SELF


@dataclass(frozen=True, slots=True)
class CountersRemoved(Count):
    """"where X is the number of counters removed this way": the counters an activated
    ability's "Remove all [kind] counters from ~" cost removed (CR 602.2b, 107.3a), zero if it
    had none (ruling 2021-07-23, Catti-brie of Mithral Hall)."""

    what: str = "counters_removed"


COUNTER_PUT = "counter_put"


@dataclass(frozen=True, slots=True)
class NthCounterPut(Trigger):
    """"When the twelfth hour counter is put on ~" (CR 603.2, 122.6): one or more ``counter``
    counters are put on this permanent, which had fewer than ``n`` of them before and has ``n``
    or more after (ruling 2019-10-04, Midnight Clock) — entering with them included (CR 122.6)."""

    event: str = COUNTER_PUT
    counter: str = ""
    n: int = 1
