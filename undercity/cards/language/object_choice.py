"""Objects a player chooses as an effect resolves, not targets (CR 608.2d): "Choose any number
of creatures. They block this turn if able." (Berserker's Frenzy). The choice is made when the
effect happens; later sentences of the ability name the chosen objects with
:data:`CHOSEN_OBJECTS` ("they"). Handled by :mod:`undercity.engine.object_choice`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Filter, Ref

#: "they", "those creatures" after :class:`ChooseAnyNumber`: the objects chosen, as they still
#: are (a chosen creature that left the battlefield is no longer one of them, CR 400.7).
CHOSEN_OBJECTS = Ref("chosen_objects")


@dataclass(frozen=True, slots=True)
class ChooseAnyNumber(Effect):
    """The ability's controller chooses any number (none or more) of the permanents matching
    ``filter`` (CR 608.2d), one at a time."""

    filter: Filter
