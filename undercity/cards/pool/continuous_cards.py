"""Cards whose static abilities or resolved effects change other characteristics — the
layers of CR 613: copying (layer 1, Phantasmal Image), control (layer 2, Mind Flayer),
types, colors and abilities (layers 4-6, Imprisoned in the Moon, Kenrith's Transformation),
and a characteristic-defining power (layer 7a, Nighthawk Scavenger). The language is
:mod:`undercity.cards.language.continuous`; the rules are :mod:`undercity.engine.layers`.

Commander precons: Aura of Courage (Imprisoned in the Moon, Kenrith's Transformation),
Dungeons of Death (Phantasmal Image), Mind Flayarrrs (Mind Flayer), Party Time (Nighthawk
Scavenger).
"""

from __future__ import annotations

from undercity.cards.language.attack_requirements import EachPlayerMayCountersThenGoad
from undercity.cards.language.continuous import (
    AddAbilities,
    Continuous,
    DefinePT,
    EntersAsCopy,
    LoseAbilities,
    SetColors,
    SetPT,
    SetTypes,
)
from undercity.cards.language.exchange import TradeCreaturesUntilEndOfTurn
from undercity.cards.language.sacrifice import SacrificeIt
from undercity.cards.model import (
    CREATURE,
    ENCHANTED,
    SELF,
    Draw,
    F,
    SpellAbility,
    T,
    TargetSpec,
    Trigger,
    Triggered,
    register_ability,
    target_creature,
)
from undercity.cards.registry import define, mana_ability

# "Enchanted permanent is a colorless land with '{T}: Add {C}' and loses all other card types
# and abilities": layer 4 (it keeps its land subtypes and supertypes, CR 205.1a), layer 5
# (colorless, 105.2c), layer 6 — it loses its abilities, then has the mana ability (one
# effect, its parts in the order written).
_ADD_C = register_ability(mana_ability("C"))
define("Imprisoned in the Moon",
       enchant=TargetSpec("permanent", F("Creature", "Land", "Planeswalker"),
                          text="target creature, land, or planeswalker"),
       static=(Continuous('Enchanted permanent is a colorless land with "{T}: Add {C}" and loses all other card '
                          "types and abilities.", affects=ENCHANTED,
                          mods=(SetTypes(frozenset({"Land"})), SetColors(frozenset()), LoseAbilities(),
                                AddAbilities((_ADD_C,)))),))

define("Kenrith's Transformation", enchant=target_creature(),
       triggered=(Triggered("When Kenrith's Transformation enters the battlefield, draw a card.",
                            when=Trigger("enters"), effects=(Draw(1),)),),
       static=(Continuous("Enchanted creature loses all abilities and is a green Elk creature with base power "
                          "and toughness 3/3. (It loses all other card types and creature types.)",
                          affects=ENCHANTED,
                          mods=(LoseAbilities(), SetTypes(frozenset({"Creature"}), frozenset({"Elk"})),
                                SetColors(frozenset({"G"})), SetPT(3, 3))),))

# CR 604.3: a characteristic-defining ability; it works in every zone (CR 604.3, 613.4a).
define("Nighthawk Scavenger", static=(
    Continuous("Nighthawk Scavenger's power is equal to 1 plus the number of card types among cards in your "
               "opponents' graveyards.", affects=SELF,
               mods=(DefinePT(power=("card_types_in_opponents_graveyards", 1)),)),))

# One of a kind: every player's optional choice, then a goad of what was chosen (CR 101.4, 701.15a).
define("Agitator Ant", triggered=(
    Triggered("At the beginning of your end step, each player may put two +1/+1 counters on a creature they "
              "control. Goad each creature that had counters put on it this way.",
              when=Trigger("beginning_of", step="end", whose="you"), effects=(EachPlayerMayCountersThenGoad(),)),))

# One of a kind: two players trade all their creatures for the turn (CR 613.1b, 611.2c).
define("Reins of Power", spell=SpellAbility(
    "Untap all creatures you control and all creatures target opponent controls. You and that opponent each gain "
    "control of all creatures the other controls until end of turn. Those creatures gain haste until end of turn.",
    targets=(TargetSpec("opponent", text="target opponent"),), effects=(TradeCreaturesUntilEndOfTurn(T(0)),)))


# The copy's exceptions (CR 707.9b): an Illusion in addition, and a "becomes the target"
# trigger — anyone's spell or ability (whose="any").
_SAC_WHEN_TARGETED = register_ability(Triggered(
    "When this creature becomes the target of a spell or ability, sacrifice it.",
    when=Trigger("becomes_target", whose="any"), effects=(SacrificeIt(SELF),)))
define("Phantasmal Image", static=(
    EntersAsCopy("You may have Phantasmal Image enter the battlefield as a copy of any creature on the "
                 "battlefield, except it's an Illusion in addition to its other types and it has \"When this "
                 "creature becomes the target of a spell or ability, sacrifice it.\"", filter=CREATURE,
                 add_subtypes=frozenset({"Illusion"}), add_abilities=(_SAC_WHEN_TARGETED,)),))
