"""Actions taken with a card from the opening hand (CR 103.6): "If ~ is in your opening hand, you
may begin the game with it on the battlefield" (103.6a; the Leylines). Handled by
:mod:`undercity.engine.opening_hand`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Static


@dataclass(frozen=True, slots=True, eq=False)
class BeginOnBattlefield(Static):
    """"If ~ is in your opening hand, you may begin the game with it on the battlefield" (CR 103.6a)."""

    kind: str = "begin_on_battlefield"
