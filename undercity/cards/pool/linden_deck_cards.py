"""White and colorless cards for the Linden, the Steadfast Queen Commander deck, mostly from
Commander Legends: Battle for Baldur's Gate, Adventures in the Forgotten Realms and Forgotten
Realms Commander. Cards as data: Oracle fields from the shipped data, abilities in the effect
language (:mod:`undercity.cards.model` and the concept modules of :mod:`undercity.cards.language`,
each handled by the engine module of the same name).

"Choose a Background" (Lulu, Loyal Hollyphant) is a deck-construction ability (CR 702.124k);
it does nothing during the game.
"""

from __future__ import annotations

from typing import Any

from undercity.cards.language.conditions import (
    IfElse,
    YourMainPhase,
)
from undercity.cards.language.equip import AttachTo
from undercity.cards.language.tap_untap import Tap, Untap
from undercity.cards.language.zone_moves import Flicker
from undercity.cards.model import (
    ALL,
    ENCHANTED,
    SELF,
    Activated,
    Condition,
    Cost,
    CreateToken,
    Effect,
    F,
    Mode,
    Pump,
    PutCounters,
    SpellAbility,
    Static,
    T,
    TargetSpec,
    Trigger,
    Triggered,
    target_creature,
)
from undercity.cards.pool.initiative_cards import SOLDIER
from undercity.cards.registry import define
from undercity.cards.tokens import keyed_token
from undercity.mana import parse_cost

YOUR_CREATURES = F("Creature", controller="you")
BASIC_LAND = F("Land", basic=True)


def _cost(mana: str | None = None, **kw: bool) -> Cost:
    return Cost(mana=parse_cost(mana) if mana else None, **kw)


def _equip(cost: str, text: str | None = None) -> Activated:
    """CR 702.6a: "Equip [cost]" means "[Cost]: Attach this permanent to target creature you
    control. Activate only as a sorcery.\""""
    return Activated(text or f"Equip {cost}", cost=_cost(cost), targets=(target_creature(controller="you"),),
                     effects=(AttachTo(T(0)),), sorcery_speed=True)


def _equipped(text: str, p: int = 0, t: int = 0, keywords: frozenset[str] = frozenset()) -> Static:
    """"Equipped creature gets +p/+t [and has keywords]" (CR 301.5)."""
    return Static(text, kind="pump", affects=ENCHANTED, p=p, t=t, keywords=keywords)


def _enters(text: str, *effects: Effect, **kw: Any) -> Triggered:
    """"When [this] enters the battlefield, [effects]" (CR 603.6a)."""
    return Triggered(text, effects=effects, **kw)


# ----------------------------------------------------------------------------- tokens
# Keyed (cards.tokens.keyed_token): other pools may define tokens with the same names.
ANGEL_4_4 = "Angel (4/4 white, flying)"
GOLEM_3_3 = "Phyrexian Golem (3/3 colorless artifact)"
keyed_token(ANGEL_4_4, "Angel", "Token Creature — Angel", power=4, toughness=4, colors="W",
            keywords=frozenset({"flying"}))
keyed_token(GOLEM_3_3, "Phyrexian Golem", "Token Artifact Creature — Phyrexian Golem", power=3, toughness=3)

# ----------------------------------------------------------------------------- keyword-only creatures

# ----------------------------------------------------------------------------- creatures






define("Flaming Fist Officer", triggered=(
    Triggered("Whenever another creature you control leaves the battlefield, put a +1/+1 counter on Flaming Fist "
              "Officer.", when=Trigger("another_leaves", filter=F("Creature")),
              effects=(PutCounters("+1/+1", 1, SELF),)),))

_TAPPED_MINE = F("Creature", controller="you", tapped=True)
define("Lulu, Loyal Hollyphant", triggered=(
    Triggered("At the beginning of your end step, if a permanent you controlled left the battlefield this turn, put "
              "a +1/+1 counter on each tapped creature you control, then untap them.",
              when=Trigger("beginning_of", step="end"), if_=Condition("revolt"),
              effects=(PutCounters("+1/+1", 1, ALL(_TAPPED_MINE)), Untap(ALL(_TAPPED_MINE)))),))

# ----------------------------------------------------------------------------- artifacts: mana and cards











# ----------------------------------------------------------------------------- equipment







# ----------------------------------------------------------------------------- removal and tricks



define("Unbreakable Formation", spell=SpellAbility(
    "Creatures you control gain indestructible until end of turn. Addendum — If you cast this spell during your main "
    "phase, put a +1/+1 counter on each of those creatures and they gain vigilance until end of turn.",
    effects=(Pump(0, 0, ALL(YOUR_CREATURES), frozenset({"indestructible"})),
             IfElse(YourMainPhase(), (PutCounters("+1/+1", 1, ALL(YOUR_CREATURES)),
                                                   Pump(0, 0, ALL(YOUR_CREATURES), frozenset({"vigilance"})))))))

define("Teleportation Circle", triggered=(
    Triggered("At the beginning of your end step, exile up to one target artifact or creature you control, then "
              "return that card to the battlefield under its owner's control.",
              when=Trigger("beginning_of", step="end"),
              targets=(TargetSpec("permanent", F("Artifact", "Creature", controller="you"),
                                  text="up to one target artifact or creature you control", optional=True),),
              effects=(Flicker(T(0)),)),))


# ----------------------------------------------------------------------------- more creatures, spells, auras


define("Icewind Stalwart", triggered=(
    _enters("Protection Fighting Style — When Icewind Stalwart enters the battlefield, exile up to one target "
            "non-Warrior creature you control, then return it to the battlefield under its owner's control.",
            Flicker(T(0)), targets=(TargetSpec("permanent", F("Creature", controller="you", not_subtypes={"Warrior"}),
                                               text="up to one target non-Warrior creature you control",
                                               optional=True),)),))


define("Monk of the Open Hand", triggered=(
    # "Your second spell each turn" counts spells cast before this was on the battlefield too.
    Triggered("Flurry of Blows — Whenever you cast your second spell each turn, put a +1/+1 counter on Monk of the "
              "Open Hand.", when=Trigger("cast", nth=2), effects=(PutCounters("+1/+1", 1, SELF),)),))






_UP_TO_THREE = tuple(TargetSpec("permanent", F("Creature"), text="up to three target creatures", optional=True)
                     for _ in range(3))
define("You're Confronted by Robbers", spell=SpellAbility("Choose one —", modes=(
    # Tapping the same creature twice changes nothing, so a repeated target is harmless here.
    Mode("Stall for Time — Tap up to three target creatures.", (Tap(T(0)), Tap(T(1)), Tap(T(2))), _UP_TO_THREE),
    Mode("Call for Aid — Create three 1/1 white Soldier creature tokens.", (CreateToken(SOLDIER, 3),)),
)))



