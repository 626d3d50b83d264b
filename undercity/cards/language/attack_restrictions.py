"""Restrictions on attacking (CR 508.1c): "[This creature] can't attack unless you control a 1/1
creature" (Lovestruck Beast) — a static ability the rules check as attackers are declared
(:func:`undercity.engine.attack_restrictions.allows`, asked by ``combat.can_attack``); once the
creature attacks, the condition no longer matters (ruling 2019-10-04).

**For the Oracle-text compiler.** "~ can't attack unless you control a P/T creature" is
``CantAttackUnlessYouControl(text, power=P, toughness=T)``; "… unless you control a [type]" is
the same with ``filter``. "[Creatures] can't attack you or planeswalkers you control" is
``CantAttackYou(text, filter=…)``: whom they may attack (``engine.attack_restrictions.may_attack``).
"Each player rolls a d20. If one or more opponents had the highest result, ~ can't attack those
players or planeswalkers they control this combat." is ``RollDie(20, who=EACH_PLAYER)`` then
``CantAttackHighestRollers()``.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import CREATURE, Effect, Filter, Static


@dataclass(frozen=True, slots=True, eq=False)
class CantAttackUnlessYouControl(Static):
    """This creature can't attack unless its controller controls a permanent matching ``filter``
    — with exactly that ``power`` and ``toughness`` where given (after layers, CR 613) — which
    may be the creature itself (Lovestruck Beast, ruling 2019-10-04)."""

    kind: str = "cant_attack_unless_you_control"
    filter: Filter = CREATURE
    power: int | None = None
    toughness: int | None = None


@dataclass(frozen=True, slots=True, eq=False)
class CantAttackYou(Static):
    """"Creatures with flying can't attack you or planeswalkers you control" (CR 508.1c): a
    creature matching ``filter`` (as attackers are declared) can't be declared attacking this
    permanent's controller or a planeswalker they control. A creature already attacking stays
    in combat (ruling 2017-04-18, Sandwurm Convergence)."""

    kind: str = "cant_attack_you"
    filter: Filter = CREATURE


@dataclass(frozen=True, slots=True)
class CantAttackHighestRollers(Effect):
    """"Each player rolls a d20. If one or more opponents had the highest result, ~ can't attack
    those players or planeswalkers they control this combat" (Chaos Dragon; CR 706.4, 508.1c):
    after the each-player roll before it in the same ability, this creature can't attack,
    this combat, the opponents whose result was the highest (ties included), nor their
    planeswalkers. With the controller alone highest, nothing (ruling 2021-07-23)."""


#: ``Static.kind`` of "~ can't attack." (CR 508.1c): this creature is never declared as an attacker.
SELF_CANT_ATTACK = "self_cant_attack"
