"""Myriad (CR 702.116a): "Whenever this creature attacks, for each opponent other than defending
player, you may create a token that's a copy of this creature that's tapped and attacking that
player or a planeswalker they control. If one or more tokens are created this way, exile the
tokens at end of combat." The keyword lowers to a triggered ability whose effect is
:class:`Myriad`, resolved by :mod:`undercity.engine.myriad`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Ref, Trigger, Triggered

#: The objects a delayed triggered ability refers to (CR 603.7c): "the tokens" of myriad.
TRIGGER_OBJECTS = Ref("trigger_objects")


@dataclass(frozen=True, slots=True)
class Myriad(Effect):
    """The effect of one myriad trigger (CR 702.116a); each instance triggers separately (702.116b)."""


def myriad_ability() -> Triggered:
    """The triggered ability "Myriad" stands for (CR 702.116a)."""
    return Triggered("Myriad", when=Trigger("attacks"), effects=(Myriad(),))
