"""Echo (CR 702.30): "Echo [cost]" means "At the beginning of your upkeep, if this permanent came
under your control since the beginning of your last upkeep, sacrifice it unless you pay [cost]."

A card's echo is :class:`Echo` among its static abilities (the trigger is the rules', as
suspend's and evoke's are); the rules are in :mod:`undercity.engine.echo`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Static
from undercity.mana import ManaCost

ECHO = "echo"
UPKEEP_TEXT = ("At the beginning of your upkeep, if this permanent came under your control since the beginning "
               "of your last upkeep, sacrifice it unless you pay its echo cost.")


@dataclass(frozen=True, slots=True, eq=False)
class Echo(Static):
    """"Echo ``cost``" (CR 702.30a)."""

    kind: str = ECHO
    cost: ManaCost | None = None


@dataclass(frozen=True, slots=True)
class SacrificeUnlessPaysEcho(Effect):
    """Echo's trigger resolving: "sacrifice it unless you pay [cost]" (CR 702.30a, 701.21a) — the
    permanent the trigger names; paying is always optional (ruling 2021-06-18, Karmic Guide)."""

    cost: ManaCost
