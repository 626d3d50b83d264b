"""The initiative cards of Commander Legends: Battle for Baldur's Gate (issue 5): the CLB cards
that take the initiative or care about it or about completed dungeons (the three seed cards are
in :mod:`seeds`). Cards as data: Oracle fields from the shipped data, abilities in the effect
language (:mod:`undercity.cards.model` and the concept modules of :mod:`undercity.cards.language`).

"Choose a Background" (Imoen, Rasaad, Safana) is a deck-construction ability (CR 702.124k,
checked in :mod:`undercity.formats.commander`); it does nothing during the game.
"""

from __future__ import annotations

from undercity.cards.language.cast_permissions import ExileTopPlayThisTurn
from undercity.cards.language.conditions import IfElse
from undercity.cards.language.continuous import DoubleToughness
from undercity.cards.language.damage import DamageBlockers
from undercity.cards.language.equip import AttachTo
from undercity.cards.language.event_triggers import BecomesBlocked
from undercity.cards.language.life_lost import ControllerLosesLife
from undercity.cards.language.search import SearchAny
from undercity.cards.language.static_abilities import AssignsDamageByToughness
from undercity.cards.language.ward import CounterUnlessPays
from undercity.cards.model import (
    ALL,
    Activated,
    Condition,
    Cost,
    CreateToken,
    Draw,
    Effect,
    F,
    Pump,
    SpellAbility,
    T,
    TakeInitiative,
    TargetSpec,
    Trigger,
    Triggered,
    target_creature,
)
from undercity.cards.registry import define
from undercity.cards.tokens import keyed_token
from undercity.mana import parse_cost

COMPLETED = Condition("completed_dungeon")
#: "Whenever you attack" (CR 508.3d), once per combat: a trigger event of language.event_triggers.
YOU_ATTACK = Trigger("you_attack")
HAVE_INITIATIVE = Condition("have_initiative")
TAKE = (TakeInitiative(),)


def _enters(subject: str = "this creature") -> Triggered:
    """"When [subject] enters, you take the initiative." (CR 726)"""
    return Triggered(f"When {subject} enters, you take the initiative.", effects=TAKE)


def _your_end_step(text: str, *effects: Effect) -> Triggered:
    """"At the beginning of your end step, if you have the initiative, …" — an intervening
    "if" (CR 603.4)."""
    return Triggered(text, when=Trigger("beginning_of", step="end"), if_=HAVE_INITIATIVE,
                     effects=effects)


# ----------------------------------------------------------------------------- tokens
# Keyed (cards.tokens.keyed_token): other pools may define different tokens with these names.
FAERIE_DRAGON = "Faerie Dragon (1/1 blue, flying)"
DRAGON = "Dragon (5/5 red, flying)"
SOLDIER = "Soldier (1/1 white)"
keyed_token(FAERIE_DRAGON, "Faerie Dragon", "Token Creature — Faerie Dragon", power=1, toughness=1, colors="U",
            keywords=frozenset({"flying"}))
keyed_token(DRAGON, "Dragon", "Token Creature — Dragon", power=5, toughness=5, colors="R",
            keywords=frozenset({"flying"}))
keyed_token(SOLDIER, "Soldier", "Token Creature — Soldier", power=1, toughness=1, colors="W")

# ----------------------------------------------------------------------------- takes the initiative
# Keywords (flying, trample, vigilance, menace, lifelink, deathtouch, defender) come from the
# Oracle data.



define("Vicious Battlerager", triggered=(
    _enters(),
    # CR 509.3d: once for each creature blocking it; "that creature's controller" as it resolves.
    Triggered("Spiked Retribution — Whenever this creature becomes blocked by a creature, that creature's "
              "controller loses 5 life.", when=BecomesBlocked(by_each=True), effects=(ControllerLosesLife(5),)),
))



