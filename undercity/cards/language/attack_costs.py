"""Costs to attack (CR 508.1g-j): "Creatures can't attack you unless their controller pays {2}
for each creature they control that's attacking you." (Propaganda) — a static ability of the
defending player's permanent; the attacking player chooses, while declaring attackers, whether
to attack that player and pay (:mod:`undercity.engine.attack_costs`).

**For the Oracle-text compiler.** That sentence is ``AttackTax(text, mana=N)`` (generic mana
only).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Static


@dataclass(frozen=True, slots=True, eq=False)
class AttackTax(Static):
    """Each creature attacking this permanent's controller costs its controller ``mana`` generic
    mana (CR 508.1h: added to the total cost to attack)."""

    kind: str = "attack_tax"
    mana: int = 0
