"""What one seat observes: fixed-shape integer arrays built from the game as that seat sees it.

Hidden information (CR 400.2: hands and libraries are hidden zones) is not re-derived here:
the objects a seat may see are exactly those :func:`undercity.ui.zones.visible_objects` lists
for the terminal seat (the battlefield, their own hand, graveyards, exile, command zones, the
stack), with a teammate's hand as CR 810.5 allows (the same rule the search agent's
determinization keeps, :func:`undercity.agents.mcts.determinize`); other seats' hands and
libraries appear only as counts, as on the board
(:mod:`undercity.ui.board`). The options of a decision are shown only to the player making
it: another seat's priority options would tell which cards in their hand can be cast.

Seats are relative to the observer: row 0 of ``players`` is the observer, row 1 the next
seat in turn order, and every controller, owner and player reference is given the same way,
so one policy can play any seat. Every array is ``int32``; absent rows are all zeros (their
``present`` column is 0) except pointer columns, which are -1 when they point nowhere.

The columns of each array are named in :data:`PLAYER_COLUMNS`, :data:`OBJECT_COLUMNS`,
:data:`STACK_COLUMNS`, :data:`OPTION_COLUMNS` and :data:`GLOBAL_COLUMNS` (docs/rl.md has the
table).
"""

from __future__ import annotations

import zlib
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from undercity.engine import characteristics as ch
from undercity.engine import costs
from undercity.engine.state import STEPS
from undercity.engine.teams import teammates
from undercity.ui.zones import visible_objects

if TYPE_CHECKING:
    from undercity.engine.decisions import Decision, Option
    from undercity.engine.game import Game
    from undercity.engine.state import Obj
    from undercity.rl.actions import Page

MAX_PLAYERS = 6
MAX_OBJECTS = 128
MAX_STACK = 16
#: The default number of actions (``Discrete(N)``); see :mod:`undercity.rl.actions` for paging.
MAX_OPTIONS = 32

PLAYER_COLUMNS = (
    "present", "in_game", "life", "poison", "hand", "library", "graveyard", "exile", "mana_available",
    "initiative", "monarch", "dungeon", "room", "dungeons_completed", "commander_damage", "teammate",
    "active", "deciding", "lands_played", "commander_casts",
)
OBJECT_COLUMNS = (
    "present", "card", "zone", "controller", "owner", "tapped", "summoning_sick", "plus_counters",
    "other_counters", "power", "toughness", "damage", "attacking", "blocking", "land", "creature",
    "mana_value", "token", "referenced",
)
STACK_COLUMNS = ("present", "kind", "card", "controller", "source_row", "targets", "x", "referenced")
OPTION_COLUMNS = (
    "present", "tag", "card", "object_row", "zone", "controller", "player", "number", "dungeon_or_room",
    "creature", "power", "toughness", "mana_value",
)
GLOBAL_COLUMNS = (
    "turn", "step", "active", "deciding", "kind", "options", "page", "pages", "stack", "you_decide",
    "started",
)

#: Zone codes of the ``zone`` columns, in the order objects are listed (rows past the cap are
#: dropped from the end: exile first, then graveyards).
ZONES = ("", "battlefield", "stack", "hand", "command", "graveyard", "exile", "library")
ZONE_CODE = {z: i for i, z in enumerate(ZONES)}
STACK_KINDS = ("", "spell", "activated", "triggered")

#: Decision kinds (``Decision.kind``); 0 is no decision, the last code any other kind.
KINDS = (
    "", "priority", "mulligan", "bottom", "target", "mode", "x", "divide", "attacker", "attack_target",
    "blocker", "block_target", "damage_assignment", "order_triggers", "discard", "search", "scry",
    "order_top", "surveil", "sacrifice", "legend_rule", "replacement", "dungeon", "room", "yes_no",
    "put_on_top", "cleanup_discard", "additional_cost", "cast_free", "cast_permission", "choose_card",
    "explore", "pay_unless", "tap_cost", "unless_cost", "untap", "untap_choice", "other",
)
KIND_CODE = {k: i for i, k in enumerate(KINDS)}
#: What an option's value says, beyond the objects and players it names (the ``tag`` column).
TAGS = (
    "", "pass", "play", "cast", "activate", "keep", "mulligan", "away", "done", "yes", "no", "none",
    "object", "player", "number", "name", "other", "more",
)
TAG_CODE = {t: i for i, t in enumerate(TAGS)}
#: Decisions whose integer option values are numbers (X, a mode, a trigger's place), not objects.
NUMBER_KINDS = frozenset({"x", "mode", "order_triggers", "divide"})

#: Card indices: 1 to the number of shipped Oracle cards, by name in sorted order, then
#: :data:`HASHED_CARDS` buckets for every other card (tokens, cards compiled from the corpus).
HASHED_CARDS = 1024
BOUND = 1_000_000

