"""Restrictions on when an activated ability may be activated (CR 602.5b): "Activate only
during your upkeep." (Eternal Dragon), "Activate only if you attacked this turn." (raid,
Bloodsoaked Champion). Checked by :mod:`undercity.engine.activate_only` as the ability would
be activated; a restriction that isn't met means the ability can't be activated (CR 602.5b).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Activated

#: "Activate only during your upkeep." — in the upkeep step of its controller's turn (CR 503).
DURING_YOUR_UPKEEP = "during_your_upkeep"
#: "Activate only if you attacked this turn." — its controller declared a creature as an
#: attacker this turn (CR 508.1; the raid rulings: that creature needn't still be there).
IF_YOU_ATTACKED = "if_you_attacked"

#: "Activate only during the end of combat step." — of any player's turn (CR 511; Desert).
DURING_END_OF_COMBAT = "during_end_of_combat"

#: "Activate only if ~ is suspended." — the ability works only while its card is suspended
#: (CR 702.62b, 113.6b), so it is activated from exile (Greater Gargadon).
IF_SUSPENDED = "if_suspended"

#: "Activate only once each turn." — not if it was activated this turn already, of this object
#: (CR 602.5b; a new object after a zone change, 400.7, may activate it again).
ONCE_EACH_TURN = "once_each_turn"

#: The restriction's words (the last sentence of the ability) -> its kind.
RESTRICTIONS = {"activate only during your upkeep.": DURING_YOUR_UPKEEP,
                "activate only if you attacked this turn.": IF_YOU_ATTACKED,
                "activate only during the end of combat step.": DURING_END_OF_COMBAT,
                "activate only if ~ is suspended.": IF_SUSPENDED,
                "activate only once each turn.": ONCE_EACH_TURN}


@dataclass(frozen=True, slots=True, eq=False)
class ActivateOnly(Activated):
    """An activated ability with an "Activate only …" restriction ``only`` (a kind above)."""

    only: str = ""
