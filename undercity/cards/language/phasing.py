"""Phasing (CR 702.26): "Equipped creature phases out." — the effect :class:`PhaseOut`, handled
by :mod:`undercity.engine.phasing`, which also holds the rule: a phased-out permanent is
treated as though it doesn't exist until it phases in during the untap step of the player who
controlled it as it phased out (702.26a-b), and what is attached to it phases out and in with it
(702.26g)."""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Ref


@dataclass(frozen=True, slots=True)
class PhaseOut(Effect):
    """"[The permanent ``what`` names] phases out" (CR 702.26b): it phases out directly, and
    the Auras and Equipment attached to it indirectly (702.26g)."""

    what: Ref