STEP_CODE = {s: i + 1 for i, s in enumerate(STEPS)}


@cache
def _oracle_index() -> dict[str, int]:
    from undercity.cards.oracle import load_oracle

    return {name: i + 1 for i, name in enumerate(sorted(load_oracle()))}


@cache
def card_index(name: str) -> int:
    """The stable index of a card name (the same in every game and every run)."""
    idx = _oracle_index().get(name)
    if idx is not None:
        return idx
    return len(_oracle_index()) + 1 + zlib.crc32(name.encode()) % HASHED_CARDS


def card_vocabulary() -> int:
    """One more than the largest card index."""
    return len(_oracle_index()) + 1 + HASHED_CARDS


@cache
def _dungeon_codes() -> dict[str, int]:
    """Dungeon names, then room names (of every dungeon), as small stable codes."""
    from undercity.cards.dungeons import DUNGEONS

    codes: dict[str, int] = {}
    for name in sorted(DUNGEONS):
        codes.setdefault(name, len(codes) + 1)
    for name in sorted(DUNGEONS):
        for room in DUNGEONS[name].rooms:
            codes.setdefault(room, len(codes) + 1)
    return codes


@cache
def space_shapes(max_options: int) -> dict[str, tuple[int, ...]]:
    """The shape of each array of an observation (``action_mask`` has ``max_options`` entries)."""
    return {
        "global": (len(GLOBAL_COLUMNS),),
        "players": (MAX_PLAYERS, len(PLAYER_COLUMNS)),
        "objects": (MAX_OBJECTS, len(OBJECT_COLUMNS)),
        "stack": (MAX_STACK, len(STACK_COLUMNS)),
        "options": (max_options, len(OPTION_COLUMNS)),
        "action_mask": (max_options,),
    }


def _rel(seat: int, observer: int, n: int) -> int:
    return (seat - observer) % n


def _refs(game: Game, kind: str, value: Any) -> tuple[str, int | None, int | None, int | None, int]:
    """What an option's value names: (tag, object id, player, number, dungeon-or-room code)."""
    if value is None:
        return "none", None, None, None, 0
    if isinstance(value, bool):
        return ("yes" if value else "no"), None, None, None, 0
    if isinstance(value, str):
        if value in ("keep", "mulligan"):
            return value, None, None, None, 0
        code = _dungeon_codes().get(value, 0)
        return "name", None, None, None, code
    if isinstance(value, int):
        if kind not in NUMBER_KINDS and value in game.s.objs:
            return "object", value, None, None, 0
        return "number", None, None, value, 0
    if isinstance(value, (tuple, list)):
        tag = "other"
        obj = player = number = None
        parts = list(value)
        if parts and isinstance(parts[0], str):
            head = parts.pop(0)
            if head == "p" and parts and isinstance(parts[0], int):
                return "player", None, parts[0], None, 0
            if head == "o" and parts and isinstance(parts[0], int):
                return "object", parts[0], None, None, 0
            tag = head if head in TAG_CODE else "other"
        for part in parts:  # damage assignments and the like: the first thing named, the first number
            if isinstance(part, (tuple, list)):
                _, o2, p2, n2, _ = _refs(game, kind, part)
                obj = obj if obj is not None else o2
                player = player if player is not None else p2
                number = number if number is not None else n2
            elif isinstance(part, int) and not isinstance(part, bool):
                if obj is None and kind not in NUMBER_KINDS and part in game.s.objs:
                    obj = part
                elif number is None:
                    number = part
        return tag, obj, player, number, 0
    return "other", None, None, None, 0


def option_rows(game: Game, observer: int, decision: Decision, options: list[Option],
                rows_of: dict[int, int]) -> tuple[list[list[int]], set[int]]:
    """One row of features per option (the decider's own options only) and the objects named.

    An option may name a card the decider is looking at in a hidden zone (a card found by a
    search, the top of their library when scrying): the decider sees it, so its card index is
    given; its ``object_row`` is -1, as it has no row among the visible objects."""
    n = len(game.s.players)
    out = []
    named: set[int] = set()
    for opt in options:
        tag, oid, player, number, code = _refs(game, decision.kind, opt.value)
        row = [1, TAG_CODE[tag], 0, -1, 0, -1, -1 if player is None else _rel(player, observer, n),
               0 if number is None else max(-BOUND, min(BOUND, number)), code, 0, 0, 0, 0]
        o = game.s.objs.get(oid) if oid is not None else None
        if o is not None:
            named.add(o.id)
            creature = ch.is_creature(o)
            row[2:6] = [card_index(o.card.name), rows_of.get(o.id, -1), ZONE_CODE.get(o.zone, 0),
                        _rel(o.controller, observer, n)]
            row[9:13] = [int(creature), ch.power(game, o) if creature else 0,
                         ch.toughness(game, o) if creature else 0, o.card.mana_value]
        out.append(row)
    return out, named


