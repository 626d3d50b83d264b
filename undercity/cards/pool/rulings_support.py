"""Cards the rulings suite needs to demonstrate rulings of the seed cards: additional costs
(Dragon's Fire, copied by Tomb of Horrors Adventurer), cost changes and mana value (Font of
Magic, Livaan, Cultist of Tiamat, with From the Catacombs' escape), another permission to cast
a card from a graveyard (Gale, Waterdeep Prodigy) and flashback (Think Twice). The language
they use is in :mod:`undercity.cards.language.spell_costs`, ``cast_permissions`` and ``quantities``.

"Choose a Background" (Gale, Livaan) is a deck-construction ability (CR 702.124k, checked in
:mod:`undercity.formats.commander`); it does nothing during the game.
"""

from __future__ import annotations

from undercity.cards.language.cast_permissions import MayCastFromGraveyard
from undercity.cards.language.quantities import PaidCostPower
from undercity.cards.model import (
    AdditionalCost,
    DealDamage,
    F,
    SpellAbility,
    T,
    TargetSpec,
    Trigger,
    Triggered,
)
from undercity.cards.registry import define

define("Dragon's Fire", spell=SpellAbility(
    "Dragon's Fire deals 3 damage to target creature or planeswalker. If you revealed a Dragon card or chose a "
    "Dragon as you cast this spell, Dragon's Fire deals damage equal to the power of that card or creature instead.",
    targets=(TargetSpec("creature_or_planeswalker", text="target creature or planeswalker"),),
    effects=(DealDamage(PaidCostPower(default=3), T(0)),),
), additional_costs=(
    # CR 118.8, 601.2b: an optional additional cost; a copy keeps the choice (CR 707.10).
    AdditionalCost("reveal_or_choose", F(subtypes={"Dragon"}), optional=True,
                   text="you may reveal a Dragon card from your hand or choose a Dragon you control"),
))


_GALE_EXILE = " If a spell cast from your graveyard this way would be put into your graveyard, exile it instead."


def _gale(cast: str, other: str) -> Triggered:
    # "...you may cast up to one target card of the other type from your graveyard": one
    # ability per type of the spell cast (no card is both an instant and a sorcery).
    return Triggered(
        f"Whenever you cast an {cast.lower()} spell from your hand, you may cast up to one target {other.lower()} "
        f"card from your graveyard.{_GALE_EXILE}",
        when=Trigger("cast", filter=F(cast), from_zone="hand"),
        targets=(TargetSpec("card", F(other, controller="you"), zone="graveyard", optional=True,
                            text=f"up to one target {other.lower()} card from your graveyard"),),
        effects=(MayCastFromGraveyard(T(0), exile_instead=True),))


define("Gale, Waterdeep Prodigy", triggered=(_gale("Instant", "Sorcery"), _gale("Sorcery", "Instant")))
