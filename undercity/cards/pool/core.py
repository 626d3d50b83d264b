"""The core card pool: basic lands and well-known cards exercising the engine core rules.

Each definition is data: the Oracle fields come from the shipped Oracle data, and the
abilities are written in the effect language (:mod:`undercity.cards.model`).
"""

from __future__ import annotations

from undercity.cards.model import (
    ALL,
    ANY_TARGET,
    DEFENDING,
    ENCHANTED,
    SELF,
    TARGET_CONTROLLER,
    TARGET_OPPONENT,
    TRIGGER_OBJECT,
    YOU,
    Activated,
    Condition,
    Cost,
    Count,
    CounterSpell,
    CreateToken,
    DealDamage,
    Destroy,
    DestroyAll,
    Discard,
    DivideDamage,
    Draw,
    ExileIt,
    F,
    GainLife,
    LoseLife,
    Mill,
    Mode,
    MustBeBlocked,
    PreventCombatDamage,
    Pump,
    PutCounters,
    PutFromHandOnTop,
    ReturnToHand,
    Scry,
    Search,
    SpellAbility,
    Static,
    T,
    TargetSpec,
    Trigger,
    Triggered,
    target_creature,
)
from undercity.cards.registry import define, mana_ability, token
from undercity.mana import parse_cost

# ----------------------------------------------------------------------------- basic lands
for _land, _color in (("Plains", "W"), ("Island", "U"), ("Swamp", "B"), ("Mountain", "R"), ("Forest", "G")):
    # CR 305.6: a basic land type gives the intrinsic ability "{T}: Add [mana]."
    define(_land, activated=(mana_ability(_color),))

# ----------------------------------------------------------------------------- tokens
token("Treasure", "Token Artifact — Treasure",
      text="{T}, Sacrifice this token: Add one mana of any color.",
      activated=(mana_ability("any", sacrifice=True, text="{T}, Sacrifice this token: Add one mana of any color."),))
token("Goblin", "Token Creature — Goblin", power=1, toughness=1, colors="R")
token("Wolf", "Token Creature — Wolf", power=2, toughness=2, colors="G")

# ----------------------------------------------------------------------------- vanilla creatures
for _name in ("Grizzly Bears", "Savannah Lions", "Elite Vanguard", "Glory Seeker", "Eager Cadet",
              "Kalonian Tusker", "Leatherback Baloth"):
    define(_name)

# ----------------------------------------------------------------------------- keyword creatures
define("Serra Angel")  # flying, vigilance
define("Healer's Hawk")  # flying, lifelink
define("Vampire Nighthawk")  # flying, deathtouch, lifelink
define("Darksteel Myr")  # indestructible
define("Monastery Swiftspear", triggered=(
    # Prowess (CR 702.108): a triggered ability on noncreature spells you cast.
    Triggered("Prowess — whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn.",
              when=Trigger("cast", filter=F(not_types={"Creature"})), effects=(Pump(1, 1, SELF),)),))
define("Wall of Omens", triggered=(
    Triggered("When Wall of Omens enters the battlefield, draw a card.", effects=(Draw(1),)),))
define("Owlbear", triggered=(
    Triggered("Keen Senses — When Owlbear enters the battlefield, draw a card.", effects=(Draw(1),)),))
define("Elturgard Ranger", triggered=(
    Triggered("When Elturgard Ranger enters the battlefield, create a 2/2 green Wolf creature token.",
              effects=(CreateToken("Wolf"),)),))
define("Prosperous Innkeeper", triggered=(
    Triggered("When Prosperous Innkeeper enters the battlefield, create a Treasure token.",
              effects=(CreateToken("Treasure"),)),
    Triggered("Whenever another creature enters the battlefield under your control, you gain 1 life.",
              when=Trigger("enters", filter=F("Creature", other=True), whose="you"), effects=(GainLife(1),)),
))
define("Spectral Sailor", activated=(
    Activated("{3}{U}: Draw a card.", cost=Cost(mana=parse_cost("{3}{U}")), effects=(Draw(1),)),))
define("Paradise Druid", activated=(mana_ability("any"),), static=(
    Static("Paradise Druid has hexproof as long as it's untapped.", kind="hexproof_while_untapped"),))
