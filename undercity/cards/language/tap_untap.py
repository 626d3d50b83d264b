"""Tapping and untapping (CR 701.26): tap or untap what an effect names, untap a chosen
permanent, and "doesn't untap during its controller's next untap step" (CR 502.3). Handled by
:mod:`undercity.engine.tap_untap`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import CREATURE, Effect, Filter, Ref, Static


@dataclass(frozen=True, slots=True)
class DoesntUntapNext(Effect):
    """``what`` doesn't untap during its controller's next untap step (CR 502.3; Tie Up)."""

    what: Ref


@dataclass(frozen=True, slots=True, eq=False)
class DoesntUntap(Static):
    """"~ doesn't untap during your untap step", "Enchanted creature doesn't untap during its
    controller's untap step", "Islands don't untap during their controllers' untap steps"
    (CR 502.3, 611.3a): while this ability applies, what ``affects`` names (this permanent, the
    one it is attached to, or every permanent matching a filter) stays tapped in its
    controller's untap step."""

    kind: str = "doesnt_untap"


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
