"""Trigger events (CR 603.2) beyond the core ``Trigger`` events of :mod:`undercity.cards.model`;
every one is detected by :mod:`undercity.engine.event_triggers`.

Typed triggers: :class:`ZoneTrigger` (functions from a zone other than the battlefield,
CR 113.6m, or at most once each turn), :class:`AttackPlayer` ("whenever you attack the player
who has the initiative", CR 508.3e), :class:`BecomesBlocked` (CR 509.3c-d),
:class:`PlayerCasts` ("whenever a player / an opponent casts …", CR 601.2i) and
:class:`CombatDamageToPlayer` ("whenever a creature you control deals combat damage to a
player", CR 510.2).

Trigger events named by ``Trigger.event`` (with a plain :class:`~undercity.cards.model.Trigger`
or a :class:`ZoneTrigger`):

* ``combat_damage_to_player`` — this creature deals combat damage to a player (once per
  damage event: a double striker triggers in both damage steps).
* ``one_or_more_combat_damage_to_player`` — one or more creatures you control deal combat
  damage to a player: once per damaged player per combat damage step.
* ``dealt_damage`` — this permanent is dealt damage; simultaneous combat damage from several
  sources is one event (one trigger).
* ``complete_dungeon`` — you complete a dungeon (CR 309.7). With :class:`ZoneTrigger`
  ``zone="graveyard"`` it functions while the card is in its owner's graveyard.
* ``equipped_attacks`` — the creature this Equipment is attached to attacks.
* ``equipped_attacks_or_blocks`` (:data:`EQUIPPED_ATTACKS_OR_BLOCKS`) — the creature this
  Equipment is attached to attacks, or blocks (once per block declaration, CR 509.1).
* ``equipped_dealt_damage`` (:data:`EQUIPPED_DEALT_DAMAGE`) — the creature this Equipment is
  attached to is dealt damage; simultaneous combat damage is one event, as ``dealt_damage``.
* ``you_attack`` — you attack with one or more creatures (once per combat, CR 508.3d).
* ``sacrifice`` — you sacrifice a permanent matching ``filter``.
* ``creature_cards_to_your_graveyard`` — one or more creature cards are put into your
  graveyard from anywhere (use with ``once_each_turn``).
* ``self_or_other_enters`` — this, or another creature matching ``filter``, enters under
  your control.
* ``cast_once`` — like ``cast`` (a spell matching ``filter`` by you), for abilities that
  trigger only once each turn.
* ``becomes_target`` — this permanent becomes the target of a spell or ability an opponent
  controls (ward, CR 702.21a).
* ``permanent_becomes_target`` (:class:`PermanentBecomesTarget`) — a permanent you control
  matching ``filter`` becomes the target of a spell or ability an opponent controls.
* ``becomes_untapped`` — this permanent becomes untapped, for any reason (Immovable Rod).
* ``you_gain_life`` — whenever you gain life (once per life-gain event, CR 119.9).
* ``another_leaves`` — whenever another permanent matching ``filter`` you control leaves the
  battlefield (it looks back in time, CR 603.10a).
* ``equipped_dies`` — whenever the creature this Equipment is attached to dies (CR 603.10a:
  the Equipment is still attached as the creature leaves).

"At the beginning of each opponent's upkeep" is ``Trigger("beginning_of", step="upkeep",
whose="opponent")`` of the core (CR 805.4d: once per opponent's turn).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Ref, Trigger

# ---------------------------------------------------------------------------------------
# Triggers and conditions.


@dataclass(frozen=True, slots=True)
class ZoneTrigger(Trigger):
    """A trigger that functions from ``zone`` — "you may return this card from your graveyard
    to your hand" functions only in the graveyard (CR 113.6m) — and/or that triggers at most
    once each turn ("This ability triggers only once each turn")."""

    zone: str = "battlefield"
    once_each_turn: bool = False

#: "Whenever equipped creature is dealt damage" (CR 603.2, 120.3): the trigger's object is
#: that creature (Fiendlash).
EQUIPPED_DEALT_DAMAGE = "equipped_dealt_damage"
#: "Whenever equipped creature attacks or blocks" (CR 508.3a, 509.3a): the trigger's object is
#: that creature.
EQUIPPED_ATTACKS_OR_BLOCKS = "equipped_attacks_or_blocks"

# ---------------------------------------------------------------------------------------
# References.

#: In a "becomes blocked by a creature" trigger: the blocking creature (CR 509.3d).
TRIGGER_BLOCKER = Ref("trigger_blocker")
#: In a "whenever ~ deals combat damage to a player" trigger: "that player", the player dealt
#: the damage (CR 510.2, 603.2).
DAMAGED_PLAYER = Ref("damaged_player")

# ---------------------------------------------------------------------------------------
# Triggers.


@dataclass(frozen=True, slots=True)
class AttackPlayer(Trigger):
    """"Whenever you attack [the player who has the initiative]": one or more creatures you
    control are declared as attackers attacking that player (CR 508.3e) — not their
    planeswalkers, and not creatures put onto the battlefield attacking (CR 508.4).
    ``defender``: ``initiative``."""

    event: str = "you_attack_player"
    defender: str = "initiative"


@dataclass(frozen=True, slots=True)
class BecomesBlocked(Trigger):
    """"Whenever [this creature] becomes blocked by a creature" (``by_each``: once for each
    blocker, CR 509.3d) or "Whenever [it] becomes blocked" (once, CR 509.3c).
    ``equipped``: the creature is the one this Equipment is attached to."""

    event: str = "becomes_blocked"
    by_each: bool = False
    equipped: bool = False


@dataclass(frozen=True, slots=True)
class AttacksWithOthers(Trigger):
    """"Whenever ~ and at least two other creatures attack" (battalion, CR 207.2c; 508.3a): once
    per declaration of attackers in which this creature and ``others`` or more other creatures
    are declared as attackers (not creatures put onto the battlefield attacking, CR 508.4)."""

    event: str = "attacks_with_others"
    others: int = 2


@dataclass(frozen=True, slots=True)
class AttacksUnblocked(Trigger):
    """"Whenever ~ attacks and isn't blocked" (CR 509.3g): once blockers are declared, if it is
    attacking and no creature was declared to block it — even if it entered attacking; not if
    it was blocked and its blockers left. "Defending player" is the player it attacks."""

    event: str = "attacks_unblocked"


# ---------------------------------------------------------------------------------------
# Triggers.


@dataclass(frozen=True, slots=True)
class ActivatesAbility(Trigger):
    """"Whenever you activate an ability that isn't a mana ability" (CR 602.2, 605.1a): once per
    activation, as the ability is on the stack; a copy of an ability isn't activated (CR 707.10).
    The ability is the one "copy it" copies (:data:`undercity.engine.opponent_enters.COPIES`).
    Detected by :mod:`undercity.engine.event_triggers` (and for emblems, :mod:`undercity.engine.emblems`)."""

    event: str = "activate_nonmana"


#: ``ActivatesAbility.event`` (a slotted dataclass's default isn't readable on its class).
ACTIVATE_NONMANA = "activate_nonmana"


@dataclass(frozen=True, slots=True)
class PlayerCasts(Trigger):
    """"Whenever a player casts a spell" (``whose="each"``), "Whenever an opponent casts
    [a ``filter``] spell" (``whose="opponent"``), "Whenever the chosen player casts a spell"
    (``whose="chosen"``: the player this permanent chose as it entered, CR 614.12a) or "Whenever
    enchanted player casts a noncreature spell" (``whose="enchanted"``: the player this Aura is
    attached to, CR 303.4b): the spell becomes cast (CR 601.2i; a copy isn't cast, CR 707.10).
    "That player" is the player who cast it (:data:`CASTER`). Detected by
    :mod:`undercity.engine.event_triggers`."""

    event: str = "player_casts"
    whose: str = "each"


#: "that player" of :class:`PlayerCasts`: the player who cast the spell (CR 601.2i).
CASTER = Ref("caster")


@dataclass(frozen=True, slots=True)
class OpponentLosesGame(Trigger):
    """"When … an opponent loses the game" (CR 104.3, 603.2): a player who is an opponent of
    this permanent's controller loses. A permanent owned by the player who loses leaves the game
    with them (CR 800.4a) and doesn't trigger (ruling 2021-07-23, Share the Spoils). Detected by
    :mod:`undercity.engine.event_triggers`."""

    event: str = "opponent_loses_game"


@dataclass(frozen=True, slots=True)
class PermanentBecomesTarget(Trigger):
    """"Whenever a [``filter``] you control becomes the target of a spell or ability an
    opponent controls" (CR 603.2, 115.1): once for each such permanent the spell or ability
    targets, however many times it targets it (rulings of Battle Mammoth); "that player" is the
    spell's or ability's controller (:data:`~undercity.cards.language.prevention.SPELL_CONTROLLER`)
    and "it" the targeted permanent (the trigger's object)."""

    event: str = "permanent_becomes_target"
    whose: str = "you"


@dataclass(frozen=True, slots=True)
class CombatDamageToPlayer(Trigger):
    """"Whenever a creature you control [matching ``filter``] deals combat damage to a
    player" (CR 510.2, 603.2): once per creature and damage step; the damage dealt is the
    amount :data:`TRIGGER_AMOUNT`. ``whose="any"``: anyone's creature; ``to_opponent``: "to
    one of your opponents"; ``had_to_attack``: "if that creature had to attack this combat"
    (CR 603.4): a requirement to attack applied to it as it was declared an attacker
    (CR 508.1d) — a fact of this combat's past, so true as it resolves if true as it triggers."""

    event: str = "creature_combat_damage_to_player"
    to_opponent: bool = False
    had_to_attack: bool = False
