"""Cards whose abilities trigger on drawing (CR 121.2, 603.2): Niv-Mizzet, Parun (Commander
precon Draconic Dissent), which also can't be countered (CR 101.2)."""

from __future__ import annotations

from undercity.cards.language.draw import YOU_DRAW
from undercity.cards.language.event_triggers import PlayerCasts
from undercity.cards.model import ANY_TARGET, DealDamage, Draw, F, Static, T, Trigger, Triggered
from undercity.cards.registry import define

define("Niv-Mizzet, Parun", static=(
    # "Can't" beats "can": a counter effect does nothing to it (CR 101.2; effects.counter_spell).
    Static("This spell can't be countered.", kind="cant_be_countered"),
), triggered=(
    Triggered("Whenever you draw a card, Niv-Mizzet, Parun deals 1 damage to any target.",
              when=Trigger(YOU_DRAW), targets=(ANY_TARGET,), effects=(DealDamage(1, T(0)),)),
    Triggered("Whenever a player casts an instant or sorcery spell, you draw a card.",
              when=PlayerCasts(filter=F("Instant", "Sorcery"), whose="each"), effects=(Draw(1),)),
))