_STATIC: dict[str, tuple[int, int, int, int, int, int]] = {}


def _static(card: Any) -> tuple[int, int, int, int, int, int]:
    """A card's printed features: (index, land, creature, mana value, power, toughness)."""
    st = _STATIC.get(card.name)
    if st is None:
        st = _STATIC[card.name] = (card_index(card.name), int("Land" in card.types), int("Creature" in card.types),
                                   card.mana_value, card.power or 0, card.toughness or 0)
    return st


#: Rows of objects off the battlefield, which don't change (an object that moves is a new
#: object, CR 400.7): id -> (object, zone, row with absolute seats). Bounded (cleared when full).
_OFF_BATTLEFIELD: dict[int, tuple[Obj, str, list[int]]] = {}
_OFF_BATTLEFIELD_MAX = 50_000


def _object_row(game: Game, o: Obj, combat: Any) -> list[int]:
    """An object's row, with its controller and owner as absolute seats."""
    zone = o.zone
    if zone != "battlefield":
        c = _OFF_BATTLEFIELD.get(o.id)
        if c is not None and c[0] is o and c[1] == zone and c[2][3] == o.controller:
            return c[2]
        idx, land, creature, mv, power, toughness = _static(o.card)
        row = [1, idx, ZONE_CODE.get(zone, 0), o.controller, o.owner,
               0, 0, 0, 0, power, toughness, 0, 0, 0, land, creature, mv, int(o.token), 0]
        if len(_OFF_BATTLEFIELD) >= _OFF_BATTLEFIELD_MAX:
            _OFF_BATTLEFIELD.clear()
        _OFF_BATTLEFIELD[o.id] = (o, zone, row)
        return row
    idx, land, creature, mv, power, toughness = _static(o.card)
    creature = int(ch.is_creature(o))
    if creature:
        power, toughness = ch.power(game, o), ch.toughness(game, o)
    plus = other = 0
    if o.counters:
        plus = o.counters.get("+1/+1", 0)
        other = sum(o.counters.values()) - plus
    attacking = blocking = 0
    if combat is not None:
        attacking, blocking = int(o.id in combat.attackers), int(o.id in combat.blockers)
    return [1, idx, 1, o.controller, o.owner, int(o.tapped), int(o.sick),
            plus, other, power, toughness, o.damage, attacking, blocking, land, creature, mv, int(o.token), 0]


_MANA: list[Any] = [None, None, ()]


def _mana_available(game: Game) -> tuple[int, ...]:
    """Each player's mana abilities they could activate now (costs.mana_sources) plus the
    mana in their pool; computed once per position: the same state, and no answer given and
    no event since (every change to a game happens in answering a decision)."""
    s = game.s
    key = (len(game.choices), len(game.events))
    if _MANA[0] is s and _MANA[1] == key:
        return _MANA[2]  # type: ignore[no-any-return]
    out = []
    for p in s.players:
        if p.lost or p.left:
            out.append(0)
        else:
            out.append(len(costs.mana_sources(game, p.idx)) + sum(v for v in p.pool.values() if v > 0))
    _MANA[:] = [s, key, tuple(out)]
    return _MANA[2]  # type: ignore[no-any-return]


def _player_row(game: Game, seat: int, observer: int, deciding: int | None, mana_of: tuple[int, ...]) -> list[int]:
    s = game.s
    p = s.players[seat]
    me = s.players[observer]
    out = p.lost or p.left
    mana = mana_of[seat]
    codes = _dungeon_codes()
    return [1, int(not out), p.life, p.poison, len(p.hand), len(p.library), len(p.graveyard), len(p.exile),
            mana, int(s.initiative == seat), int(s.monarch == seat), codes.get(p.dungeon or "", 0),
            codes.get(p.room or "", 0), len(p.completed), max(p.commander_damage.values(), default=0),
            int(seat == observer or (p.team is not None and p.team == me.team)), int(s.active == seat),
            int(deciding == seat), p.lands_played, sum(p.commander_casts.values())]


