"""Venture and completed-dungeon cards of Adventures in the Forgotten Realms (AFR) and
Forgotten Realms Commander (AFC), as data.

The language they need beyond :mod:`undercity.cards.model` is in the concept modules of
:mod:`undercity.cards.language` (``event_triggers``, ``conditions``, ``static_abilities``,
``block_restrictions``, …), each handled by the engine module of the same name. Every
"venture into the dungeon" is the ``Venture`` effect, so it goes through
:func:`undercity.engine.dungeons.venture`.
"""

from __future__ import annotations

from undercity.cards import registry
from undercity.cards.language.block_restrictions import CantBeBlockedBy
from undercity.cards.language.conditions import (
    LandEnteredThisTurn,
    NotCompleted,
)
from undercity.cards.language.continuous import BecomeUntilEOT, LoseAllAbilitiesWhileTapped
from undercity.cards.language.emblems import GetEmblem
from undercity.cards.language.library_top import LookRevealToHand
from undercity.cards.language.sacrifice import TokenUnlessSacrifice
from undercity.cards.language.static_abilities import (
    StaticIf,
    UnblockableAlone,
    UnblockableExcept,
)
from undercity.cards.language.zone_moves import ReturnUpToOne
from undercity.cards.model import (
    SELF,
    Activated,
    Condition,
    Cost,
    Draw,
    F,
    Pump,
    PutCounters,
    ReturnToHand,
    SpellAbility,
    Static,
    T,
    TargetSpec,
    Trigger,
    Triggered,
    Venture,
    target_creature,
)
from undercity.cards.registry import define, token
from undercity.mana import parse_cost

VENTURE = (Venture(),)
COMPLETED = Condition("completed_dungeon")
_R = " (Enter the first room or advance to the next room.)"


def _etb(name: str) -> Triggered:
    return Triggered(f"When {name} enters the battlefield, venture into the dungeon.{_R}", effects=VENTURE)


def _attacks(name: str) -> Triggered:
    return Triggered(f"Whenever {name} attacks, venture into the dungeon.{_R}", when=Trigger("attacks"),
                     effects=VENTURE)


def _combat_damage(name: str) -> Triggered:
    return Triggered(f"Whenever {name} deals combat damage to a player, venture into the dungeon.{_R}",
                     when=Trigger("combat_damage_to_player"), effects=VENTURE)


def _venture_ability(cost: str, text: str | None = None, **kw: object) -> Activated:
    return Activated(text or f"{cost}: Venture into the dungeon. Activate only as a sorcery.{_R}",
                     cost=Cost(mana=parse_cost(cost), **kw), effects=VENTURE, sorcery_speed=True)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- tokens
if "Zombie" not in registry._TOKENS:
    token("Zombie", "Token Creature — Zombie", power=2, toughness=2, colors="B")
if "Clue" not in registry._TOKENS:
    # CR 111.10f: a colorless Clue artifact token with "{2}, Sacrifice this token: Draw a card."
    token("Clue", "Token Artifact — Clue", text="{2}, Sacrifice this artifact: Draw a card.", activated=(
        Activated("{2}, Sacrifice this artifact: Draw a card.", cost=Cost(mana=parse_cost("{2}"), sacrifice_self=True),
                  effects=(Draw(1),)),))

# ----------------------------------------------------------------------------- white

define("Ranger's Hawk", activated=(
    _venture_ability("{3}", f"{{3}}, {{T}}, Tap another untapped creature you control: Venture into the dungeon. "
                            f"Activate only as a sorcery.{_R}",
                     tap=True, tap_untapped=F("Creature", other=True)),))



# ----------------------------------------------------------------------------- blue

define("Eccentric Apprentice", triggered=(
    _etb("Eccentric Apprentice"),
    Triggered("At the beginning of combat on your turn, if you've completed a dungeon, up to one target creature "
              "becomes a Bird with base power and toughness 1/1 and flying until end of turn.",
              when=Trigger("beginning_of", step="beginning-of-combat"), if_=COMPLETED,
              targets=(TargetSpec("permanent", F("Creature"), text="up to one target creature", optional=True),),
              effects=(BecomeUntilEOT(T(0), "Bird", (1, 1), frozenset({"flying"})),)),
))



define("Yuan-Ti Malison", triggered=(_combat_damage("Yuan-Ti Malison"),), static=(
    UnblockableAlone("Yuan-Ti Malison can't be blocked as long as it's attacking alone."),))

