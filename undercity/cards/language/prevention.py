"""Damage that can't be prevented (CR 615.12): "Damage can't be prevented this turn." (Stomp).

:class:`DamageCantBePrevented` makes every prevention effect — prevention shields, "prevent all
combat damage", protection's prevention (CR 702.16e) — not apply to damage dealt for the rest of
the turn; the rules are in :mod:`undercity.engine.prevention`, asked by ``effects.deal_damage``.
It stops only prevention: it doesn't make a spell or ability able to target what it can't (a
ruling of Stomp).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Ref


@dataclass(frozen=True, slots=True)
class DamageCantBePrevented(Effect):
    """"Damage can't be prevented this turn." (CR 615.12)"""


#: "Whenever ~ becomes the target of a spell" (CR 603.2, 115.1): a spell only, anyone's; "that
#: spell's controller" is :data:`SPELL_CONTROLLER` (recorded as it triggers).
BECOMES_TARGET_OF_SPELL = "becomes_target_of_spell"
SPELL_CONTROLLER = Ref("spell_controller")
