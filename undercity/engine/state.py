"""Game state: players, objects, zones, the stack (CR 400-408).

Plain containers of small slotted objects with integer ids, so that a game can be copied
cheaply for search (pickle round-trip; card definitions and abilities pickle by reference).

An object that changes zones becomes a new object with a new id (CR 400.7); ``card_uid``
follows the physical card across zones so that scenarios and the log can name it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from undercity.cards.model import Ability, CardDef, Filter

ZONES = ("library", "hand", "battlefield", "graveyard", "exile", "stack", "command")
PLAYER_ZONES = ("library", "hand", "graveyard", "exile", "command")

STEPS = (
    "untap", "upkeep", "draw", "precombat-main", "beginning-of-combat", "declare-attackers",
    "declare-blockers", "first-strike-damage", "combat-damage", "end-of-combat",
    "postcombat-main", "end", "cleanup",
)
#: Steps in which no player receives priority unless something triggers (CR 502.4, 514.3).
NO_PRIORITY_STEPS = frozenset({"untap", "cleanup"})
MAIN_STEPS = frozenset({"precombat-main", "postcombat-main"})


class Obj:
    """A card, token or copy in some zone (CR 109)."""

    __slots__ = (
        "id", "card_uid", "card", "owner", "controller", "zone", "tapped", "sick", "counters",
        "damage", "deathtouched", "token", "attached_to", "timestamp", "goaded_by",
        "is_copy", "x", "corpse_exile",
    )

    def __init__(self, oid: int, card_uid: int, card: CardDef, owner: int, zone: str) -> None:
        self.id = oid
        self.card_uid = card_uid
        self.card = card
        self.owner = owner
        self.controller = owner
        self.zone = zone
        self.tapped = False
        self.sick = False  # came under its controller's control since their last turn began
        self.counters: dict[str, int] = {}
        self.damage = 0
        self.deathtouched = False
        self.token = card.token
        self.attached_to: int | None = None
        self.timestamp = 0
        self.goaded_by: tuple[int, ...] = ()
        self.is_copy = False
        self.x: int | None = None
        # From the Catacombs: exile instead if it would leave the battlefield (CR 614.1a).
        self.corpse_exile = False

    @property
    def name(self) -> str:
        return self.card.name

    def __getstate__(self) -> tuple[Any, ...]:
        return _FIELDS[Obj](self)  # type: ignore[no-any-return]

    def __setstate__(self, st: tuple[Any, ...]) -> None:
        for s, v in zip(Obj.__slots__, st, strict=True):
            setattr(self, s, v)

    def __repr__(self) -> str:
        return f"<{self.card.name}#{self.id} {self.zone}>"


class Player:
    __slots__ = (
        "idx", "name", "life", "library", "hand", "graveyard", "exile", "command", "poison",
        "lost", "left", "lands_played", "pool", "dungeon", "room", "completed",
        "spells_cast_this_turn", "drew_from_empty", "team", "mulligans", "kept",
        "commander_damage", "commanders", "commander_casts",
    )

    def __init__(self, idx: int, name: str, life: int) -> None:
        self.idx = idx
        self.name = name
        self.life = life
        self.library: list[int] = []  # index 0 is the top
        self.hand: list[int] = []
        self.graveyard: list[int] = []  # last is the top
        self.exile: list[int] = []
        self.command: list[int] = []
        self.poison = 0
        self.lost = False
        self.left = False
        self.lands_played = 0
        self.pool: dict[str, int] = {}
        self.dungeon: str | None = None  # name of the dungeon card in the command zone
        self.room: str | None = None
        self.completed: list[str] = []  # CR 309.7: remembered for the rest of the game
        self.spells_cast_this_turn = 0
        self.drew_from_empty = False
        self.team: str | None = None
        self.mulligans = 0
        self.kept = False
        # Commander (CR 903), keyed by the commander's card_uid: combat damage dealt to this
        # player by each commander (903.10a); this player's commanders (903.3); how many times
        # this player has cast each from the command zone (903.8, commander tax).
        self.commander_damage: dict[int, int] = {}
        self.commanders: list[int] = []
        self.commander_casts: dict[int, int] = {}

    def zone(self, name: str) -> list[int]:
        return getattr(self, name)

    def __getstate__(self) -> tuple[Any, ...]:
        return _FIELDS[Player](self)  # type: ignore[no-any-return]

    def __setstate__(self, st: tuple[Any, ...]) -> None:
        for s, v in zip(Player.__slots__, st, strict=True):
            setattr(self, s, v)


class StackItem:
    """A spell or ability on the stack (CR 405, 113.7)."""

    __slots__ = (
        "id", "kind", "obj", "source", "source_name", "controller", "ability", "targets",
        "x", "modes", "divide", "trigger_data", "name", "is_copy", "text",
    )

    def __init__(self, sid: int, kind: str, obj: int | None, source: int | None,
                 source_name: str, controller: int, ability: Ability | None,
                 name: str, text: str = "") -> None:
        self.id = sid
        self.kind = kind  # "spell" | "activated" | "triggered"
        self.obj = obj
        self.source = source
        self.source_name = source_name
        self.controller = controller
        self.ability = ability
        self.targets: list[tuple[str, int]] = []  # ("p", player) or ("o", object id)
        self.x: int | None = None
        self.modes: tuple[int, ...] = ()
        self.divide: tuple[int, ...] = ()
        self.trigger_data: dict[str, Any] = {}
        self.name = name
        self.is_copy = False
        self.text = text

    def __getstate__(self) -> tuple[Any, ...]:
        return _FIELDS[StackItem](self)  # type: ignore[no-any-return]

    def __setstate__(self, st: tuple[Any, ...]) -> None:
        for s, v in zip(StackItem.__slots__, st, strict=True):
            setattr(self, s, v)


#: All slots of a class in one C-level call: pickling (Game.copy) is dominated by __getstate__.
_FIELDS: dict[type, Callable[[Any], tuple[Any, ...]]] = {
    c: attrgetter(*c.__slots__) for c in (Obj, Player, StackItem)}


@dataclass(slots=True)
class ContinuousEffect:
    """A continuous effect from a resolved spell or ability (CR 611).

    kind ``pump``: object ``obj`` gets +p/+t and ``keywords``; ``prevent_combat``: combat
    damage is prevented (optionally only to ``player`` and their creatures).
    ``until``: ``eot`` (CR 514.2) or ``your_next_turn`` (with ``player``), or
    ``source_tapped``: "for as long as [``source``] remains tapped" (CR 611.2b; ends when the
    source untaps or leaves the battlefield — :func:`undercity.engine.zones.end_while_tapped`).
    kind ``lose_abilities``: ``obj`` loses all abilities (layer 6, CR 613.1f).
    """

    kind: str
    obj: int | None = None
    p: int = 0
    t: int = 0
    keywords: frozenset[str] = frozenset()
    until: str = "eot"
    player: int | None = None
    timestamp: int = 0
    source: int | None = None


@dataclass(slots=True)
class FilteredEffect(ContinuousEffect):
    """A continuous effect that names a set of objects by ``filter`` ("can't be blocked by
    Walls"), or the subtypes an object has while it lasts (layer 4)."""

    filter: Filter | None = None
    subtypes: frozenset[str] | None = None


@dataclass(slots=True)
class PendingTrigger:
    """A triggered ability waiting to be put on the stack (CR 603.3)."""

    controller: int
    source: int | None
    source_name: str
    ability: Ability | None
    kind: str = "card"  # "card" | "initiative" | "room"
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Combat:
    """Who attacks whom and who blocks whom (CR 506-511)."""

    attackers: dict[int, tuple[str, int]] = field(default_factory=dict)  # obj -> ("p"|"o", id)
    blockers: dict[int, list[int]] = field(default_factory=dict)  # blocker -> attackers
    blocked_by: dict[int, list[int]] = field(default_factory=dict)  # attacker -> blockers
    blocked: set[int] = field(default_factory=set)
    defenders_done: list[int] = field(default_factory=list)
    first_strike_dealt: set[int] = field(default_factory=set)
    first_strike_step: bool = False


@dataclass(slots=True)
class Job:
    """A procedure in progress that may need choices (casting, resolving, combat, ...).

    Procedures ask every question before they change anything ("ask, then act"): when an
    answer is missing the job stops with a decision, and is re-run from ``pc`` with the
    answer recorded in ``answers``. Jobs are plain data, so games copy and save cleanly.
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    answers: dict[str, Any] = field(default_factory=dict)
    pc: int = 0


class State:
    """Everything about a game in progress."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.players: list[Player] = []
        self.objs: dict[int, Obj] = {}
        self.battlefield: list[int] = []
        self.stack: list[StackItem] = []  # last is the top
        self.next_id = 1
        self.next_uid = 1
        self.timestamp = 0
        self.turn = 0
        self.active = 0
        self.step = "untap"
        self.step_started = False
        self.priority = 0
        self.passes = 0
        self.effects: list[ContinuousEffect] = []
        self.pending_triggers: list[PendingTrigger] = []
        self.jobs: list[Job] = []
        self.combat: Combat | None = None
        self.initiative: int | None = None
        self.monarch: int | None = None  # CR 725.1: no monarch until an effect makes one
        #: Die results fixed in advance, used in order instead of the random generator
        #: (scenario ``game.dice``); None: dice are random (CR 706.1a).
        self.fixed_dice: list[int] | None = None
        self.over = False
        self.winners: tuple[int, ...] = ()
        self.first_player = 0
        self.variant = "two-player"
        self.lki: dict[int, dict[str, Any]] = {}  # last known information (CR 608.2h, 603.10)
        self.uid_names: dict[str, int] = {}  # scenario ids -> card_uid
        self.started = False
        self.turn_cap = 0
        self.extra: dict[str, Any] = {}
        self.spells_cast_turn_log: list[int] = []

    def new_id(self) -> int:
        i = self.next_id
        self.next_id += 1
        return i

    def next_timestamp(self) -> int:
        self.timestamp += 1
        return self.timestamp

    def living(self) -> list[int]:
        """Players still in the game, in turn order (CR 800.4)."""
        return [p.idx for p in self.players if not p.left]
