"""Spells and abilities on the stack as targets (CR 115.1, 113.7): "counter target spell,
activated ability, or triggered ability" (CR 701.6a) and "change a target of target spell or
ability to ~" (CR 115.7b).

* :data:`STACK_OBJECTS` — the words naming objects on the stack, and the ``TargetSpec.kind``
  each lowers to. A spell stays the target ``("o", its object)``; an activated or triggered
  ability on the stack, which is no object of the game's, is the target ``("s", its stack item)``.
* :class:`ChangeTargetTo` — "change a target of target spell or ability to ~".

Their rules are in :mod:`undercity.engine.stack_targets`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import SELF, Effect, Ref

#: ``TargetSpec.kind`` of any spell or ability on the stack: mana abilities never use the stack
#: (CR 605.3a), static abilities are never on it (113.7), so this is every object on it.
SPELL_OR_ABILITY = "spell_or_ability"

#: The words naming objects on the stack (as the parser reads them, each comma its own token) →
#: their ``TargetSpec.kind``.
STACK_OBJECTS: dict[str, str] = {
    "spell , activated ability , or triggered ability": SPELL_OR_ABILITY,
    "spell or ability": SPELL_OR_ABILITY,
}

#: The target kinds of :data:`STACK_OBJECTS`.
STACK_KINDS: frozenset[str] = frozenset(STACK_OBJECTS.values())


@dataclass(frozen=True, slots=True)
class ChangeTargetTo(Effect):
    """"Change a target of [``what``: target spell or ability] to [``to``]" (CR 115.7b): one
    target of it, which the controller of this effect chooses as it resolves, becomes ``to`` —
    only if ``to`` is a legal target in its place and the change leaves every other target
    legal (115.7a, 115.7e; rulings 2020-08-07, Spellskite)."""

    what: Ref
    to: Ref = SELF
