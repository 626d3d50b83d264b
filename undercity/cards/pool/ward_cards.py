"""Cards granting ward (CR 702.21) with a life cost (Cultist of the Absolute) beyond those of
their own sets' modules (Winged Boots' ward {4} is compiled from its Oracle text). Ward is
:func:`undercity.cards.language.ward.ward`; the counter is :mod:`undercity.engine.ward`."""

from __future__ import annotations

from undercity.cards.language.ward import ward
from undercity.cards.model import (
    CREATURE,
    YOU,
    Grant,
    SacrificeChoice,
    Trigger,
    Triggered,
)
from undercity.cards.registry import define

# A Background (CR 702.124k): the granted abilities are the commander's (CR 113.8).
define("Cultist of the Absolute", static=(
    Grant('Commander creatures you own get +3/+3 and have flying, deathtouch, "Ward\u2014Pay 3 life," and '
          '"At the beginning of your upkeep, sacrifice a creature."', to="commanders_you_own", p=3, t=3,
          keywords=frozenset({"flying", "deathtouch"}),
          abilities=(ward("Pay 3 life"),
                     Triggered("At the beginning of your upkeep, sacrifice a creature.",
                               when=Trigger("beginning_of", step="upkeep"),
                               effects=(SacrificeChoice(YOU, CREATURE),)))),
))
