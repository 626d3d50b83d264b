"""Tapping and untapping (CR 701.26): tap or untap what an effect names, untap a chosen
permanent, and "doesn't untap during its controller's next untap step" (CR 502.3). Handled by
:mod:`undercity.engine.tap_untap`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import CREATURE, Effect, Filter, Ref


@dataclass(frozen=True, slots=True)
class DoesntUntapNext(Effect):
    """``what`` doesn't untap during its controller's next untap step (CR 502.3; Tie Up)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class Untap(Effect):
    """Untap ``what`` (every object it names)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class UntapOne(Effect):
    """Untap a permanent you control matching ``filter``, chosen as this resolves."""

    filter: Filter = CREATURE


@dataclass(frozen=True, slots=True)
class Tap(Effect):
    """Tap ``what`` (every permanent it names; CR 701.26a)."""

    what: Ref
