"""Triggers on dealing damage (CR 603.2, 120.1), watched by
:mod:`undercity.engine.deals_damage` (trigger events, ``model.Trigger.event``):

* ``DEALS_DAMAGE`` — "When this creature deals damage" (once per combat damage step).
* ``PERMANENT_DEALS_DAMAGE_TO_YOU`` — "Whenever a permanent deals damage to you": once per
  damage event whose source is a permanent (any player's, combat or not: a ruling of
  Dissipation Field); the trigger's object is that permanent.
* ``EQUIPPED_DEALS_COMBAT_DAMAGE`` — "Whenever equipped creature deals combat damage": once
  per combat damage step in which it deals any; the trigger's ``DAMAGE_DEALT`` is all the
  combat damage it dealt in that step (Sword of Hours), and its object the creature.
* ``EQUIPPED_COMBAT_DAMAGE_TO_PLAYER`` — "Whenever equipped creature deals combat damage to a
  player": once per player it deals combat damage to in a step (CR 510.2); ``DAMAGE_DEALT`` is
  that damage (Wand of Orcus's "create that many").

Damage to groups named together (CR 120.2, 608.2c): ``DamageEach`` — "~ deals 1 damage to
each creature and each player", "X damage to each creature without flying and each
planeswalker" — deals the damage once to every permanent matching any of its ``groups`` and
to every player of ``players``, all in one effect (an object of two groups is dealt damage
once).
"""

from dataclasses import dataclass

from undercity.cards.language.quantities import TRIGGER_AMOUNT
from undercity.cards.model import TRIGGER_OBJECT, Amount, Effect, Filter, Ref, Trigger

DEALS_DAMAGE = "deals_damage"
EQUIPPED_DEALS_COMBAT_DAMAGE = "equipped_deals_combat_damage"
PERMANENT_DEALS_DAMAGE_TO_YOU = "permanent_deals_damage_to_you"
EQUIPPED_COMBAT_DAMAGE_TO_PLAYER = "equipped_combat_damage_to_player"
#: "the damage dealt", as the trigger recorded it.
DAMAGE_DEALT = TRIGGER_AMOUNT


@dataclass(frozen=True, slots=True)
class SourceDealsDamageToPlayer(Trigger):
    """"Whenever a source you control deals 5 or more damage to a player" (CR 120.1, 603.2):
    once per damage event — one source dealing at least ``at_least`` to one player at once
    (ruling 2021-07-23, Dragonborn Champion: not two smaller amounts)."""

    event: str = "source_deals_damage_to_player"
    at_least: int = 1


@dataclass(frozen=True, slots=True)
class DealsDamageToCaster(Trigger):
    """'Until end of turn, permanents your opponents control gain "When this permanent deals
    damage to the player who cast ~, …"' (Hellish Rebuke): the granted ability triggers on each
    damage event in which the permanent that has it deals damage to ``player`` — the player who
    cast the spell that granted it, bound as it is granted (CR 603.2, 120.1). A copy of the spell
    wasn't cast (CR 707.10): ``player`` None, it never triggers (rulings 2021-07-23)."""

    event: str = "deals_damage_to_caster"
    player: int | None = None


@dataclass(frozen=True, slots=True)
class OpponentsDealtCombatDamage(Trigger):
    """"Whenever your opponents are dealt combat damage[, if any of that damage was dealt by a
    Warrior]" (CR 510.2, 603.2c): once per combat damage step in which one or more opponents
    are dealt combat damage by a source matching ``filter`` (anyone's; ruling 2018-06-08,
    Mindblade Render), however many."""

    event: str = "opponents_dealt_combat_damage"


@dataclass(frozen=True, slots=True)
class DamageEach(Effect):
    """``amount`` damage from the source to each permanent matching any of ``groups`` (each
    once) and to each player of ``players`` (None: no player)."""

    amount: Amount
    groups: tuple[Filter, ...]
    players: Ref | None = None
    #: "each tapped creature target player controls": only the permanents a player this names
    #: controls as the effect happens (CR 608.2c); the player is the target, not the creatures
    #: (ruling 2018-06-08, Rowan Kenrith: hexproof creatures are dealt the damage).
    controlled_by: Ref | None = None


@dataclass(frozen=True, slots=True)
class DamageBlockers(Effect):
    """The attacking creature ``of`` deals ``n`` damage to each creature blocking it
    (Trailblazer's Torch)."""

    n: Amount
    of: Ref = TRIGGER_OBJECT


@dataclass(frozen=True, slots=True)
class DamageToItself(Effect):
    """"Each tapped creature deals damage to itself equal to its power" (The Akroan War): each
    permanent matching ``filter`` as this resolves is the source of damage to itself equal to its
    power then (CR 120.3, 608.2h; none if 0 or less, 120.1), all dealt at once."""

    filter: Filter
