"""Counters (CR 122): doubling the counters of a kind on a permanent. The handler is
:mod:`undercity.engine.counters`."""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Ref


@dataclass(frozen=True, slots=True)
class DoubleCounters(Effect):
    """Double the number of ``counter`` counters on ``what``: put as many more on it as it
    has now (ruling 2021-07-23, Sword of Hours; CR 122.1)."""

    counter: str
    what: Ref
