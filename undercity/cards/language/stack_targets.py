"""Spells and abilities on the stack as targets (CR 115.1, 113.7): "counter target spell,
activated ability, or triggered ability" (CR 701.6a), "counter target activated or triggered
ability from an artifact or enchantment source. If a permanent's ability is countered this way,
destroy that permanent." and "change a target of target spell or ability to ~" (CR 115.7b).

* :data:`STACK_OBJECTS` — the words naming objects on the stack, and the ``TargetSpec.kind``
  each lowers to. A spell stays the target ``("o", its object)``; an activated or triggered
  ability on the stack, which is no object of the game's, is the target ``("s", its stack item)``.
* :class:`ChangeTargetTo` — "change a target of target spell or ability to ~".
* :class:`CounterAbilityDestroySource` — counter an ability, then destroy the permanent it was of.

Their rules are in :mod:`undercity.engine.stack_targets`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import SELF, Effect, Ref

#: ``TargetSpec.kind`` of any spell or ability on the stack: mana abilities never use the stack
#: (CR 605.3a), static abilities are never on it (113.7), so this is every object on it.
SPELL_OR_ABILITY = "spell_or_ability"
#: ``TargetSpec.kind`` of an activated or triggered ability on the stack, not a spell; its
#: ``filter``, if any, is of the ability's source ("from an artifact or enchantment source").
ABILITY = "ability"

#: The words naming objects on the stack (as the parser reads them, each comma its own token) →
#: their ``TargetSpec.kind``.
STACK_OBJECTS: dict[str, str] = {
    "spell , activated ability , or triggered ability": SPELL_OR_ABILITY,
    "spell or ability": SPELL_OR_ABILITY,
    "activated or triggered ability": ABILITY,
}

#: The target kinds of :data:`STACK_OBJECTS`.
STACK_KINDS: frozenset[str] = frozenset(STACK_OBJECTS.values())

#: ``TargetSpec.kind`` of "target spell or permanent" (CR 115.1): a spell on the stack (the
#: target ``("o", its object)``) or a permanent — not one of :data:`STACK_KINDS`.
SPELL_OR_PERMANENT = "spell_or_permanent"


@dataclass(frozen=True, slots=True)
class ChangeTargetTo(Effect):
    """"Change a target of [``what``: target spell or ability] to [``to``]" (CR 115.7b): one
    target of it, which the controller of this effect chooses as it resolves, becomes ``to`` —
    only if ``to`` is a legal target in its place and the change leaves every other target
    legal (115.7a, 115.7e; rulings 2020-08-07, Spellskite)."""

    what: Ref
    to: Ref = SELF


@dataclass(frozen=True, slots=True)
class CounterAbilityDestroySource(Effect):
    """"Counter target activated or triggered ability from an artifact or enchantment source. If
    a permanent's ability is countered this way, destroy that permanent." (Green Slime): the
    ability ``what`` is countered (CR 701.6a); if it was, and its source is a permanent still
    on the battlefield, that permanent is destroyed (CR 701.8a, 608.2c)."""

    what: Ref
