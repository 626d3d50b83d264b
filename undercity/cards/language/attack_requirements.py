"""Requirements on attacking (CR 508.1d) and goad as a static designation (CR 701.15b).

* :class:`AttacksEachCombat` — "~ attacks each combat if able", "Creatures your opponents
  control attack each combat if able", "All creatures attack each combat if able": a static
  ability whose requirement applies to ``affects`` (``SELF`` or ``ALL(filter)``, the filter read
  from the ability's controller's point of view, CR 611.3a).
* :class:`AttackEachCombatUntil` — "Until your next turn, creatures your opponents control attack
  each combat if able" (The Akroan War): a resolved effect, the filter read continuously until
  the controller's next turn (CR 611.2b).
* :class:`AttacksOpponentAtRandom` — "~ attacks that player this combat if able" for an
  opponent chosen at random (Territorial Hellkite): kept with the combat.
* :class:`IsGoaded` — "Enchanted creature … is goaded" / "Equipped creature … is goaded": the
  permanent it is attached to is goaded by this permanent's controller for as long as it is
  (CR 701.15b: goaded by the controller of the permanent that caused it); with
  ``affects=ALL(filter)``, every creature the filter matches ("Creatures your opponents control
  with power less than ~'s power are goaded").

The engine asks :func:`undercity.engine.attack_requirements.must_attack` and ``goaded_by`` as
attackers are declared (``combat``).

**For the Oracle-text compiler.** The static "~ attacks each combat if able" and "[creatures]
attack each combat if able" are :class:`AttacksEachCombat`; "Enchanted creature gets +2/+2 and
is goaded" is the Aura's pump and :class:`IsGoaded`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import ENCHANTED, SELF, Amount, Effect, Filter, Ref, Static


@dataclass(frozen=True, slots=True, eq=False)
class AttacksEachCombat(Static):
    """What ``affects`` names attacks each combat if able (CR 508.1d)."""

    kind: str = "attacks_each_combat"
    affects: Ref = SELF


#: ``Trigger.event`` of "Whenever a goaded creature attacks" (CR 508.3a, 701.15b): once per
#: goaded attacking creature, whoever controls it; "it" is that creature.
GOADED_ATTACKS = "goaded_attacks"
#: The controller of the creature a trigger names ("its controller").
TRIGGER_OBJECT_CONTROLLER = Ref("trigger_object_controller")
#: "they" of "whenever a nonland permanent an opponent owns enters …, they lose life …": the owner
#: of the object the trigger names (CR 108.3), as it last existed if it has left (CR 608.2h).
TRIGGER_OBJECT_OWNER = Ref("trigger_object_owner")


@dataclass(frozen=True, slots=True)
class GoadEachControlledBy(Effect):
    """"Goad each creature target player controls" (CR 701.15a): every permanent matching
    ``filter`` that ``player`` controls as the effect resolves (CR 608.2c)."""

    filter: Filter
    player: Ref


@dataclass(frozen=True, slots=True)
class AttacksOpponentAtRandom(Effect):
    """Territorial Hellkite: "choose an opponent at random that ~ didn't attack during your last
    combat. ~ attacks that player this combat if able. If you can't choose an opponent this way,
    tap ~." — among the opponents this creature didn't attack in its controller's previous
    combat (any, if it didn't attack then; one who can't be attacked too), one chosen at random
    as it resolves; a requirement to attack that player — not a planeswalker they control —
    this combat, if it can without a cost (CR 508.1d; rulings 2017-08-25). With none to
    choose, it is tapped."""


@dataclass(frozen=True, slots=True, eq=False)
class GoadedCantBlock(Static):
    """"Goaded creatures your opponents control can't block" (CR 509.1b): a goaded creature
    matching ``filter`` (from this permanent's controller's point of view) can't be declared as
    a blocker."""

    kind: str = "goaded_cant_block"
    filter: Filter | None = None


@dataclass(frozen=True, slots=True)
class EachPlayerMayCountersThenGoad(Effect):
    """Agitator Ant: "each player may put ``n`` ``counter`` counters on a creature they control.
    Goad each creature that had counters put on it this way." — each player chooses in APNAP
    order (CR 101.4), then the counters are put and those creatures goaded (CR 701.15a)."""

    counter: str = "+1/+1"
    n: int = 2


@dataclass(frozen=True, slots=True)
class CountersThenGoad(Effect):
    """"Put a double strike counter on target creature, then goad each creature that had a double
    strike counter put on it this way" (Spectacular Showdown, and its overloaded "each creature"):
    ``n`` ``counter`` counters on each object ``what`` names, then each that got them is goaded by
    this effect's controller (CR 122.1, 701.15a, 608.2c)."""

    counter: str
    n: Amount
    what: Ref


@dataclass(frozen=True, slots=True, eq=False)
class IsGoaded(Static):
    """The permanent this Aura or Equipment is attached to (``ENCHANTED``), or each creature
    ``ALL(filter)`` matches from this permanent's controller's point of view ("Creatures your
    opponents control with power less than ~'s power are goaded", Baeloth Barrityl), is goaded
    by this permanent's controller for as long as the ability applies (CR 701.15b, 611.3a)."""

    kind: str = "is_goaded"
    affects: Ref = ENCHANTED


@dataclass(frozen=True, slots=True)
class AttackEachCombatUntil(Effect):
    """"Until your next turn, [creatures matching ``filter``] attack each combat if able" (CR
    508.1d, 611.2b): from its controller's point of view, whichever creatures match as attackers
    are declared — it changes a rule, so its set of objects isn't locked in (CR 611.2c)."""

    filter: Filter


@dataclass(frozen=True, slots=True)
class AttackDuringNextTurn(Effect):
    """"During target player's next turn, each creature that player controls attacks if able"
    (CR 508.1d, 611.2a): during ``player``'s next turn (not the one it resolves in), each
    creature matching ``filter`` that player controls as attackers are declared — it changes a
    rule, so its set of objects isn't locked in (CR 611.2c)."""

    player: Ref
    filter: Filter

