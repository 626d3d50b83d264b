"""Monstrosity (CR 701.37): "Monstrosity N", "When this creature becomes monstrous", "As long as
this creature is monstrous, it has …".

* :class:`Monstrosity` — the keyword action (701.37a): "If this permanent isn't monstrous, put
  N +1/+1 counters on it and it becomes monstrous." It acts on the ability's source.
* :data:`BECOMES_MONSTROUS` — the trigger event of "When ~ becomes monstrous" (603.2): a
  ``Trigger(BECOMES_MONSTROUS)`` of the permanent itself.
* :class:`WhileMonstrous` — a static ability whose layer effects apply only while its source is
  monstrous (a :class:`~undercity.cards.language.continuous.Continuous`, CR 604.1, 611.3).

Monstrous is a designation of the permanent (701.37b), not an ability nor a copiable value, kept
by the rules in :mod:`undercity.engine.monstrosity`; it lasts until the permanent leaves the
battlefield (a new object, CR 400.7).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.language.continuous import Continuous
from undercity.cards.model import SELF, Amount, Effect, Ref

#: The trigger event "becomes monstrous" (CR 701.37, 603.2).
BECOMES_MONSTROUS = "becomes_monstrous"


@dataclass(frozen=True, slots=True)
class Monstrosity(Effect):
    """"Monstrosity N" (CR 701.37a) of the ability's source; N may be counted as it resolves
    ("Monstrosity X, where X is the result", Clay Golem)."""

    n: Amount


@dataclass(frozen=True, slots=True, eq=False)
class WhileMonstrous(Continuous):
    """"As long as ~ is monstrous, it has …": ``mods`` to ``affects`` while the source is monstrous."""

    kind: str = "while_monstrous"
    affects: Ref = SELF
