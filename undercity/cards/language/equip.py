"""Equip (CR 702.6): "Equip [cost]" means "[Cost]: Attach this permanent to target creature
you control. Activate only as a sorcery." (702.6a). :func:`equip` builds that ability."""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Activated, Cost, Effect, F, Ref, T, TargetSpec
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
