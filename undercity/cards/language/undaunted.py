"""Undaunted (CR 702.125a): "This spell costs {1} less to cast for each opponent you have." — a
static ability of the spell, working while it is being cast (CR 113.6, 601.2f). Counted by
:func:`undercity.engine.spell_costs.cost_changes`: the caster's opponents still in the game (CR
800.4a: a player who left is no one's opponent)."""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Static


@dataclass(frozen=True, slots=True, eq=False)
class Undaunted(Static):
    """"Undaunted" (CR 702.125a)."""

    kind: str = "undaunted"
