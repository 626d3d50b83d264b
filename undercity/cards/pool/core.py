"""The core card pool: basic lands and well-known cards exercising the engine core rules.

Each definition is data: the Oracle fields come from the shipped Oracle data, and the
abilities are written in the effect language (:mod:`undercity.cards.model`).
"""

from __future__ import annotations

from undercity.cards.language.replacements import AdditionalTreasure
from undercity.cards.model import (
    ANY_TARGET,
    TARGET_CONTROLLER,
    TARGET_OPPONENT,
    Count,
    Discard,
    DivideDamage,
    ExileIt,
    F,
    LoseLife,
    Mill,
    Mode,
    MustBeBlocked,
    PreventCombatDamage,
    Pump,
    Search,
    SpellAbility,
    T,
    TargetSpec,
    target_creature,
)
from undercity.cards.registry import define, mana_ability, token

# ----------------------------------------------------------------------------- tokens
token("Treasure", "Token Artifact — Treasure",
      text="{T}, Sacrifice this token: Add one mana of any color.",
      activated=(mana_ability("any", sacrifice=True, text="{T}, Sacrifice this token: Add one mana of any color."),))
# CR 111.10c: no {T} in its cost — a Gold can be sacrificed for mana the turn it is created.
token("Gold", "Token Artifact — Gold", text="Sacrifice this artifact: Add one mana of any color.",
      activated=(mana_ability("any", sacrifice=True, tap=False, text="Sacrifice this artifact: Add one mana of any "
                                                                   "color."),))
token("Goblin", "Token Creature — Goblin", power=1, toughness=1, colors="R")
token("Wolf", "Token Creature — Wolf", power=2, toughness=2, colors="G")

# Vanilla, keyword-only and other cards the Oracle-text compiler reads (cards/text) are not
# defined here: the registry compiles them (tests/cards/text/hand_written.txt lists what stays).

# ----------------------------------------------------------------------------- keyword creatures
define("Xorn", static=(
    AdditionalTreasure("If you would create one or more Treasure tokens, instead create those tokens plus an "
                       "additional Treasure token."),))

# ----------------------------------------------------------------------------- burn
define("Fireball", spell=SpellAbility(
    "Fireball deals X damage divided evenly, rounded down, among any number of targets.",
    targets=(ANY_TARGET,), effects=(DivideDamage(Count("x")),), divided=True, max_targets=8,
    extra_target_cost=1))

# ----------------------------------------------------------------------------- removal
define("Path to Exile", spell=SpellAbility(
    "Exile target creature. Its controller may search their library for a basic land card, put that card "
    "onto the battlefield tapped, then shuffle.", targets=(target_creature(),),
    effects=(ExileIt(T(0)), Search(F("Land", basic=True), to="battlefield", tapped=True,
                                   who=TARGET_CONTROLLER(0)))))
_ART_ENCH = TargetSpec("permanent", F("Artifact", "Enchantment"), text="target artifact or enchantment")

# ----------------------------------------------------------------------------- counterspells

define("Demogorgon's Clutches", spell=SpellAbility(
    "Target opponent discards two cards, mills two cards, and loses 2 life.", targets=(TARGET_OPPONENT,),
    effects=(Discard(2, T(0)), Mill(2, T(0)), LoseLife(2, T(0)))))

# ----------------------------------------------------------------------------- ramp

# ----------------------------------------------------------------------------- pump, auras, modal
define("You Look Upon the Tarrasque", spell=SpellAbility("Choose one —", modes=(
    Mode("Run and Hide — Prevent all combat damage that would be dealt to you and creatures you control "
         "this turn.", (PreventCombatDamage(to_you_and_yours_only=True),)),
    Mode("Gather Your Courage — Target creature gets +5/+5 and gains indestructible until end of turn. All "
         "creatures your opponents control able to block that creature this turn do so.",
         (Pump(5, 5, T(0), frozenset({"indestructible"})), MustBeBlocked(T(0))), (target_creature(),)),
)))


