"""Cards with or granting ward (CR 702.21) beyond those of their own sets' modules: a mana
cost (Winged Boots, Commander precon Aura of Courage) and a life cost (Cultist of the
Absolute). Ward is :func:`undercity.cards.language.ward.ward`; the counter is
:mod:`undercity.engine.ward`."""

from __future__ import annotations

from undercity.cards.language.equip import equip
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

# The ward ability belongs to the equipped creature (layer 6, CR 613.1f): it is the creature
# that becomes the target, and its controller's opponents who must pay.
define("Winged Boots", static=(
    Grant("Equipped creature has flying and ward {4}.", to="attached", keywords=frozenset({"flying"}),
          abilities=(ward("{4}"),)),
), activated=(equip("{1}"),))

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
