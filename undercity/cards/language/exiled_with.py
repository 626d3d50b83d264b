"""Cards exiled by an ability and found again later (CR 607.2a, linked abilities; CR 406.6):
"exile the top four cards … from among those cards …" within one ability, and "cards exiled
with [this permanent]" across its abilities (Journey to the Lost City). The handlers are
:mod:`undercity.engine.exiled_with`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import CREATURE, Count, Effect, Filter


@dataclass(frozen=True, slots=True)
class ExileTopRemember(Effect):
    """Exile the top ``n`` cards of your library (face up, CR 406.3): for the rest of the
    ability they are "those cards", and they are "exiled with" the ability's source."""

    n: int


@dataclass(frozen=True, slots=True)
class PutOneOfThose(Effect):
    """"You may put a [``filter``] card from among those cards onto the battlefield" (under
    the ability's controller)."""

    filter: Filter


@dataclass(frozen=True, slots=True)
class PutExiledWith(Effect):
    """"Put all [``filter``] cards exiled with [this] onto the battlefield" (under the
    ability's controller; CR 607.2a). ``permanent=True``: permanent cards (CR 110.4b)."""

    permanent: bool = True


@dataclass(frozen=True, slots=True)
class AmongThose(Count):
    """"the number of [``filter``] cards among those cards" (the cards of this ability, CR 607.2a)."""

    what: str = "among_those"


def among_those(flt: Filter = CREATURE) -> Count:
    """"for each [``flt``] card among those cards"."""
    return AmongThose(filter=flt)
