"""Game state: players, objects, zones, the stack (CR 400-408).

Plain containers of small slotted objects with integer ids, so that a game can be copied
cheaply for search (structurally, :func:`copy_state`: immutable values, card definitions and
abilities shared, containers copied; see "copying" at the end).

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
        "is_copy", "x", "corpse_exile", "attached_player",
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
        # "If it would leave the battlefield, exile it instead": True for From the Catacombs'
        # (CR 614.1a), the ability's name for unearth's ("unearth", 702.84a).
        self.corpse_exile: bool | str = False
        # The player this Aura enchants ("Enchant player", CR 303.4b): an Aura is attached to an
        # object (``attached_to``) or to a player, never both.
        self.attached_player: int | None = None

    @property
    def name(self) -> str:
        return self.card.name

    def __getstate__(self) -> tuple[Any, ...]:
        return _FIELDS[Obj](self)  # type: ignore[no-any-return]

    def __setstate__(self, st: tuple[Any, ...]) -> None:
        _SETTERS[Obj](self, st)

    def __repr__(self) -> str:
        return f"<{self.card.name}#{self.id} {self.zone}>"


class Player:
    __slots__ = (
        "idx", "name", "life", "library", "hand", "graveyard", "exile", "command", "poison",
        "lost", "left", "lands_played", "pool", "dungeon", "room", "completed",
        "spells_cast_this_turn", "cards_drawn_this_turn", "drew_from_empty", "team", "mulligans", "kept",
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
        #: "Whenever you draw your second card each turn" (CR 121.2, 603.2).
        self.cards_drawn_this_turn = 0
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
        _SETTERS[Player](self, st)


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
        _SETTERS[StackItem](self, st)


#: All slots of a class in one C-level call: pickling (Game.copy) is dominated by __getstate__.
_FIELDS: dict[type, Callable[[Any], tuple[Any, ...]]] = {
    c: attrgetter(*c.__slots__) for c in (Obj, Player, StackItem)}


def _setter(t: type) -> Callable[[Any, tuple[Any, ...]], None]:
    """``o.a, o.b, … = values`` for the slots of ``t`` (generated code: loading a snapshot sets
    every field of hundreds of objects, and one unpacking is several times a loop of setattr;
    a tuple of the wrong length raises, as zip(strict=True) did)."""
    targets = ", ".join(f"o.{n}" for n in t.__slots__)  # type: ignore[attr-defined]
    scope: dict[str, Any] = {}
    exec(f"def set_{t.__name__}(o, st):\n    ({targets},) = st", scope)
    return scope[f"set_{t.__name__}"]  # type: ignore[no-any-return]


_SETTERS = {c: _setter(c) for c in (Obj, Player, StackItem)}


@dataclass(slots=True)
class ContinuousEffect:
    """A continuous effect from a resolved spell or ability (CR 611).

    kind ``pump``: object ``obj`` gets +p/+t and ``keywords``; ``prevent_combat``: combat
    damage is prevented (optionally only to ``player`` and their creatures).
    ``until``: ``eot`` (CR 514.2) or ``your_next_turn`` (with ``player``), or
    ``source_tapped``: "for as long as [``source``] remains tapped" (CR 611.2b; ends when the
    source untaps or leaves the battlefield — :func:`undercity.engine.zones.end_while_tapped`).
    kind ``lose_abilities``: ``obj`` loses all abilities (layer 6, CR 613.1f).
    ``until`` :data:`DURING_NEXT_TURN`: not yet begun — it applies during ``player``'s next turn
    (CR 611.2a), becoming an "until end of turn" effect as that turn begins.
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


#: ``ContinuousEffect.until`` of an effect "during [player]'s next turn" that hasn't begun
#: (CR 611.2a): ``turn.expire_until_next_turn`` begins it as that player's turn begins.
DURING_NEXT_TURN = "during_next_turn"


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
    #: Attackers a requirement to attack applied to as they were declared (CR 508.1d): "if that
    #: creature had to attack this combat".
    required: set[int] = field(default_factory=set)
    #: Player -> the players they attacked with a creature declared as an attacker this combat
    #: (melee, CR 702.121a).
    attacked_players: dict[int, set[int]] = field(default_factory=dict)
    #: Creature -> players it can't attack this combat, nor their planeswalkers (CR 508.1c).
    cant_attack: dict[int, set[int]] = field(default_factory=dict)
    #: Creature -> the player it attacks this combat if able (CR 508.1d).
    attacks_if_able: dict[int, int] = field(default_factory=dict)


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
        #: Each spell cast this turn, in order: its caster and its card types and subtypes
        #: (CR 601.2i) — "the first artifact spell you cast each turn" (CR 601.2f).
        self.spells_cast_turn_log: list[tuple[int, frozenset[str]]] = []

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


