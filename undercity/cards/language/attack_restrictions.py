"""Restrictions on attacking (CR 508.1c): "[This creature] can't attack unless you control a 1/1
creature" (Lovestruck Beast) — a static ability the rules check as attackers are declared
(:func:`undercity.engine.attack_restrictions.allows`, asked by ``combat.can_attack``); once the
creature attacks, the condition no longer matters (ruling 2019-10-04).

**For the Oracle-text compiler.** "~ can't attack unless you control a P/T creature" is
``CantAttackUnlessYouControl(text, power=P, toughness=T)``; "… unless you control a [type]" is
the same with ``filter``.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import CREATURE, Filter, Static


@dataclass(frozen=True, slots=True, eq=False)
class CantAttackUnlessYouControl(Static):
    """This creature can't attack unless its controller controls a permanent matching ``filter``
    — with exactly that ``power`` and ``toughness`` where given (after layers, CR 613) — which
    may be the creature itself (Lovestruck Beast, ruling 2019-10-04)."""

    kind: str = "cant_attack_unless_you_control"
    filter: Filter = CREATURE
    power: int | None = None
    toughness: int | None = None


#: ``Static.kind`` of "~ can't attack." (CR 508.1c): this creature is never declared as an attacker.
SELF_CANT_ATTACK = "self_cant_attack"
