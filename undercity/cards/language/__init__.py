"""The effect language, grown by rule concept: one module per concept of the Comprehensive
Rules — continuous effects (613, the layers), dice (706), monarch (725), ward (702.21), cascade (702.85), sacrifice (701.21,
"sacrifice it"), damage (triggers on dealing damage, 603.2), counters (122, doubling),
equip (702.6), exiled_with (607.2a, "those cards" and "cards exiled with this"), draw
("whenever you draw a card", 121.2), spells_cast (601.2i), adventure (715, adventurer
cards), class_level (716, Class levels), attack_restrictions (508.1c, "can't attack unless"),
library_top (401.4-5, looking at and sorting the top cards, putting cards on top or bottom), life_lost (119.3, life lost this turn),
event_triggers (603.2, the general trigger events), conditions (603.4, typed conditions),
quantities (typed amounts), static_abilities (604, rule-modifying static abilities),
block_restrictions (509.1b), tap_untap (701.26), zone_moves (400.7), exile_until (610.3),
cast_permissions (601.2, 608.2g), spell_costs (601.2f), mana_abilities (605.3a), optional
(608.2d), search (701.23), tokens (508.4), explore (701.44), emblems (114) — each imported from
its own module (this package re-exports only the earlier ones). The core vocabulary stays in
:mod:`undercity.cards.model`; every effect type here has its handler in the engine module of
the concept (``undercity.engine.continuous`` and ``.layers``, ``undercity.engine.dice``, ``.monarch``, ``.ward``, ``.cascade``, ``.sacrifice``,
``.deals_damage``, ``.counters``, ``.exiled_with``, ``.draw_triggers``, ``.spells_cast``,
``.adventure``, ``.class_level``, ``.attack_restrictions``, ``.library_top``,
``.life_lost``).
"""

from undercity.cards.language.activate_only import DURING_YOUR_UPKEEP, IF_YOU_ATTACKED, ActivateOnly
from undercity.cards.language.adventure import ADVENTURE, AdventurerCard, AdventureSpell, adventurer
from undercity.cards.language.attack_restrictions import CantAttackUnlessYouControl
from undercity.cards.language.cascade import CASCADE, CAST_WITH_CASCADE, FIRST_EXILE_SPELL_CASCADES, Cascade
from undercity.cards.language.class_level import BecomeLevel, LevelAbilities, LevelUp, class_card, level
from undercity.cards.language.continuous import (
    AddAbilities,
    AddTypes,
    Continuous,
    CopyOf,
    DefinePT,
    EntersAsCopy,
    GainControl,
    GainControlOf,
    LoseAbilities,
    ModifyPT,
    SetColors,
    SetPT,
    SetSubtypes,
    SetTypes,
    SwitchPT,
)
from undercity.cards.language.counters import CreateTokenThenCounters, DoubleCounters
from undercity.cards.language.damage import (
    DAMAGE_DEALT,
    DEALS_DAMAGE,
    EQUIPPED_DEALS_COMBAT_DAMAGE,
    DamageEach,
)
from undercity.cards.language.dice import (
    DIE_RESULT,
    ROLL_ADVANTAGE,
    ROLL_DICE,
    ROLL_HIGHEST_NATURAL,
    IfResult,
    ResultRow,
    RollAsEnters,
    RollDie,
    row,
)
from undercity.cards.language.draw import YOU_DRAW
from undercity.cards.language.equip import equip
from undercity.cards.language.exiled_with import ExileTopRemember, PutExiledWith, PutOneOfThose, among_those
from undercity.cards.language.from_graveyard import ReturnSelf
from undercity.cards.language.library_top import LookAtTop, LookPutOneIntoHand, PutOnLibrary
from undercity.cards.language.life_lost import OpponentsLoseLifeLostThisTurn
from undercity.cards.language.monarch import IS_MONARCH, BecomeMonarch
from undercity.cards.language.sacrifice import SacrificeIt
from undercity.cards.language.spells_cast import SPELLS_CAST_THIS_TURN
from undercity.cards.language.ward import CounterUnlessPays, ward, ward_cost

__all__ = [
    "AddAbilities", "AddTypes", "Continuous", "CopyOf", "DefinePT", "EntersAsCopy", "GainControl", "GainControlOf",
    "LoseAbilities", "ModifyPT", "SetColors", "SetPT", "SetSubtypes", "SetTypes", "SwitchPT",
    "ADVENTURE", "AdventureSpell", "AdventurerCard", "adventurer",
    "BecomeLevel", "LevelAbilities", "LevelUp", "class_card", "level",
    "CantAttackUnlessYouControl", "LookAtTop", "LookPutOneIntoHand", "PutOnLibrary", "OpponentsLoseLifeLostThisTurn",
    "CASCADE", "CAST_WITH_CASCADE", "DAMAGE_DEALT", "DEALS_DAMAGE", "DIE_RESULT",
    "EQUIPPED_DEALS_COMBAT_DAMAGE", "FIRST_EXILE_SPELL_CASCADES", "IS_MONARCH", "ROLL_ADVANTAGE", "ROLL_DICE",
    "ROLL_HIGHEST_NATURAL", "SPELLS_CAST_THIS_TURN", "YOU_DRAW", "BecomeMonarch", "Cascade",
    "CounterUnlessPays", "CreateTokenThenCounters", "DamageEach", "DoubleCounters", "ExileTopRemember", "IfResult",
    "PutExiledWith", "PutOneOfThose", "ResultRow", "RollAsEnters", "RollDie", "SacrificeIt", "among_those",
    "equip", "row", "ward", "ward_cost",
    "DURING_YOUR_UPKEEP", "IF_YOU_ATTACKED", "ActivateOnly", "ReturnSelf",
]
