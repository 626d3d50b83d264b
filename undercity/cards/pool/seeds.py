"""The three seed cards of the user's documents (Commander Legends: Battle for Baldur's Gate)."""

from __future__ import annotations

from undercity.cards.language.replacements import ExileWithCounterInsteadOfDying
from undercity.cards.model import (
    DEFENDING,
    AltCost,
    Condition,
    CopySpell,
    Count,
    F,
    LoseLife,
    ReturnToBattlefield,
    SpellAbility,
    T,
    TakeInitiative,
    TargetSpec,
    Trigger,
    Triggered,
)
from undercity.cards.registry import define
from undercity.mana import parse_cost

_TAKE = "When this creature enters, you take the initiative."

define("Ravenloft Adventurer", triggered=(
    Triggered(_TAKE, effects=(TakeInitiative(),)),
    # CR 603.4: an intervening "if" — checked as it triggers and again as it resolves.
    Triggered("Whenever this creature attacks, if you've completed a dungeon, defending player loses 1 life for "
              "each card they own in exile with a hit counter on it.",
              when=Trigger("attacks"), if_=Condition("completed_dungeon"),
              effects=(LoseLife(Count("hit_exile", whose=DEFENDING, counter="hit"), DEFENDING),)),
), static=(
    # CR 614.1a, 614.6: a replacement effect on "dies" (battlefield to graveyard).
    ExileWithCounterInsteadOfDying("If a creature an opponent controls would die, instead exile it and put a hit "
                                   "counter on it.", counter="hit"),
))

define("From the Catacombs", spell=SpellAbility(
    "Put target creature card from a graveyard onto the battlefield under your control with a corpse counter "
    "on it. You take the initiative. If that creature would leave the battlefield, exile it instead of putting "
    "it anywhere else.",
    targets=(TargetSpec("card", F("Creature"), zone="graveyard", text="target creature card from a graveyard"),),
    effects=(ReturnToBattlefield(T(0), counters=(("corpse", 1),), exile_if_leaves=True), TakeInitiative()),
), alt_costs=(
    # CR 702.138a: "You may cast this card from your graveyard by paying [cost] rather than its mana cost."
    AltCost("escape", parse_cost("{3}{B}{B}"), exile_other_graveyard=5, zone="graveyard"),
))

define("Tomb of Horrors Adventurer", triggered=(
    Triggered(_TAKE, effects=(TakeInitiative(),)),
    Triggered("Whenever you cast your second spell each turn, copy it. If you've completed a dungeon, copy that "
              "spell twice instead. You may choose new targets for the copies.",
              when=Trigger("cast", nth=2),
              effects=(CopySpell(times=1, times_if=2, if_=Condition("completed_dungeon")),)),
))
