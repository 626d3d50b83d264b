"""The monarch (CR 725): becoming the monarch, and "if you're the monarch".

The designation and its two inherent triggered abilities are rules, in
:mod:`undercity.engine.monarch`; cards only make a player the monarch or ask who is.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import YOU, Condition, Effect, Ref


@dataclass(frozen=True, slots=True)
class BecomeMonarch(Effect):
    """``who`` becomes the monarch (CR 725.3: the current monarch ceases to be)."""

    who: Ref = YOU


#: Intervening "if you're the monarch" (CR 603.4; Skyline Despot).
@dataclass(frozen=True, slots=True)
class IsMonarch(Condition):
    """"If you're the monarch" (CR 725)."""

    what: str = "monarch"


IS_MONARCH = IsMonarch()
