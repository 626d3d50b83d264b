"""Cards of Adventures in the Forgotten Realms and Commander Legends: Battle for Baldur's Gate
that the rulings scenarios of the seed cards use (tests/rulings/): a plain "venture into the
dungeon" at sorcery and at instant speed, a cast trigger, and a -X/-X effect that kills an
indestructible creature."""

from __future__ import annotations

from undercity.cards.model import (
    SELF,
    F,
    PutCounters,
    Trigger,
    Triggered,
)
from undercity.cards.registry import define

# CR 701.49a-c: "venture into the dungeon" — never Undercity unless already in it (701.49d).

define("Sprite Dragon", triggered=(
    Triggered("Whenever you cast a noncreature spell, put a +1/+1 counter on Sprite Dragon.",
              when=Trigger("cast", filter=F(not_types={"Creature"})), effects=(PutCounters("+1/+1", 1, SELF),)),))

