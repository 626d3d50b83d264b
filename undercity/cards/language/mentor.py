"""Mentor (CR 702.134a): "Whenever this creature attacks, put a +1/+1 counter on target attacking
creature with power less than this creature's power."

The keyword is that triggered ability (:func:`mentor`); its target's power is compared with the
source's as the ability is put on the stack and again as it resolves (CR 608.2b; with the source
gone, its power as it last existed — ruling 2021-04-16), by ``targeting.matches``
(``Filter.less_power_than_source``). Each instance triggers separately (702.134b).
"""

from __future__ import annotations

from undercity.cards.model import F, PutCounters, T, TargetSpec, Trigger, Triggered

MENTOR_TEXT = "Mentor"


def mentor() -> Triggered:
    """One instance of mentor (CR 702.134a)."""
    spec = TargetSpec("permanent", F("Creature", attacking=True, less_power_than_source=True),
                      text="target attacking creature with lesser power")
    return Triggered(MENTOR_TEXT, when=Trigger("attacks"), effects=(PutCounters("+1/+1", 1, T(0)),),
                     targets=(spec,))