# ----------------------------------------------------------------------------- black
define("Acererak the Archlich", triggered=(
    # CR 603.4: an intervening "if", checked as it triggers and as it resolves (ruling 2021-07-23).
    Triggered("When Acererak enters, if you haven't completed Tomb of Annihilation, return Acererak to its owner's "
              "hand and venture into the dungeon.",
              if_=NotCompleted(dungeon="Tomb of Annihilation"),
              effects=(ReturnToHand(SELF), Venture())),
    Triggered("Whenever Acererak attacks, for each opponent, you create a 2/2 black Zombie creature token unless "
              "that player sacrifices a creature of their choice.",
              when=Trigger("attacks"), effects=(TokenUnlessSacrifice("Zombie"),)),
))


define("Precipitous Drop", enchant=target_creature(), triggered=(_etb("Precipitous Drop"),), static=(
    StaticIf("Enchanted creature gets -2/-2. It gets -5/-5 instead as long as you've completed a dungeon.",
             kind="attached_pump_or", p=-2, t=-2, alt_p=-5, alt_t=-5, cond=COMPLETED),))



# ----------------------------------------------------------------------------- red
define("Kick in the Door", spell=SpellAbility(
    "Put a +1/+1 counter on target creature. That creature gains haste until end of turn and can't be blocked by "
    f"Walls this turn. Venture into the dungeon.{_R}",
    targets=(target_creature(),),
    effects=(PutCounters("+1/+1", 1, T(0)), Pump(0, 0, T(0), frozenset({"haste"})),
             CantBeBlockedBy(T(0), F(subtypes={"Wall"})), Venture())))


# ----------------------------------------------------------------------------- green
define("Ellywick Tumblestrum", activated=(
    # Loyalty abilities (CR 606): as a sorcery, one per turn for this permanent.
    Activated(f"+1: Venture into the dungeon.{_R}", cost=Cost(loyalty=1), effects=VENTURE, sorcery_speed=True),
    Activated("−2: Look at the top six cards of your library. You may reveal a creature card from among them and put "
              "it into your hand. If it's legendary, you gain 3 life. Put the rest on the bottom of your library in a "
              "random order.", cost=Cost(loyalty=-2), effects=(LookRevealToHand(6, F("Creature"), 3),),
              sorcery_speed=True),
    Activated("−7: You get an emblem with \"Creatures you control have trample and haste and get +2/+2 for each "
              "differently named dungeon you've completed.\"", cost=Cost(loyalty=-7), sorcery_speed=True,
              effects=(GetEmblem("ellywick", "Creatures you control have trample and haste and get +2/+2 for each "
                                             "differently named dungeon you've completed."),)),
))



define("Wandering Troubadour", triggered=(
    Triggered("At the beginning of your end step, if you had a land enter the battlefield under your control this "
              f"turn, venture into the dungeon.{_R}",
              when=Trigger("beginning_of", step="end"), if_=LandEnteredThisTurn(), effects=VENTURE),))



# ----------------------------------------------------------------------------- multicolor
define("Barrowin of Clan Undurr", triggered=(
    _etb("Barrowin of Clan Undurr"),
    # Not an intervening "if": it triggers every attack and checks as it resolves.
    Triggered("Whenever Barrowin of Clan Undurr attacks, return up to one creature card with mana value 3 or less "
              "from your graveyard to the battlefield if you've completed a dungeon.",
              when=Trigger("attacks"), effects=(ReturnUpToOne(F("Creature", max_mv=3), if_=COMPLETED),)),
))



define("Midnight Pathlighter", static=(
    UnblockableExcept("Creatures you control can't be blocked except by legendary creatures.",
                      filter=F("Creature", supertypes={"Legendary"})),
), triggered=(
    Triggered(f"Whenever one or more creatures you control deal combat damage to a player, venture into the "
              f"dungeon.{_R}", when=Trigger("one_or_more_combat_damage_to_player"), effects=VENTURE),))



# ----------------------------------------------------------------------------- artifacts and lands
define("Immovable Rod", triggered=(
    Triggered(f"Whenever Immovable Rod becomes untapped, venture into the dungeon.{_R}",
              when=Trigger("becomes_untapped"), effects=VENTURE),
), activated=(
    Activated("{3}{W}, {T}: For as long as Immovable Rod remains tapped, another target permanent loses all "
              "abilities and can't attack or block.", cost=Cost(mana=parse_cost("{3}{W}"), tap=True),
              targets=(TargetSpec("permanent", F(other=True), text="another target permanent"),),
              effects=(LoseAllAbilitiesWhileTapped(T(0)),)),
), static=(
    Static("You may choose not to untap Immovable Rod during your untap step.", kind="may_not_untap"),
))
