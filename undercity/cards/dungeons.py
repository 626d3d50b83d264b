"""The dungeon cards (CR 309) as data: Undercity and the three dungeons of Adventures in the
Forgotten Realms.

The rooms, their order and their arrows come from the shipped ``undercity/data/dungeons.json``
(the same file as ``shared/reference/dungeons.json``); each room's ability is written here in
the effect language. A room ability is a triggered ability, "When you move your venture marker
into this room, [effect]" (CR 309.4c); its source is the dungeon card in the command zone and
its controller is that card's owner.

Dungeon cards are not part of any deck (CR 309.2): they are not in the card registry, so
``get_card("Undercity")`` fails; use :func:`get_dungeon`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from undercity.cards import registry
from undercity.cards.model import (
    CREATURE,
    EACH_OPPONENT,
    EACH_PLAYER,
    TARGET_PLAYER,
    CantAttack,
    CardDef,
    CreateToken,
    Discard,
    Draw,
    DrawRevealMayCastFree,
    Effect,
    ExileTopMayPlay,
    F,
    GainLife,
    Goad,
    LoseLife,
    LoseLifeUnless,
    PumpUntil,
    PutCounters,
    RevealPutCreature,
    SacrificeEach,
    Scry,
    Search,
    T,
    TargetSpec,
    Trigger,
    Triggered,
    register_ability,
    target_creature,
)
from undercity.cards.oracle import parse_type_line
from undercity.cards.tokens import keyed_token

SKELETON = "Skeleton"  # 1/1 black (Muiral's Graveyard)
SKELETON_MENACE = "Skeleton (4/1 black, menace)"  # Catacombs
THE_ATROPAL = "The Atropal"

registry.token(SKELETON, "Token Creature — Skeleton", power=1, toughness=1, colors="B")
keyed_token(SKELETON_MENACE, "Skeleton", "Token Creature — Skeleton", power=4, toughness=1, colors="B",
            keywords=frozenset({"menace"}))
registry.token(THE_ATROPAL, "Legendary Token Creature — God Horror", power=4, toughness=4, colors="B",
               keywords=frozenset({"deathtouch"}))

# ----------------------------------------------------------------------------- room abilities

RoomSpec = tuple[tuple[Effect, ...], tuple[TargetSpec, ...]]

#: dungeon -> room -> (effects, targets). The Oracle text of each room comes from the data file.
ROOM_EFFECTS: dict[str, dict[str, RoomSpec]] = {
    "Undercity": {
        "Secret Entrance": ((Search(F("Land", basic=True), to="hand"),), ()),
        "Forge": ((PutCounters("+1/+1", 2, T(0)),), (target_creature(),)),
        "Lost Well": ((Scry(2),), ()),
        "Trap!": ((LoseLife(5, T(0)),), (TARGET_PLAYER,)),
        "Arena": ((Goad(T(0)),), (target_creature(),)),
        "Stash": ((CreateToken("Treasure"),), ()),
        "Archives": ((Draw(1),), ()),
        "Catacombs": ((CreateToken(SKELETON_MENACE),), ()),
        "Throne of the Dead Three": ((RevealPutCreature(10, CREATURE, (("+1/+1", 3),), frozenset({"hexproof"})),),
                                     ()),
    },
    "Lost Mine of Phandelver": {
        "Cave Entrance": ((Scry(1),), ()),
        "Goblin Lair": ((CreateToken("Goblin"),), ()),
        "Mine Tunnels": ((CreateToken("Treasure"),), ()),
        "Storeroom": ((PutCounters("+1/+1", 1, T(0)),), (target_creature(),)),
        "Dark Pool": ((LoseLife(1, EACH_OPPONENT), GainLife(1)), ()),
        "Fungi Cavern": ((PumpUntil(-4, 0, T(0)),), (target_creature(),)),
        "Temple of Dumathoin": ((Draw(1),), ()),
    },
    "Dungeon of the Mad Mage": {
        "Yawning Portal": ((GainLife(1),), ()),
        "Dungeon Level": ((Scry(1),), ()),
        "Goblin Bazaar": ((CreateToken("Treasure"),), ()),
        "Twisted Caverns": ((CantAttack(T(0)),), (target_creature(),)),
        "Lost Level": ((Scry(2),), ()),
        "Runestone Caverns": ((ExileTopMayPlay(2),), ()),
        "Muiral's Graveyard": ((CreateToken(SKELETON, 2),), ()),
        "Deep Mines": ((Scry(3),), ()),
        "Mad Wizard's Lair": ((DrawRevealMayCastFree(3),), ()),
    },
    "Tomb of Annihilation": {
        "Trapped Entry": ((LoseLife(1, EACH_PLAYER),), ()),
        "Veils of Fear": ((LoseLifeUnless(2, EACH_PLAYER, "discard"),), ()),
        "Sandfall Cell": ((LoseLifeUnless(2, EACH_PLAYER, "sacrifice", F("Creature", "Artifact", "Land")),), ()),
        "Oubliette": ((Discard(1), SacrificeEach((F("Creature"), F("Artifact"), F("Land")))), ()),
        "Cradle of the Death God": ((CreateToken(THE_ATROPAL),), ()),
    },
}

# ----------------------------------------------------------------------------- dungeon cards


class DungeonCard(CardDef):
    """The card of a dungeon (CR 309.1). Pickles by name through :func:`get_dungeon_card`."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (get_dungeon_card, (self.name,))


@dataclass(frozen=True, slots=True)
class Room:
    """One room (CR 309.4): its name (flavor, CR 309.4b), room ability and arrows."""

    name: str
    effect_text: str
    ability: Triggered
    leads_to: tuple[str, ...]


@dataclass(frozen=True, slots=True, eq=False)
class Dungeon:
    name: str
    card: DungeonCard
    rooms: dict[str, Room]
    topmost: str
    bottommost: str
    #: "You can't enter this dungeon unless you 'venture into Undercity'" (CR 701.49d).
    entry_quality: str | None = None

    def room(self, name: str) -> Room:
        return self.rooms[name]


DUNGEONS: dict[str, Dungeon] = {}


def _build() -> None:
    raw = json.loads(resources.files("undercity.data").joinpath("dungeons.json").read_text(encoding="utf-8"))
    for d in raw:
        name = d["name"]
        specs = ROOM_EFFECTS[name]
        if set(specs) != {r["name"] for r in d["rooms"]}:
            raise RuntimeError(f"room abilities for {name} don't match undercity/data/dungeons.json")
        rooms: dict[str, Room] = {}
        for r in d["rooms"]:
            effects, targets = specs[r["name"]]
            ab = register_ability(Triggered(f"{r['name']} — {r['effect']}", when=Trigger("room"),
                                            effects=effects, targets=targets))
            rooms[r["name"]] = Room(r["name"], r["effect"], ab, tuple(r["leads_to"]))  # type: ignore[arg-type]
        sup, types, sub = parse_type_line(d["type_line"])
        card = DungeonCard(name=name, mana_cost=None, types=frozenset(types), subtypes=frozenset(sub),
                           supertypes=frozenset(sup), colors=frozenset(), power=None, toughness=None,
                           oracle_text=d["oracle_text"], type_line=d["type_line"],
                           triggered=tuple(r.ability for r in rooms.values()))
        quality = "Undercity" if d.get("entry_restriction") else None
        DUNGEONS[name] = Dungeon(name, card, rooms, d["topmost_room"], d["bottommost_room"], quality)


_build()


def get_dungeon(name: str) -> Dungeon:
    return DUNGEONS[name]


def get_dungeon_card(name: str) -> DungeonCard:
    return DUNGEONS[name].card
