"""Fabricate (CR 702.123): "When this permanent enters, you may put N +1/+1 counters on it. If
you don't, create N 1/1 colorless Servo artifact creature tokens." Handled by
:mod:`undercity.engine.fabricate`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import CreateToken, Effect


@dataclass(frozen=True, slots=True)
class Fabricate(Effect):
    """The choice of fabricate N as it resolves (CR 702.123a): ``n`` +1/+1 counters on this
    permanent if it is still on the battlefield and its controller wants them, else the
    ``servos`` (a permanent that left can't get counters: the tokens, rulings 2016-09-20)."""

    n: int
    servos: CreateToken
