"""Copying spells (CR 707.10) beyond a cast trigger's "copy that spell" (``model.CopySpell``):
a spell copying itself as it resolves — "If this spell was cast from a graveyard, you may copy
this spell and may choose a new target for the copy." (Sevinne's Reclamation) — and a cast
trigger's copy of a permanent spell that gains abilities ("If it's a permanent spell, the copy
gains haste and …", Nalfeshnee); and copying a triggered ability — "you may copy that ability.
You may choose new targets for the copy." (Aboleth Spawn). Handled by
:mod:`undercity.engine.copying`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Ability, Effect


@dataclass(frozen=True, slots=True)
class CopyThisSpell(Effect):
    """The resolving spell puts a copy of itself on the stack (CR 707.10), if it was cast from
    ``cast_from`` (None: from anywhere), at its controller's choice (``optional``); they may
    choose new targets for the copy (CR 707.10c). The copy wasn't cast, so it doesn't copy
    itself in turn."""

    cast_from: str | None = "graveyard"
    optional: bool = True


@dataclass(frozen=True, slots=True)
class CopySpellGaining(Effect):
    """A cast trigger's "copy it. You may choose new targets for the copy. If it's a permanent
    spell, the copy gains [``keywords``] and "[``abilities``]"" (CR 707.10, 707.10c): the copy of a
    permanent spell gains them, and the token it becomes as it resolves keeps them (400.7a,
    608.3f)."""

    new_targets: bool = True
    keywords: frozenset[str] = frozenset()
    abilities: tuple[Ability, ...] = ()


@dataclass(frozen=True, slots=True)
class CopyThatAbility(Effect):
    """Copy the triggered ability this trigger saw trigger (Aboleth Spawn; CR 707.10), even if it
    has left the stack since, as it last existed there; the copy is controlled by this ability's
    controller and has the same source (707.10b). ``new_targets``: "You may choose new targets
    for the copy" (707.10c)."""

    new_targets: bool = True
