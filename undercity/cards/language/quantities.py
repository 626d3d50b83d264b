"""Quantities (amounts counted as an effect resolves, ``model.Count``): "the greatest power among
…", "k times …", "that many" (the damage of the triggering event), the mana value of the
target or of the triggering spell (CR 202.3), and the power of what was paid as an additional
cost. Each is a type of its own, counted by the function :mod:`undercity.engine.quantities`
registers for that type (``effects.counts``).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import CREATURE, SELF, Count, Filter, Ref

# ---------------------------------------------------------------------------------------
# Amounts: each a ``Count`` of its own type (``what`` names it in the log and the parsed form).


@dataclass(frozen=True, slots=True)
class GreatestPower(Count):
    """"The greatest power among [filter] you control" (0 if there are none)."""

    what: str = "greatest_power"
    filter: Filter | None = CREATURE


@dataclass(frozen=True, slots=True)
class SacrificedStat(Count):
    """"The sacrificed creature's power" (or toughness): of the creature sacrificed to pay the
    ability's cost, as it last existed on the battlefield (CR 608.2h); never below 0."""

    what: str = "sacrificed_stat"
    stat: str = "power"


@dataclass(frozen=True, slots=True)
class CardsInHand(Count):
    """"The number of cards in your hand": the hand of the ability's controller (or of the player
    ``whose`` names: "for each card in target opponent's hand"), counted as the effect happens
    (CR 608.2h) — after a draw earlier in the same effect (Castle Locthwain)."""

    what: str = "cards_in_hand"


@dataclass(frozen=True, slots=True)
class CardsInGraveyard(Count):
    """"The number of creature cards in target player's graveyard" (Corpse Augur): the cards
    matching ``filter`` in the graveyard of the player ``whose`` names, counted as the effect
    happens (CR 608.2h) — the source card too if it is there (its printed characteristics,
    CR 400.3)."""

    what: str = "cards_in_graveyard"


@dataclass(frozen=True, slots=True)
class TargetsManaValue(Count):
    """"The total mana value of those cards" (Song of Inspiration): the mana values (CR 202.3)
    of the targets ``first`` … ``first + n - 1`` still legal as it is counted (CR 608.2b)."""

    what: str = "targets_mana_value"
    first: int = 0
    n: int = 1


@dataclass(frozen=True, slots=True)
class Times(Count):
    """``k`` times the amount ``of`` — "4 life for each creature you control with power 4 or
    greater" (Shamanic Revelation)."""

    what: str = "times"
    of: Count | None = None
    k: int = 1


@dataclass(frozen=True, slots=True)
class TriggerObjectManaValue(Count):
    """"its mana value" of the permanent a trigger names ("whenever a nonland permanent an opponent
    owns enters the battlefield under your control, they lose life equal to its mana value"): as
    it is now, or as it last existed on the battlefield (CR 202.3, 608.2h)."""

    what: str = "trigger_object_mana_value"


@dataclass(frozen=True, slots=True)
class DiedCreaturePower(Count):
    """"its power" of the creature whose death triggered the ability ("When enchanted creature
    dies, exile cards equal to its power …"): as it last existed on the battlefield (CR 603.10a,
    608.2h); none below 0 (CR 107.1b)."""

    what: str = "died_creature_power"


@dataclass(frozen=True, slots=True)
class TriggerAmount(Count):
    """"That many" — the amount the event that triggered the ability recorded (the damage
    dealt: Old Gnawbone; the life gained)."""

    what: str = "trigger_amount"


@dataclass(frozen=True, slots=True)
class TargetManaValue(Count):
    """The mana value of the first target (CR 202.3), as it last existed if it left (CR 608.2h)."""

    what: str = "target_mana_value"


@dataclass(frozen=True, slots=True)
class SpellManaValue(Count):
    """"That spell's mana value" — the spell that triggered the ability (CR 202.3)."""

    what: str = "spell_mana_value"


TRIGGER_AMOUNT = TriggerAmount()
TARGET_MANA_VALUE = TargetManaValue()
SPELL_MANA_VALUE = SpellManaValue()


@dataclass(frozen=True, slots=True)
class PaidCostPower(Count):
    """The power of the card revealed or the creature chosen as an additional cost of this
    spell (its power as the spell resolves, or as it last existed on the battlefield), or
    ``default`` if neither was (Dragon's Fire)."""

    what: str = "additional_cost_power"
    default: int = 0


@dataclass(frozen=True, slots=True)
class TargetStat(Count):
    """The power or toughness (``stat``) of the first target as it is now, or as it last existed
    on the battlefield (CR 608.2h): "its power" of a creature the spell destroyed. It may be
    negative (CR 107.1b applies to the result the effect uses)."""

    what: str = "target_stat"
    stat: str = "power"


@dataclass(frozen=True, slots=True)
class SacrificedThisWayStat(Count):
    """"That creature's toughness" after "target player sacrifices a creature": of the permanent
    an earlier part of the same effect had sacrificed, as it last existed on the battlefield
    (CR 608.2h); 0 if none was (Consuming Vapors)."""

    what: str = "sacrificed_this_way_stat"
    stat: str = "toughness"
    #: "the toughness of the creature you sacrificed this way" after "each player sacrifices …":
    #: only the one the ability's controller sacrificed (0 if none, ruling 2021-07-23, Danse Macabre).
    yours: bool = False


@dataclass(frozen=True, slots=True)
class Sum(Count):
    """"Its power plus its toughness": the sum of ``parts``, and 0 if it is negative (CR 107.1b)."""

    what: str = "sum"
    parts: tuple[Count, ...] = ()


@dataclass(frozen=True, slots=True)
class CommanderColors(Count):
    """"The number of colors in your commanders' color identity" (CR 903.4): of the commanders
    the player owns together; undefined without a commander — a cost of that much life can't
    be paid then (CR 903.4f; ``engine.costs.life_payment``)."""

    what: str = "commander_colors"


COMMANDER_COLORS = CommanderColors()


@dataclass(frozen=True, slots=True)
class AttackingPower(Count):
    """"The total power of attacking creatures" (CR 208.1, 506.4): the sum of the powers of the
    creatures attacking as the effect happens (CR 608.2h) — 0 outside combat, never below 0."""

    what: str = "attacking_power"


ATTACKING_POWER = AttackingPower()


@dataclass(frozen=True, slots=True)
class SignedPower(Count):
    """The power of ``of`` as the effect happens, below 0 too: what "double its power" adds
    (CR 701.10b-c: a creature with power -2 gets -2/-0); 0 if it left the battlefield."""

    what: str = "signed_power"
    of: Ref = SELF
