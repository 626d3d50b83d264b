"""Green and colorless cards for the bundled Erinis, Gloom Stalker Commander deck: ramp and
land cards (Erinis returns lands from the graveyard), mana rocks, creatures with
enters/dies abilities, removal and Equipment — mostly from Commander Legends: Battle for
Baldur's Gate, Adventures in the Forgotten Realms and Forgotten Realms Commander.

Cards as data: Oracle fields from the shipped data, abilities in the effect language
(:mod:`undercity.cards.model` and the concept modules of :mod:`undercity.cards.language`). Keywords
(flying, deathtouch, reach, trample, vigilance, haste) come from the Oracle data.
"""

from __future__ import annotations

from undercity.cards.language.conditions import Controls, PackTactics
from undercity.cards.language.continuous import BecomeUntilEOT
from undercity.cards.language.equip import AttachTo
from undercity.cards.language.library_top import LookTopPutLand
from undercity.cards.language.static_abilities import NoMaximumHandSize, StaticIf
from undercity.cards.model import (
    ENCHANTED,
    SELF,
    Activated,
    Cost,
    CreateToken,
    Draw,
    F,
    Filter,
    Static,
    T,
    TargetSpec,
    Trigger,
    Triggered,
    target_creature,
)
from undercity.cards.registry import define, mana_ability
from undercity.cards.tokens import keyed_token
from undercity.mana import parse_cost

BASIC_LAND = F("Land", basic=True)
#: "Whenever equipped creature attacks" (a trigger event of language.event_triggers).
EQUIPPED_ATTACKS = Trigger("equipped_attacks")
ENTERS_TAPPED = Static("This permanent enters tapped.", kind="enters_tapped")  # CR 614.1c
NO_MAX = NoMaximumHandSize("You have no maximum hand size.")  # CR 402.2


def _cost(text: str, *, tap: bool = False, sacrifice_self: bool = False) -> Cost:
    return Cost(mana=parse_cost(text) if text else None, tap=tap, sacrifice_self=sacrifice_self)


def _equip(cost: str, text: str = "") -> Activated:
    """CR 702.6a: "Equip [cost]" means "[Cost]: Attach this permanent to target creature you
    control. Activate only as a sorcery." """
    return Activated(text or f"Equip {cost}", cost=_cost(cost), targets=(target_creature(controller="you"),),
                     sorcery_speed=True, effects=(AttachTo(T(0)),))


def _equipped(text: str, p: int = 0, t: int = 0, keywords: frozenset[str] = frozenset()) -> Static:
    """"Equipped creature gets +p/+t [and has keywords]" (CR 301.5)."""
    return Static(text, kind="pump", affects=ENCHANTED, p=p, t=t, keywords=keywords)


# ----------------------------------------------------------------------------- tokens
# Keyed (cards.tokens.keyed_token): other pools may define different tokens with these names.
SAPROLING = "Saproling (1/1 green)"
BEAST = "Beast (3/3 green)"
INSECT = "Insect (1/1 green, flying, deathtouch)"
CONSTRUCT = "Construct (1/1 colorless artifact)"
ANGEL = "Angel (4/4 white, flying)"
keyed_token(SAPROLING, "Saproling", "Token Creature — Saproling", power=1, toughness=1, colors="G")
keyed_token(BEAST, "Beast", "Token Creature — Beast", power=3, toughness=3, colors="G")
keyed_token(INSECT, "Insect", "Token Creature — Insect", power=1, toughness=1, colors="G",
            keywords=frozenset({"flying", "deathtouch"}))
keyed_token(CONSTRUCT, "Construct", "Token Artifact Creature — Construct", power=1, toughness=1)
keyed_token(ANGEL, "Angel", "Token Creature — Angel", power=4, toughness=4, colors="W",
            keywords=frozenset({"flying"}))

# ----------------------------------------------------------------------------- keyword creatures
# ----------------------------------------------------------------------------- ramp: lands from the library