# ---------------------------------------------------------------------------- copying
# Game.copy (search AIs copy the game dozens of times per decision, issue 14) copies the state
# structurally instead of through pickle: immutable values (ints, strings, tuples of them, card
# definitions and abilities, frozen dataclasses) are shared, and the mutable containers are
# copied as deep as they hold mutable values. How each field of the state classes is copied is
# written down below, by field name; a field not written down is copied by :func:`copy_value`
# (always right, only slower), and ``tests/unit/test_state_copy.py`` fails until it is written
# down, so that a new field can't be copied wrongly by accident.

#: Values copied by sharing them: immutable.
_ATOMS: frozenset[type] = frozenset({int, str, bool, float, type(None), bytes, range, complex})

#: How a field is copied: shared (an immutable value), ``copy`` (``.copy()``: a list, dict or set
#: of immutable values), or ``deep`` (:func:`copy_value`: anything).
SHARE, SHALLOW, DEEP = "share", "copy", "deep"

COPY_PLAN: dict[type, dict[str, str]] = {
    Obj: {
        "id": SHARE, "card_uid": SHARE, "card": SHARE, "owner": SHARE, "controller": SHARE, "zone": SHARE,
        "tapped": SHARE, "sick": SHARE, "counters": SHALLOW, "damage": SHARE, "deathtouched": SHARE,
        "token": SHARE, "attached_to": SHARE, "timestamp": SHARE, "goaded_by": SHARE, "is_copy": SHARE,
        "x": SHARE, "corpse_exile": SHARE, "attached_player": SHARE,
    },
    Player: {
        "idx": SHARE, "name": SHARE, "life": SHARE, "library": SHALLOW, "hand": SHALLOW,
        "graveyard": SHALLOW, "exile": SHALLOW, "command": SHALLOW, "poison": SHARE, "lost": SHARE,
        "left": SHARE, "lands_played": SHARE, "pool": SHALLOW, "dungeon": SHARE, "room": SHARE,
        "completed": SHALLOW, "spells_cast_this_turn": SHARE, "cards_drawn_this_turn": SHARE,
        "drew_from_empty": SHARE, "team": SHARE,
        "mulligans": SHARE, "kept": SHARE, "commander_damage": SHALLOW, "commanders": SHALLOW,
        "commander_casts": SHALLOW,
    },
    StackItem: {
        "id": SHARE, "kind": SHARE, "obj": SHARE, "source": SHARE, "source_name": SHARE,
        "controller": SHARE, "ability": SHARE, "targets": SHALLOW, "x": SHARE, "modes": SHARE,
        "divide": SHARE, "trigger_data": DEEP, "name": SHARE, "is_copy": SHARE, "text": SHARE,
    },
}

#: How each attribute of :class:`State` is copied (``rng``: its generator state).
STATE_COPY_PLAN: dict[str, str] = {
    "rng": "rng", "seed": SHARE, "players": "players", "objs": "objs", "battlefield": SHALLOW,
    "stack": "stack", "next_id": SHARE, "next_uid": SHARE, "timestamp": SHARE, "turn": SHARE,
    "active": SHARE, "step": SHARE, "step_started": SHARE, "priority": SHARE, "passes": SHARE,
    "effects": DEEP, "pending_triggers": DEEP, "jobs": DEEP, "combat": DEEP, "initiative": SHARE,
    "monarch": SHARE, "fixed_dice": DEEP, "over": SHARE, "winners": SHARE, "first_player": SHARE,
    "variant": SHARE, "lki": DEEP, "uid_names": SHALLOW, "started": SHARE, "turn_cap": SHARE,
    "extra": DEEP, "spells_cast_turn_log": SHALLOW,
}

_Copier = Callable[[Any], Any]
_COPIERS: dict[type, _Copier] = {}
#: Types :func:`copy_value` met that it knows no structural copy for (copied by pickle); the
#: tests check this stays empty over many games.
UNKNOWN_TYPES: set[type] = set()


def copy_value(v: Any) -> Any:
    """An independent copy of a value of the game state: immutable parts shared, containers and
    mutable objects copied (as ``pickle`` would, except that shared references are not kept)."""
    t = type(v)
    if t in _ATOMS:
        return v
    f = _COPIERS.get(t)
    if f is None:
        f = _COPIERS[t] = _copier_for(t)
    return f(v)


def _copy_dict(v: dict[Any, Any]) -> dict[Any, Any]:
    return {k: x if type(x) in _ATOMS else copy_value(x) for k, x in v.items()}


def _copy_list(v: list[Any]) -> list[Any]:
    return [x if type(x) in _ATOMS else copy_value(x) for x in v]


