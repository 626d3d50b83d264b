"""Abilities that trigger additional times (CR 603.2d): "If a creature you control attacking
would cause a triggered ability of a permanent you control to trigger, that ability triggers an
additional time." (Wulfgar of Icewind Dale). Applied by :mod:`undercity.engine.additional_triggers`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Static


@dataclass(frozen=True, slots=True, eq=False)
class AttackTriggersAdditionalTime(Static):
    """A triggered ability of a permanent this permanent's controller controls, triggered by a
    creature that player controls attacking (being declared as an attacker, CR 508.1), triggers
    one more time (603.2d) — only abilities whose trigger is the attack ("whenever this creature
    attacks", "whenever you attack"), not others the declaration causes, such as "whenever this
    creature becomes tapped" (ruling 2021-07-23)."""

    kind: str = "attack_triggers_additional_time"