# ----------------------------------------------------------------------------- ramp: lands from the hand or the top
# Read by the compiler too; kept while its Equip ability's log text (which here includes the
# reminder text, CR 207.2a) is in the recorded games (tests/fixtures/game-hashes.json, game 216).
define("Explorer's Scope", triggered=(
    Triggered("Whenever equipped creature attacks, look at the top card of your library. If it's a land card, you "
              "may put it onto the battlefield tapped.", when=EQUIPPED_ATTACKS, effects=(LookTopPutLand(),)),
), activated=(_equip("{1}", "Equip {1} ({1}: Attach to target creature you control. Equip only as a sorcery.)"),))

# ----------------------------------------------------------------------------- land cards

# ----------------------------------------------------------------------------- mana rocks and mana creatures
define("Undercellar Myconid", triggered=(
    Triggered("Whenever Undercellar Myconid enters the battlefield, create a 1/1 green Saproling creature token.",
              effects=(CreateToken(SAPROLING),)),
    Triggered("Whenever Undercellar Myconid dies, create a 1/1 green Saproling creature token.",
              when=Trigger("dies"), effects=(CreateToken(SAPROLING),)),
), activated=(mana_ability("any"),))

# ----------------------------------------------------------------------------- other artifacts
define("Nimblewright Schematic", triggered=(
    Triggered("When Nimblewright Schematic enters the battlefield, create a 1/1 colorless Construct artifact "
              "creature token.", effects=(CreateToken(CONSTRUCT),)),
    Triggered("When Nimblewright Schematic is put into a graveyard from the battlefield, create a 1/1 colorless "
              "Construct artifact creature token.", when=Trigger("put_into_graveyard"),
              effects=(CreateToken(CONSTRUCT),)),
))
_ANY_PERMANENT_TARGET = TargetSpec("permanent", Filter(), text="target permanent")

# ----------------------------------------------------------------------------- Equipment

define("Werewolf Pack Leader", triggered=(
    Triggered("Pack tactics — Whenever Werewolf Pack Leader attacks, if you attacked with creatures with total "
              "power 6 or greater this combat, draw a card.", when=Trigger("attacks"),
              if_=PackTactics(power=6), effects=(Draw(1),)),
), activated=(
    # "Isn't a Human": it loses that creature type and stays a Werewolf (CR 205.1b).
    Activated("{3}{G}: Until end of turn, Werewolf Pack Leader has base power and toughness 5/3, gains trample, "
              "and isn't a Human.", cost=_cost("{3}{G}"),
              effects=(BecomeUntilEOT(SELF, "Werewolf", (5, 3), frozenset({"trample"})),)),))

# ----------------------------------------------------------------------------- enchantments
define("Colossal Majesty", triggered=(
    Triggered("At the beginning of your upkeep, if you control a creature with power 4 or greater, draw a card.",
              when=Trigger("beginning_of", step="upkeep"), if_=Controls(filter=F("Creature", min_power=4)),
              effects=(Draw(1),)),))


# ----------------------------------------------------------------------------- grown: casting, amounts, "you may"
POWER_4 = F("Creature", min_power=4)
define("Garruk's Uprising", static=(
    StaticIf("Creatures you control have trample.", kind="anthem_if", filter=F("Creature"),
             keywords=frozenset({"trample"})),
), triggered=(
    Triggered("When Garruk's Uprising enters the battlefield, if you control a creature with power 4 or greater, "
              "draw a card.", if_=Controls(filter=POWER_4), effects=(Draw(1),)),
    Triggered("Whenever a creature with power 4 or greater enters the battlefield under your control, draw a card.",
              when=Trigger("enters", filter=POWER_4, whose="you"), effects=(Draw(1),)),
))
# "Choose a Background" (CR 702.124k) is a deck-construction ability. Ward {2} (CR 702.21a) is a
# triggered ability (the "becomes_target" event of language.event_triggers and language.ward's CounterUnlessPays).