def _copy_tuple(v: tuple[Any, ...]) -> tuple[Any, ...]:
    for x in v:
        if type(x) not in _ATOMS:
            break
    else:
        return v
    c = tuple(map(copy_value, v))
    return v if all(a is b for a, b in zip(c, v, strict=True)) else c


def _copy_set(v: set[Any]) -> set[Any]:
    return {x if type(x) in _ATOMS else copy_value(x) for x in v}


def _copy_frozenset(v: frozenset[Any]) -> frozenset[Any]:
    for x in v:
        if type(x) not in _ATOMS:
            return frozenset(map(copy_value, v))
    return v


def _copy_rng(r: random.Random) -> random.Random:
    n = random.Random()
    n.setstate(r.getstate())
    return n


def _share(v: Any) -> Any:
    return v


def _copier_for(t: type) -> _Copier:
    import dataclasses
    import enum
    import pickle

    if t is dict:
        return _copy_dict
    if t is list:
        return _copy_list
    if t is tuple:
        return _copy_tuple
    if t is set:
        return _copy_set
    if t is frozenset:
        return _copy_frozenset
    if t in COPY_PLAN:
        return _slots_copier(t, COPY_PLAN[t])
    if issubclass(t, random.Random):
        return _copy_rng
    if issubclass(t, enum.Enum) or isinstance(t, type) and issubclass(t, type):
        return _share
    # Card definitions, abilities, tokens, dungeons: pickled by reference to their registry,
    # so never changed by a game; shared. (Only the engine's own classes: a defaultdict or a
    # deque has a __reduce__ too, and is mutable.)
    if t.__module__.startswith("undercity.") and t.__reduce__ is not object.__reduce__:
        return _share
    if dataclasses.is_dataclass(t):
        params = getattr(t, "__dataclass_params__", None)
        if params is not None and params.frozen:
            return _share
        return _dataclass_copier(t)
    if issubclass(t, tuple):  # a NamedTuple
        return lambda v: t(*map(copy_value, v)) if any(type(x) not in _ATOMS for x in v) else v
    UNKNOWN_TYPES.add(t)
    return lambda v: pickle.loads(pickle.dumps(v, protocol=5))


def _slots_copier(t: type, plan: dict[str, str]) -> _Copier:
    """A function copying an instance of the slotted class ``t`` field by field (generated code:
    one attribute read and write per slot, the fastest copy of a slotted object in Python)."""
    lines = [f"def copy_{t.__name__}(o):", "    n = _new(_cls)"]
    for f in t.__slots__:  # type: ignore[attr-defined]
        how = plan.get(f, DEEP)
        expr = {SHARE: f"o.{f}", SHALLOW: f"o.{f}.copy()"}.get(how, f"_cv(o.{f})")
        lines.append(f"    n.{f} = {expr}")
    lines.append("    return n")
    ns: dict[str, Any] = {"_new": object.__new__, "_cls": t, "_cv": copy_value}
    exec("\n".join(lines), ns)  # noqa: S102 - code generated from the class's own slot names
    return ns[f"copy_{t.__name__}"]  # type: ignore[no-any-return]


def _dataclass_copier(t: type) -> _Copier:
    import dataclasses

    names = tuple(f.name for f in dataclasses.fields(t))
    new = object.__new__
    has_dict = not hasattr(t, "__slots__") or "__dict__" in dir(t)

    def copy_dc(v: Any) -> Any:
        n = new(t)
        for name in names:
            object.__setattr__(n, name, copy_value(getattr(v, name)))
        if has_dict and hasattr(v, "__dict__"):  # attributes beyond the fields
            for k, x in vars(v).items():
                if k not in names:
                    object.__setattr__(n, k, copy_value(x))
        return n

    return copy_dc


def _state_field_copier(how: str) -> _Copier | None:
    if how == SHARE:
        return None
    if how == SHALLOW:
        return lambda v: v.copy()
    if how == "rng":
        return _copy_rng
    if how == "players":
        cp = copy_value
        return lambda v: [cp(p) for p in v]
    if how == "objs":
        cp_obj = _COPIERS.setdefault(Obj, _slots_copier(Obj, COPY_PLAN[Obj]))
        return lambda v: {k: cp_obj(o) for k, o in v.items()}
    if how == "stack":
        return lambda v: [copy_value(x) for x in v]
    return copy_value


_STATE_COPIERS: dict[str, _Copier | None] = {}


def copy_state(s: State) -> State:
    """An independent copy of ``s`` (:data:`STATE_COPY_PLAN` says how each attribute is copied)."""
    n = State.__new__(State)
    nd = n.__dict__
    copiers = _STATE_COPIERS
    for k, v in s.__dict__.items():
        try:
            f = copiers[k]
        except KeyError:
            f = copiers[k] = _state_field_copier(STATE_COPY_PLAN.get(k, DEEP))
        nd[k] = v if f is None else f(v)
    return n
