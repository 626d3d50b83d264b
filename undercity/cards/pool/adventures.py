"""Cards of Adventures in the Forgotten Realms and Commander Legends: Battle for Baldur's Gate
that the rulings scenarios of the seed cards use (tests/rulings/): a plain "venture into the
dungeon" at sorcery and at instant speed, a cast trigger, and a -X/-X effect that kills an
indestructible creature."""

from __future__ import annotations

from undercity.cards.model import (
    SELF,
    Activated,
    Cost,
    CounterSpell,
    F,
    Pump,
    PutCounters,
    SpellAbility,
    T,
    TargetSpec,
    Trigger,
    Triggered,
    Venture,
    target_creature,
)
from undercity.cards.registry import define, mana_ability
from undercity.mana import parse_cost

# CR 701.49a-c: "venture into the dungeon" — never Undercity unless already in it (701.49d).
define("Dungeon Map", activated=(
    mana_ability("C"),
    Activated("{3}, {T}: Venture into the dungeon. Activate only as a sorcery.",
              cost=Cost(mana=parse_cost("{3}"), tap=True), effects=(Venture(),), sorcery_speed=True),
))
define("Bar the Gate", spell=SpellAbility(
    "Counter target creature or planeswalker spell. Venture into the dungeon.",
    targets=(TargetSpec("spell", F("Creature", "Planeswalker"), text="target creature or planeswalker spell"),),
    effects=(CounterSpell(T(0)), Venture())))

define("Sprite Dragon", triggered=(
    Triggered("Whenever you cast a noncreature spell, put a +1/+1 counter on Sprite Dragon.",
              when=Trigger("cast", filter=F(not_types={"Creature"})), effects=(PutCounters("+1/+1", 1, SELF),)),))

define("Black Dragon", triggered=(
    Triggered("Acid Breath — When Black Dragon enters the battlefield, target creature an opponent controls "
              "gets -3/-3 until end of turn.",
              targets=(target_creature(controller="opponent"),), effects=(Pump(-3, -3, T(0)),)),))
