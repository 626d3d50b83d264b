"""The effect language, grown for the green Commander cards of Commander Legends: Battle for
Baldur's Gate and Adventures in the Forgotten Realms (cards/pool/clb_green.py): ramp that
puts lands onto the battlefield from the hand or the top of the library, mana "of any color
in your commander's color identity", "no maximum hand size", and conditions about the
creatures a player controls. Every effect type here has a handler in
:mod:`undercity.engine.effects_clb_green`.

Conditions (intervening "if" clauses, CR 603.4), checked by
:data:`undercity.engine.resolve.CONDITION_HOOKS`:

* :class:`Controls` — "if you control [n or more] [filter]" (Colossal Majesty: a creature
  with power 4 or greater).
* :class:`TotalPower` — "if creatures you control have total power N or greater" (Owlbear
  Shepherd).

Triggers: :class:`PlayerCasts` — "Whenever a player casts a spell", "Whenever an opponent
casts an instant or sorcery spell"; :class:`CombatDamageToPlayer` — "Whenever a creature you
control deals combat damage to a player".

Amounts: :class:`GreatestPower`, :class:`Times`, :data:`TRIGGER_AMOUNT`.

Static ability kinds (``Static.kind``): ``no_max_hand_size`` — "You have no maximum hand
size" (CR 402.2, 514.1: no discard in the cleanup step), read by
:data:`undercity.engine.turn.HAND_SIZE_HOOKS`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import CREATURE, AddMana, Amount, Condition, Count, Effect, Filter, Trigger

#: ``Static.kind``: "You have no maximum hand size" (CR 402.2).
NO_MAX_HAND_SIZE = "no_max_hand_size"


@dataclass(frozen=True, slots=True)
class Controls(Condition):
    """"If you control [``n`` or more] permanents matching ``filter``" (CR 603.4)."""

    what: str = "controls"
    filter: Filter = CREATURE
    n: int = 1


@dataclass(frozen=True, slots=True)
class TotalPower(Condition):
    """"If creatures you control have total power ``n`` or greater" (CR 603.4)."""

    what: str = "total_power"
    n: int = 8


@dataclass(frozen=True, slots=True)
class AddManaIdentity(AddMana):
    """"Add one mana of any color in your commander's color identity" (CR 903.4; 903.4f: with
    no commander, or one with a colorless identity, it should add no mana). A mana ability's effect
    (CR 605): with a one-color identity it adds that color; with several, one mana of any
    color (the payment planner cannot yet restrict "any color" to a subset); with none, {C}
    (the planner's mana sources must add at least one mana)."""

    #: What the rest of the engine sees without the game (the AI's color estimates); what it
    #: adds is computed by effects_clb_green from the commanders.
    mana: str = "any"


@dataclass(frozen=True, slots=True)
class PutFromHand(Effect):
    """"You may put a [``filter``] card from your hand onto the battlefield [tapped]" —
    chosen as this resolves, not cast (CR 608.2c; Scaled Herbalist, Terrain Generator)."""

    filter: Filter
    tapped: bool = False


@dataclass(frozen=True, slots=True)
class LookTopPutLand(Effect):
    """"Look at the top card of your library. If it's a land card, you may put it onto the
    battlefield tapped." With ``bottom``: "If you don't put the card onto the battlefield,
    you may put it on the bottom of your library." (Explorer's Scope, Lantern of Revealing)"""

    bottom: bool = False


@dataclass(frozen=True, slots=True)
class May(Effect):
    """"You may [effects]": the controller chooses as this part of the effect begins
    (CR 608.2d); ``text`` names the choice (Druidic Ritual: "mill three cards")."""

    effects: tuple[Effect, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class SearchUpTo(Effect):
    """:class:`undercity.cards.model.Search` for up to ``n`` cards, ``n`` an amount computed as
    this resolves (Traverse the Outlands: the greatest power among creatures you control)."""

    filter: Filter
    n: Amount
    to: str = "battlefield"
    tapped: bool = False


# ---------------------------------------------------------------------------------------
# Amounts (``Count.what``, :data:`undercity.engine.effects.AMOUNT_HOOKS`).


@dataclass(frozen=True, slots=True)
class GreatestPower(Count):
    """"The greatest power among [filter] you control" (0 if there are none)."""

    what: str = "greatest_power"
    filter: Filter | None = CREATURE


@dataclass(frozen=True, slots=True)
class Times(Count):
    """``k`` times the amount ``of`` — "4 life for each creature you control with power 4 or
    greater" (Shamanic Revelation)."""

    what: str = "times"
    of: Count | None = None
    k: int = 1


# ---------------------------------------------------------------------------------------
# Triggers.


@dataclass(frozen=True, slots=True)
class PlayerCasts(Trigger):
    """"Whenever a player casts a spell" (``whose="each"``) or "Whenever an opponent casts
    [a ``filter``] spell" (``whose="opponent"``): the spell becomes cast (CR 601.2i; a copy
    isn't cast, CR 707.10). Detected by the watcher of :mod:`undercity.engine.effects_clb_green`."""

    event: str = "player_casts"
    whose: str = "each"


@dataclass(frozen=True, slots=True)
class MayPay(Effect):
    """"You may pay [``cost``]. If you do, [effects]" — asked as this resolves, if the
    controller can pay (CR 608.2d, 118.1); Carefree Swinemaster."""

    cost: str
    effects: tuple[Effect, ...]


#: "That many" — the damage dealt by the event that triggered the ability (Old Gnawbone).
TRIGGER_AMOUNT = Count("trigger_amount")


@dataclass(frozen=True, slots=True)
class CombatDamageToPlayer(Trigger):
    """"Whenever a creature you control [matching ``filter``] deals combat damage to a
    player" (CR 510.2, 603.2): once per creature and damage step; the damage dealt is the
    amount :data:`TRIGGER_AMOUNT`."""

    event: str = "creature_combat_damage_to_player"


@dataclass(frozen=True, slots=True)
class AddManaPer(AddMana):
    """A mana ability's effect "Add [``mana``] for each [``per``] you control" (Circle of
    Dreams Druid: {G} for each creature, itself included, CR 605.3a)."""

    per: Filter = CREATURE
