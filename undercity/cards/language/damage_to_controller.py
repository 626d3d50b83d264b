""""Each creature deals 1 damage to its controller." (Rakdos Charm): every permanent matching
``filter`` is the source of ``n`` damage dealt to its own controller, all at once (CR 120.3,
608.2e: one event), with the sources' own abilities (lifelink, deathtouch). Its handler is
:mod:`undercity.engine.damage_to_controller`."""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import CREATURE, Effect, Filter


@dataclass(frozen=True, slots=True)
class EachDealsDamageToController(Effect):
    """Each permanent matching ``filter`` deals ``n`` damage to its controller."""

    n: int
    filter: Filter = CREATURE