def observe(game: Game, observer: int, page: Page | None, max_options: int) -> dict[str, np.ndarray]:
    """The observation of seat ``observer``. ``page`` is the actions on offer (the page of
    the pending decision's options, see :mod:`undercity.rl.actions`) when ``observer`` makes
    the pending decision, else None: nobody sees another player's options."""
    s = game.s
    options = page.options if page is not None else None
    n = len(s.players)
    d = game.pending
    deciding = d.player if d is not None and not s.over else None
    combat = s.combat

    # CR 810.5 (and 808.5, 809.7): teammates may review each other's hands.
    mates = [oid for mate in teammates(game, observer) if mate != observer for oid in s.players[mate].hand]
    by_zone: dict[str, list[Obj]] = {z: [] for z in ZONES[1:]}
    seen: set[int] = set()
    objects = s.objs
    for oid in visible_objects(game, observer) + mates:
        if oid not in seen:
            seen.add(oid)
            o = objects.get(oid)
            if o is not None:
                by_zone.setdefault(o.zone, []).append(o)
    objs = [o for lst in by_zone.values() for o in lst][:MAX_OBJECTS]
    rows_of = {o.id: k for k, o in enumerate(objs)}
    obj_rows = [_object_row(game, o, combat) for o in objs]

    opt_rows: list[list[int]] = []
    referenced: list[int] = []
    if options is not None and d is not None:
        opt_rows, named = option_rows(game, observer, d, options, rows_of)
        if page is not None and page.more:
            opt_rows.append([1, TAG_CODE["more"], 0, -1, 0, -1, -1, 0, 0, 0, 0, 0, 0])
        referenced = [k for k in (rows_of.get(oid) for oid in named) if k is not None]

    stack_rows = []
    for item in reversed(s.stack[-MAX_STACK:]):  # top of the stack first
        src = item.obj if item.obj is not None else item.source
        o = s.objs.get(src) if src is not None else None
        stack_rows.append([1, STACK_KINDS.index(item.kind) if item.kind in STACK_KINDS else 0,
                           card_index(o.card.name if o is not None else item.source_name),
                           _rel(item.controller, observer, n), rows_of.get(src, -1) if src is not None else -1,
                           len(item.targets), item.x or 0, 0])

    mana = _mana_available(game)
    players = [_player_row(game, (observer + k) % n, observer, deciding, mana) for k in range(n)]
    kind = KIND_CODE.get(d.kind, len(KINDS) - 1) if deciding is not None else 0
    glob = [s.turn, STEP_CODE.get(s.step, 0), _rel(s.active, observer, n),
            -1 if deciding is None else _rel(deciding, observer, n), kind,
            len(opt_rows), page.page if page is not None else 0, page.pages if page is not None else 0,
            len(s.stack),
            int(options is not None), int(s.started)]

    arrays, buf = _buffers(max_options)
    arrays["global"][:] = glob
    if players:
        arrays["players"][:len(players)] = players
    if obj_rows:
        objs_arr = arrays["objects"][:len(obj_rows)]
        objs_arr[...] = obj_rows
        objs_arr[:, _SEAT_COLUMNS] = (objs_arr[:, _SEAT_COLUMNS] - observer) % n  # relative seats
        if referenced:
            objs_arr[referenced, _REFERENCED] = 1
    if stack_rows:
        arrays["stack"][:len(stack_rows)] = stack_rows
    arrays["stack"][len(stack_rows):, _SOURCE_ROW] = -1  # absent rows point nowhere
    if opt_rows:
        arrays["options"][:len(opt_rows)] = opt_rows
    arrays["options"][len(opt_rows):, _OBJECT_ROW] = -1
    np.minimum(buf, BOUND, out=buf)
    np.maximum(buf, -BOUND, out=buf)
    arrays["action_mask"] = _mask(len(opt_rows), max_options)
    return arrays


_SEAT_COLUMNS = [OBJECT_COLUMNS.index("controller"), OBJECT_COLUMNS.index("owner")]
_REFERENCED = OBJECT_COLUMNS.index("referenced")
_SOURCE_ROW = STACK_COLUMNS.index("source_row")
_OBJECT_ROW = OPTION_COLUMNS.index("object_row")


@cache
def _layout(max_options: int) -> tuple[tuple[tuple[str, int, int, tuple[int, ...]], ...], int]:
    """Where each int32 array of an observation lies in one buffer: (key, start, end, shape)."""
    out = []
    start = 0
    for key, shape in space_shapes(max_options).items():
        if key == "action_mask":
            continue
        size = int(np.prod(shape))
        out.append((key, start, start + size, shape))
        start += size
    return tuple(out), start


def _buffers(max_options: int) -> tuple[dict[str, np.ndarray], np.ndarray]:
    """Fresh zeroed arrays for one observation, views of one buffer (one allocation, and one
    clipping to the space's bounds for all of them)."""
    layout, size = _layout(max_options)
    buf = np.zeros(size, dtype=np.int32)
    return {key: buf[a:b].reshape(shape) for key, a, b, shape in layout}, buf


def _mask(n: int, max_options: int) -> np.ndarray:
    m = np.zeros(max_options, dtype=np.int8)
    m[:n] = 1
    return m
