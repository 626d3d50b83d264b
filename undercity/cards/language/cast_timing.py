"""Restrictions on when a spell may be cast: "Cast this spell only during combat." (CR 601.3).

A spell's own text can forbid casting it outside a part of the turn; no rule or effect may then
let it be cast there (601.3: a player may begin to cast a spell only if no rule or effect
prohibits it), not even an effect that casts it while resolving (608.2g follows 601.2a-i,
601.3 included). The rules module is ``engine/cast_timing.py``; ``casting.castable`` asks it.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Static

#: The parts of the turn a restriction names, as written after "Cast this spell only".
WHEN = (
    "before combat or during combat before blockers are declared",
    "during combat before blockers are declared",
    "during combat after blockers are declared",
    "during combat on an opponent's turn",
    "during the declare blockers step on an opponent's turn",
    "during combat",
    "during the declare attackers step",
    "during your declare attackers step",
    "during the declare blockers step",
    "before the combat damage step",
    "after combat",
    "during an opponent's turn",
    "during your turn",
    "during an opponent's upkeep",
)

#: What may follow, each "and only …" narrowing the time further (CR 601.3).
AND_ONLY = (
    "if you've been attacked this step",  # a creature was declared attacking you, not a planeswalker
    "during combat before blockers are declared",
)


@dataclass(frozen=True, slots=True)
class CastOnly(Static):
    """"Cast this spell only ``when`` [and only ``also``]." (CR 601.3): one of :data:`WHEN`,
    then one of :data:`AND_ONLY` or nothing."""

    kind: str = "cast_only"
    when: str = ""
    also: str = ""