define("Sol Ring", activated=(mana_ability("CC"),))
define("Xorn", static=(
    Static("If you would create one or more Treasure tokens, instead create those tokens plus an additional "
           "Treasure token.", kind="replace_treasure_plus_one"),))
define("Rust Monster", activated=(
    Activated("Sacrifice an artifact: Rust Monster gets +2/+0 until end of turn.",
              cost=Cost(sacrifice=F("Artifact")), effects=(Pump(2, 0, SELF),)),))
define("Calculating Lich", triggered=(
    Triggered("Whenever a creature attacks one of your opponents, that player loses 1 life.",
              when=Trigger("attacks", filter=F("Creature"), whose="opponent"),
              effects=(LoseLife(1, DEFENDING),)),))
define("Linden, the Steadfast Queen", triggered=(
    Triggered("Whenever a white creature you control attacks, you gain 1 life.",
              when=Trigger("attacks", filter=F("Creature", colors={"W"}), whose="you"), effects=(GainLife(1),)),))
define("Solemn Recruit", triggered=(
    Triggered("Revolt — At the beginning of your end step, if a permanent you controlled left the battlefield "
              "this turn, put a +1/+1 counter on Solemn Recruit.",
              when=Trigger("beginning_of", step="end"), if_=Condition("revolt"),
              effects=(PutCounters("+1/+1", 1, SELF),)),))

# ----------------------------------------------------------------------------- burn
define("Lightning Bolt", spell=SpellAbility("Lightning Bolt deals 3 damage to any target.",
                                            targets=(ANY_TARGET,), effects=(DealDamage(3, T(0)),)))
define("Shock", spell=SpellAbility("Shock deals 2 damage to any target.",
                                   targets=(ANY_TARGET,), effects=(DealDamage(2, T(0)),)))
define("Lightning Strike", spell=SpellAbility("Lightning Strike deals 3 damage to any target.",
                                              targets=(ANY_TARGET,), effects=(DealDamage(3, T(0)),)))
define("Lava Spike", spell=SpellAbility(
    "Lava Spike deals 3 damage to target player or planeswalker.",
    targets=(TargetSpec("player_or_planeswalker", text="target player or planeswalker"),),
    effects=(DealDamage(3, T(0)),)))
define("Fireball", spell=SpellAbility(
    "Fireball deals X damage divided evenly, rounded down, among any number of targets.",
    targets=(ANY_TARGET,), effects=(DivideDamage(Count("x")),), divided=True, max_targets=8,
    extra_target_cost=1))

# ----------------------------------------------------------------------------- removal
define("Murder", spell=SpellAbility("Destroy target creature.", targets=(target_creature(),),
                                    effects=(Destroy(T(0)),)))
define("Doom Blade", spell=SpellAbility("Destroy target nonblack creature.",
                                        targets=(target_creature(not_colors={"B"}),), effects=(Destroy(T(0)),)))
define("Go for the Throat", spell=SpellAbility(
    "Destroy target nonartifact creature.", targets=(target_creature(not_types={"Artifact"}),),
    effects=(Destroy(T(0)),)))
define("Cast Down", spell=SpellAbility(
    "Destroy target nonlegendary creature.", targets=(target_creature(not_supertypes={"Legendary"}),),
    effects=(Destroy(T(0)),)))
define("Swords to Plowshares", spell=SpellAbility(
    "Exile target creature. Its controller gains life equal to its power.", targets=(target_creature(),),
    effects=(ExileIt(T(0)), GainLife(Count("target_power"), TARGET_CONTROLLER(0)))))
define("Path to Exile", spell=SpellAbility(
    "Exile target creature. Its controller may search their library for a basic land card, put that card "
    "onto the battlefield tapped, then shuffle.", targets=(target_creature(),),
    effects=(ExileIt(T(0)), Search(F("Land", basic=True), to="battlefield", tapped=True,
                                   who=TARGET_CONTROLLER(0)))))
define("Wrath of God", spell=SpellAbility("Destroy all creatures. They can't be regenerated.",
                                          effects=(DestroyAll(F("Creature")),)))
define("Unsummon", spell=SpellAbility("Return target creature to its owner's hand.",
                                      targets=(target_creature(),), effects=(ReturnToHand(T(0)),)))
_ART_ENCH = TargetSpec("permanent", F("Artifact", "Enchantment"), text="target artifact or enchantment")
define("Naturalize", spell=SpellAbility("Destroy target artifact or enchantment.", targets=(_ART_ENCH,),
                                        effects=(Destroy(T(0)),)))
