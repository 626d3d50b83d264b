"""Ward (CR 702.21) and "counter that spell or ability unless its controller pays".

Ward is a triggered ability (CR 702.21a): "Whenever this permanent becomes the target of a
spell or ability an opponent controls, counter that spell or ability unless that player
pays [cost]." :func:`ward` builds it from the printed cost — mana (``"{2}"``: "Ward {2}")
or life (``"Pay 2 life"``: "Ward—Pay 2 life"). The trigger event ``becomes_target`` is
watched by :mod:`undercity.engine.event_triggers`; the counter is
:mod:`undercity.engine.ward`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from undercity.cards.model import Effect, Ref, Trigger, Triggered


@dataclass(frozen=True, slots=True)
class CounterUnlessPays(Effect):
    """Counter the spell or ability that triggered this (``trigger_data["target_item"]``), or
    the target spell ``what`` names ("Counter target spell … unless its controller pays {3}"),
    unless its controller pays ``cost`` (mana) and ``life`` (CR 119.4) — ward, CR 702.21a;
    counter, CR 701.6."""

    cost: str = ""
    life: int = 0
    what: Ref | None = None


_LIFE = re.compile(r"^pay (\d+) life$", re.IGNORECASE)


def ward_cost(cost: str) -> CounterUnlessPays:
    """The counter of a ward ability with this printed cost: ``"{4}"`` or ``"Pay 2 life"``."""
    mt = _LIFE.match(cost.strip())
    if mt is not None:
        return CounterUnlessPays(life=int(mt.group(1)))
    if not re.fullmatch(r"(\{[0-9WUBRGC]+\})+", cost.strip()):
        raise ValueError(f"unsupported ward cost {cost!r}: expected mana such as '{{2}}' or 'Pay N life'")
    return CounterUnlessPays(cost.strip())


def ward(cost: str, reminder: str = "") -> Triggered:
    """The ward ability "Ward {2}" / "Ward—Pay 2 life" (CR 702.21a), as printed with
    ``reminder`` text if any."""
    effect = ward_cost(cost)
    text = f"Ward {cost}" if effect.life == 0 else f"Ward\u2014{cost}"
    return Triggered(text + (f" ({reminder})" if reminder else ""), when=Trigger("becomes_target"),
                     effects=(effect,))
