"""Copying spells (CR 707.10) beyond a cast trigger's "copy that spell" (``model.CopySpell``):
a spell copying itself as it resolves — "If this spell was cast from a graveyard, you may copy
this spell and may choose a new target for the copy." (Sevinne's Reclamation). Handled by
:mod:`undercity.engine.copying`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect


@dataclass(frozen=True, slots=True)
class CopyThisSpell(Effect):
    """The resolving spell puts a copy of itself on the stack (CR 707.10), if it was cast from
    ``cast_from`` (None: from anywhere), at its controller's choice (``optional``); they may
    choose new targets for the copy (CR 707.10c). The copy wasn't cast, so it doesn't copy
    itself in turn."""

    cast_from: str | None = "graveyard"
    optional: bool = True
