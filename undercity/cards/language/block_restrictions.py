"""Blocking restrictions from resolved effects (CR 509.1b): "can't be blocked by …" and "can't
block" this turn (CR 611.2a). Their effects are asked by :func:`undercity.engine.combat.can_block`
through :mod:`undercity.engine.block_restrictions`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Filter, Ref, Static


@dataclass(frozen=True, slots=True)
class CantBeBlockedBy(Effect):
    """``what`` can't be blocked by creatures matching ``filter`` this turn (Kick in the Door) —
    or, ``until="your_next_turn"``, until its controller's next turn (Sly Instigator, CR 611.2b)."""

    what: Ref
    filter: Filter
    until: str = "eot"


@dataclass(frozen=True, slots=True)
class CantBlock(Effect):
    """``what`` can't block this turn (Fifty Feet of Rope — Climb Over)."""

    what: Ref


#: ``Static.kind`` of "~ can't block." (CR 509.1b): this creature is never declared as a blocker.
SELF_CANT_BLOCK = "self_cant_block"
#: ``Static.kind`` of "~ can't be blocked." (CR 509.1b): no creature may block this one.
SELF_UNBLOCKABLE = "self_unblockable"
#: ``Static.kind`` of "~ can't attack or block." (CR 508.1c, 509.1b).
SELF_CANT_ATTACK_OR_BLOCK = "self_cant_attack_or_block"


@dataclass(frozen=True, slots=True, eq=False)
class UnblockableBy(Static):
    """"~ can't be blocked by white creatures." (CR 509.1b): no creature matching ``filter``
    may block this one."""

    kind: str = "unblockable_by"
    filter: Filter | None = None
