"""Adventurer cards (CR 715) of Commander Legends: Battle for Baldur's Gate, Forgotten Realms
Commander (Realm-Cloaked Giant, the Party Time deck) and Throne of Eldraine (Giant Killer).
Each definition says what the main card does and what its Adventure does
(:func:`undercity.cards.language.adventure.adventurer`); the rest is the rules of
:mod:`undercity.engine.adventure`."""

from __future__ import annotations

from undercity.cards.language.adventure import adventurer
from undercity.cards.model import (
    Activated,
    Cost,
    Destroy,
    DestroyAll,
    Draw,
    F,
    Scry,
    SpellAbility,
    T,
    TargetSpec,
    target_creature,
)
from undercity.cards.model_clb_white import Tap
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
