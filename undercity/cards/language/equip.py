"""Equip (CR 702.6): "Equip [cost]" means "[Cost]: Attach this permanent to target creature
you control. Activate only as a sorcery." (702.6a). :func:`equip` builds that ability."""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import SELF, Activated, Cost, Count, Effect, F, Ref, T, TargetSpec
from undercity.mana import parse_cost


def equip(cost: str) -> Activated:
    """The activated ability "Equip ``cost``" (a mana cost such as ``"{2}"``)."""
    return Activated(f"Equip {cost}", cost=Cost(mana=parse_cost(cost)),
                     targets=(TargetSpec("permanent", F("Creature", controller="you"),
                                         text="target creature you control"),),
                     effects=(AttachTo(T(0)),), sorcery_speed=True)


@dataclass(frozen=True, slots=True)
class AttachTo(Effect):
    """Attach this Equipment to ``what`` (equip, CR 702.6a, 701.3)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class AttachToAnotherOpponent(Effect):
    """"Then attach ~ to another one of your opponents chosen at random" (CR 701.3a, 303.4b): this
    Aura, enchanting a player, becomes attached to one of its controller's opponents other than
    that player, chosen at random as it resolves; with no other opponent it stays (ruling
    2021-07-23, Maddening Hex)."""


@dataclass(frozen=True, slots=True)
class AttachedCount(Count):
    """"for each Equipment attached to it", "for each Aura and Equipment attached to it" (CR
    301.5, 303.4): the permanents with one of ``subtypes`` attached to ``of``, counted as the
    effect happens (CR 608.2h)."""

    what: str = "attached"
    subtypes: frozenset[str] = frozenset()
    of: Ref = SELF
