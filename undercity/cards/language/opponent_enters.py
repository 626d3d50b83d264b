"""Triggers on permanents entering the battlefield under an opponent's control (CR 603.6a):
"Whenever one or more lands enter the battlefield under an opponent's control without being
played" (once per event, CR 603.2c; a land played is put onto the battlefield by the special
action, CR 305.1 — any other way is "without being played"), and "Whenever a creature entering
the battlefield under an opponent's control causes a triggered ability of that creature to
trigger" (the ability it triggered is "that ability", which may be copied, CR 707.10).

Detected by :mod:`undercity.engine.opponent_enters`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Filter, Trigger

#: ``Trigger.event`` of :class:`EntersUnderOpponent`.
ENTERS_UNDER_OPPONENT = "enters_under_opponent"
#: ``Trigger.event`` of :class:`EnteringTriggersItsAbility`.
ENTERING_TRIGGERS_ITS_ABILITY = "entering_triggers_its_ability"


@dataclass(frozen=True, slots=True)
class EntersUnderOpponent(Trigger):
    """A permanent matching ``filter`` enters the battlefield under the control of an opponent
    of this ability's controller (CR 102.3); ``one_or_more``: once per event however many
    (CR 603.2c); ``not_played``: not a land played (CR 305.1)."""

    event: str = ENTERS_UNDER_OPPONENT
    one_or_more: bool = False
    not_played: bool = False


@dataclass(frozen=True, slots=True)
class EnteringTriggersItsAbility(Trigger):
    """A permanent matching ``filter`` entering the battlefield under an opponent's control
    causes one of its own triggered abilities to trigger (CR 603.2, 603.6a): once for each
    such ability; the trigger's "that ability" is it."""

    event: str = ENTERING_TRIGGERS_ITS_ABILITY


def opponent_enters_trigger(det: str, flt: Filter, words: str) -> Trigger | None:
    """The trigger of "one or more lands enter the battlefield under an opponent's control
    [without being played]" or "a creature entering the battlefield under an opponent's control
    causes a triggered ability of that creature to trigger" (``words``: the event's), or None
    for any other description."""
    if flt.controller is not None or flt.other or not (flt.types or flt.subtypes):
        return None
    if words.endswith("causes a triggered ability of that creature to trigger"):
        if det not in ("a", "an") or flt.types != {"Creature"}:
            return None
        return EnteringTriggersItsAbility(filter=flt, whose="opponent")
    if det != "one or more":
        return None
    return EntersUnderOpponent(filter=flt, whose="opponent", one_or_more=True,
                               not_played=words.endswith(" without being played"))
