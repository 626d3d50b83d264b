"""Cascade (CR 702.85).

Cascade is a keyword (``CardDef.keywords`` holds ``"cascade"``, from the Oracle data): a
triggered ability that functions only while the spell is on the stack (CR 702.85a). The
rules module :mod:`undercity.engine.cascade` watches spells being cast and puts the trigger
on the stack with :class:`Cascade` as its effect; cards need nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect

CASCADE = "cascade"

#: The trigger event (``event_triggers.ZoneTrigger``, ``zone="graveyard"``) of "Whenever you cast a
#: spell with cascade, return this from your graveyard to your hand" (Aurora Phoenix).
CAST_WITH_CASCADE = "cast_with_cascade"
#: The static ability (``model.Static.kind``) "The first spell you cast from exile each turn
#: has cascade" (Wild-Magic Sorcerer); several give that many instances (702.85c).
FIRST_EXILE_SPELL_CASCADES = "first_exile_spell_cascades"

#: The trigger's text (the reminder text of the keyword, CR 702.85a).
CASCADE_TEXT = ("Cascade (When you cast this spell, exile cards from the top of your library until you exile a "
                "nonland card that costs less. You may cast it without paying its mana cost. Put the exiled cards "
                "on the bottom of your library in a random order.)")


@dataclass(frozen=True, slots=True)
class Cascade(Effect):
    """Exile cards from the top of your library until a nonland card with mana value less
    than ``trigger_data["mana_value"]`` (the cascading spell's); you may cast it without
    paying its mana cost; put the rest on the bottom in a random order (CR 702.85a)."""