define("Caves of Chaos Adventurer", triggered=(
    _enters(),
    # "If you've completed a dungeon" is checked as the card is exiled (ruling): not an
    # intervening "if"; with it, the card can be played only without paying its mana cost.
    Triggered("Whenever this creature attacks, exile the top card of your library. If you've completed a "
              "dungeon, you may play that card this turn without paying its mana cost. Otherwise, you may play "
              "that card this turn.", when=Trigger("attacks"), effects=(ExileTopPlayThisTurn(free_if=COMPLETED),)),
))



_ATTACKING = F("Creature", attacking_or_blocking=True)  # in the declare attackers step: attacking
define("Rilsa Rael, Kingpin", triggered=(
    _enters("Rilsa Rael"),
    Triggered("Whenever you attack, target attacking creature gains deathtouch until end of turn. If you've "
              "completed a dungeon, that creature also gets +5/+0 and gains first strike and menace until end of "
              "turn.", when=YOU_ATTACK,
              targets=(TargetSpec("permanent", _ATTACKING, text="target attacking creature"),),
              effects=(Pump(0, 0, T(0), frozenset({"deathtouch"})),
                       IfElse(COMPLETED, (Pump(5, 0, T(0), frozenset({"first strike", "menace"})),)))),
))




define("Explore the Underdark", spell=SpellAbility(
    "Search your library for up to two basic land cards and/or Gate cards, put them onto the battlefield tapped, "
    "then shuffle. You take the initiative.",
    effects=(SearchAny((F("Land", basic=True), F(subtypes={"Gate"})), n=2, tapped=True), TakeInitiative())))



define("Trailblazer's Torch", triggered=(
    _enters("this Equipment"),
    # CR 509.3c: once per combat, however many creatures block it. "It" — the equipped
    # creature — deals the damage.
    Triggered("Whenever equipped creature becomes blocked, it deals 2 damage to each creature blocking it.",
              when=BecomesBlocked(equipped=True), effects=(DamageBlockers(2),)),
), activated=(
    # CR 702.6a: "Equip [cost]" means "[Cost]: Attach this permanent to target creature you
    # control. Activate only as a sorcery."
    Activated("Equip {1} ({1}: Attach to target creature you control. Equip only as a sorcery.)",
              cost=Cost(mana=parse_cost("{1}")), targets=(target_creature(controller="you"),), sorcery_speed=True,
              effects=(AttachTo(T(0)),)),))

# ----------------------------------------------------------------------------- cares about the initiative

define("Imoen, Mystic Trickster", triggered=(
    # Ward {2} (CR 702.21a) is a triggered ability (the "becomes_target" event of language.event_triggers and language.ward's CounterUnlessPays).
    Triggered("Ward {2} (Whenever this creature becomes the target of a spell or ability an opponent controls, "
              "counter it unless that player pays {2}.)", when=Trigger("becomes_target"),
              effects=(CounterUnlessPays("{2}"),)),
    _your_end_step("At the beginning of your end step, if you have the initiative, draw a card. Draw another card "
                   "if you've completed a dungeon.", Draw(1), IfElse(COMPLETED, (Draw(1),))),
))

define("Safana, Calimport Cutthroat", triggered=(
    _your_end_step("At the beginning of your end step, if you have the initiative, create a Treasure token. "
                   "Create three of those tokens instead if you've completed a dungeon.",
                   IfElse(COMPLETED, (CreateToken("Treasure", 3),), (CreateToken("Treasure"),))),
))

define("Rasaad yn Bashir", static=(
    AssignsDamageByToughness("Each creature you control assigns combat damage equal to its toughness rather "
                             "than its power."),
), triggered=(
    Triggered("Whenever Rasaad yn Bashir attacks, if you have the initiative, double the toughness of each "
              "creature you control until end of turn.", when=Trigger("attacks"), if_=HAVE_INITIATIVE,
              effects=(DoubleToughness(ALL(F("Creature", controller="you"))),)),
))

