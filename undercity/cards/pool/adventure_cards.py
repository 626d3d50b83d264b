"""Adventurer cards (CR 715) of Commander Legends: Battle for Baldur's Gate (Beanstalk Giant is
in the Draconic Rage precon), Forgotten Realms Commander (Realm-Cloaked Giant, the Party Time
deck) and Throne of Eldraine (Giant Killer; Lovestruck Beast, in Draconic Rage too).
Each definition says what the main card does and what its Adventure does
(:func:`undercity.cards.language.adventure.adventurer`); the rest is the rules of
:mod:`undercity.engine.adventure`."""

from __future__ import annotations

from undercity.cards.language.adventure import adventurer
from undercity.cards.language.attack_restrictions import CantAttackUnlessYouControl
from undercity.cards.language.continuous import Continuous, DefinePT
from undercity.cards.model import (
    ALL,
    SELF,
    Activated,
    Condition,
    Cost,
    CreateToken,
    Destroy,
    DestroyAll,
    Draw,
    F,
    Pump,
    Scry,
    Search,
    SpellAbility,
    T,
    TargetSpec,
    Trigger,
    Triggered,
    target_creature,
)
from undercity.cards.model_clb_white import Flicker, Tap
from undercity.cards.registry import token
from undercity.mana import parse_cost

adventurer("Embereth Shieldbreaker // Battle Display", adventure=SpellAbility(
    "Destroy target artifact.", effects=(Destroy(T(0)),),
    targets=(TargetSpec("permanent", F("Artifact"), text="target artifact"),)))

adventurer("Young Blue Dragon // Sand Augury", adventure=SpellAbility(
    "Scry 1, then draw a card.", effects=(Scry(1), Draw(1))))

adventurer("Realm-Cloaked Giant // Cast Off", adventure=SpellAbility(
    "Destroy all non-Giant creatures.", effects=(DestroyAll(F("Creature", not_subtypes={"Giant"})),)))

adventurer(
    "Giant Killer // Chop Down",
    activated=(Activated("{1}{W}, {T}: Tap target creature.", cost=Cost(mana=parse_cost("{1}{W}"), tap=True),
                         effects=(Tap(T(0)),), targets=(target_creature(),)),),
    adventure=SpellAbility("Destroy target creature with power 4 or greater.", effects=(Destroy(T(0)),),
                           targets=(TargetSpec("permanent", F("Creature", min_power=4),
                                               text="target creature with power 4 or greater"),)))

adventurer("Topaz Dragon // Entropic Cloud", adventure=SpellAbility(
    "Creatures you control gain deathtouch until end of turn.",
    effects=(Pump(0, 0, ALL(F("Creature", controller="you")), frozenset({"deathtouch"})),)))

token("Human", "Token Creature — Human", power=1, toughness=1, colors="W")
adventurer(
    "Lovestruck Beast // Heart's Desire",
    static=(CantAttackUnlessYouControl("Lovestruck Beast can't attack unless you control a 1/1 creature.",
                                       power=1, toughness=1),),  # CR 508.1c
    adventure=SpellAbility("Create a 1/1 white Human creature token.", effects=(CreateToken("Human"),)))

token("Pegasus", "Token Creature — Pegasus", power=1, toughness=1, colors="W", keywords=frozenset({"flying"}))
adventurer(
    "Pegasus Guardian // Rescue the Foal",
    triggered=(Triggered("At the beginning of your end step, if a permanent you controlled left the battlefield this "
                         "turn, create a 1/1 white Pegasus creature token with flying.",
                         when=Trigger("beginning_of", step="end"), if_=Condition("revolt"),  # CR 603.4
                         effects=(CreateToken("Pegasus"),)),),
    adventure=SpellAbility("Exile target creature you control, then return that card to the battlefield under its "
                           "owner's control.", effects=(Flicker(T(0)),),
                           targets=(target_creature(controller="you"),)))

_LANDS = ("lands_you_control", 0)
adventurer(
    "Beanstalk Giant // Fertile Footsteps",
    # A characteristic-defining ability (CR 604.3): in every zone, the main card's only.
    static=(Continuous("Beanstalk Giant's power and toughness are each equal to the number of lands you control.",
                       affects=SELF, mods=(DefinePT(_LANDS, _LANDS),)),),
    adventure=SpellAbility("Search your library for a basic land card, put it onto the battlefield, then shuffle.",
                           effects=(Search(F("Land", basic=True), to="battlefield"),)))
