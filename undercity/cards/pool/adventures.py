"""Cards of Adventures in the Forgotten Realms and Commander Legends: Battle for Baldur's Gate
that the rulings scenarios of the seed cards use (tests/rulings/): a plain "venture into the
dungeon" at sorcery and at instant speed, a cast trigger, and a -X/-X effect that kills an
indestructible creature."""

from __future__ import annotations


# CR 701.49a-c: "venture into the dungeon" — never Undercity unless already in it (701.49d).