define("Disenchant", spell=SpellAbility("Destroy target artifact or enchantment.", targets=(_ART_ENCH,),
                                        effects=(Destroy(T(0)),)))

# ----------------------------------------------------------------------------- counterspells
define("Counterspell", spell=SpellAbility("Counter target spell.", targets=(TargetSpec("spell", text="target spell"),),
                                          effects=(CounterSpell(T(0)),)))
define("Cancel", spell=SpellAbility("Counter target spell.", targets=(TargetSpec("spell", text="target spell"),),
                                    effects=(CounterSpell(T(0)),)))
define("Negate", spell=SpellAbility(
    "Counter target noncreature spell.",
    targets=(TargetSpec("spell", F(not_types={"Creature"}), text="target noncreature spell"),),
    effects=(CounterSpell(T(0)),)))
define("Essence Scatter", spell=SpellAbility(
    "Counter target creature spell.", targets=(TargetSpec("spell", F("Creature"), text="target creature spell"),),
    effects=(CounterSpell(T(0)),)))

# ----------------------------------------------------------------------------- card flow
define("Opt", spell=SpellAbility("Scry 1. Draw a card.", effects=(Scry(1), Draw(1))))
define("Serum Visions", spell=SpellAbility("Draw a card. Scry 2.", effects=(Draw(1), Scry(2))))
define("Brainstorm", spell=SpellAbility(
    "Draw three cards, then put two cards from your hand on top of your library in any order.",
    effects=(Draw(3), PutFromHandOnTop(2))))
define("Ambition's Cost", spell=SpellAbility("You draw three cards and you lose 3 life.",
                                             effects=(Draw(3), LoseLife(3, YOU))))
define("Demogorgon's Clutches", spell=SpellAbility(
    "Target opponent discards two cards, mills two cards, and loses 2 life.", targets=(TARGET_OPPONENT,),
    effects=(Discard(2, T(0)), Mill(2, T(0)), LoseLife(2, T(0)))))

# ----------------------------------------------------------------------------- ramp
define("Rampant Growth", spell=SpellAbility(
    "Search your library for a basic land card, put that card onto the battlefield tapped, then shuffle.",
    effects=(Search(F("Land", basic=True), to="battlefield", tapped=True),)))
define("Cultivate", spell=SpellAbility(
    "Search your library for up to two basic land cards, reveal those cards, put one onto the battlefield "
    "tapped and the other into your hand, then shuffle.",
    effects=(Search(F("Land", basic=True), n=2, to="battlefield", tapped=True, split=True),)))

# ----------------------------------------------------------------------------- pump, auras, modal
define("Giant Growth", spell=SpellAbility("Target creature gets +3/+3 until end of turn.",
                                          targets=(target_creature(),), effects=(Pump(3, 3, T(0)),)))
define("Rancor", enchant=target_creature(), static=(
    Static("Enchanted creature gets +2/+0 and has trample.", kind="pump", affects=ENCHANTED, p=2,
           keywords=frozenset({"trample"})),),
    triggered=(Triggered("When Rancor is put into a graveyard from the battlefield, return Rancor to its "
                         "owner's hand.", when=Trigger("put_into_graveyard"),
                         effects=(ReturnToHand(TRIGGER_OBJECT),)),))
define("You See a Pair of Goblins", spell=SpellAbility("Choose one —", modes=(
    Mode("Charge Them — Creatures you control get +2/+0 until end of turn.",
         (Pump(2, 0, ALL(F("Creature", controller="you"))),)),
    Mode("Befriend Them — Create two 1/1 red Goblin creature tokens.", (CreateToken("Goblin", 2),)),
)))
define("You Look Upon the Tarrasque", spell=SpellAbility("Choose one —", modes=(
    Mode("Run and Hide — Prevent all combat damage that would be dealt to you and creatures you control "
         "this turn.", (PreventCombatDamage(to_you_and_yours_only=True),)),
    Mode("Gather Your Courage — Target creature gets +5/+5 and gains indestructible until end of turn. All "
         "creatures your opponents control able to block that creature this turn do so.",
         (Pump(5, 5, T(0), frozenset({"indestructible"})), MustBeBlocked(T(0))), (target_creature(),)),
)))


