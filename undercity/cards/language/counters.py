"""Counters (CR 122): doubling the counters of a kind on a permanent, and a token created with
counters put on it. The handlers are :mod:`undercity.engine.counters`."""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import YOU, Amount, Effect, Ref


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
