"""Damage divided as its controller chooses (CR 601.2d, 603.3d): "~ deals 5 damage divided as
you choose among any number of targets", "… among one, two, or three targets".

The targets (one to ``max_targets``, each different, CR 115.3) and the division are chosen as
the spell is cast or the ability is put on the stack; each target is dealt at least 1. As it
resolves, each target still legal is dealt its part; the part of an illegal target is lost, not
dealt to another (CR 608.2b; ruling 2017-11-17, Bogardan Hellkite). Handled by
:mod:`undercity.engine.divided`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import DivideDamage


@dataclass(frozen=True, slots=True)
class DamageDivided(DivideDamage):
    """``amount`` damage divided as chosen among one to ``max_targets`` targets of the
    ability's one target specification. (A kind of :class:`~undercity.cards.model.DivideDamage`,
    which divides evenly: what reads damage to targets reads both.)"""

    max_targets: int = 1
