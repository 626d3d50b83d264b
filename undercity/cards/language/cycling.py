"""Cycling (CR 702.29): "Cycling [cost]" is an activated ability — "[Cost], Discard this card:
Draw a card." — that the compiler writes itself (``cards/text/lower.py``), and abilities that
trigger on cycling a card, handled by :mod:`undercity.engine.cycling`.

**For the Oracle-text compiler.** "When you cycle ~" is ``Trigger(CYCLE_SELF)``.
"""

from __future__ import annotations

from undercity.cards.model import Activated

#: "When you cycle this card": when it is discarded to pay the cost of its own cycling ability
#: (CR 702.29c); the ability triggers from the zone the card winds up in.
CYCLE_SELF = "cycle_self"


def is_cycling(a: Activated) -> bool:
    """Whether ``a`` is a cycling or typecycling ability (CR 702.29a, 702.29f: typecycling is
    cycling): the compiler names each after its keyword ("Cycling {2}", "Basic landcycling {1}")."""
    return a.cost.discard_self and a.text.split("{", 1)[0].strip().lower().endswith("cycling")
