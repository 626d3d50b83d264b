"""Sacrificing a particular permanent (CR 701.21): "sacrifice it", "sacrifice this creature".

The choices of "sacrifice a creature" are :class:`undercity.cards.model.SacrificeChoice` and
``SacrificeEach``; this is the sacrifice of a permanent the effect names. Its handler is
:mod:`undercity.engine.sacrifice`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import SELF, Effect, Ref


@dataclass(frozen=True, slots=True)
class SacrificeIt(Effect):
    """``what``'s controller sacrifices it (CR 701.21a) — if it is still on the battlefield;
    a player can sacrifice only a permanent they control, so a permanent that changed control
    is sacrificed by its new controller."""

    what: Ref = SELF
