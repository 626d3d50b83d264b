"""Adventurer cards (CR 715) the Oracle-text compiler doesn't read yet: Lovestruck Beast (its
attack restriction) and Pegasus Guardian (its revolt trigger and its Adventure's flicker). Each definition says what the main card does
and what its Adventure does (:func:`undercity.cards.language.adventure.adventurer`); the rest is
the rules of :mod:`undercity.engine.adventure`. The other adventurer cards compile from their
Oracle text, face by face (:mod:`undercity.cards.text.compile`)."""

from __future__ import annotations

from undercity.cards.language.adventure import adventurer
from undercity.cards.language.attack_restrictions import CantAttackUnlessYouControl
from undercity.cards.language.zone_moves import Flicker
from undercity.cards.model import (
    Condition,
    CreateToken,
    SpellAbility,
    T,
    Trigger,
    Triggered,
    target_creature,
)
from undercity.cards.registry import token

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
