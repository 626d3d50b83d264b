"""Explore (CR 701.44). Handled by :mod:`undercity.engine.explore`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Ref


@dataclass(frozen=True, slots=True)
class Explore(Effect):
    """``what`` explores (CR 701.44)."""

    what: Ref
