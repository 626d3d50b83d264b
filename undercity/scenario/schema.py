"""Read and validate scenario files, format 1.

This module implements the scenario-file contract of ``scenario-format.md`` (the
user-facing description is ``docs/scenarios.md``): the keys ``format``, ``name``,
``cites``, ``game``, ``players``, ``actions`` and a top-level ``expect``; the
"Name*N" repeat syntax of card lists; the action kinds ``cast``, ``activate``,
``play``, ``pass``, ``resolve``, ``advance``, ``attack``, ``block``, ``choose``,
``concede`` and ``expect``; the expectation keys ``life``, ``initiative``,
``dungeon``, ``completed``, ``zones``, ``stack``, ``counters``, ``lost`` and
``log``; and the step names of a turn. The project's additions are documented in
``docs/scenarios.md`` (``decision``, ``monarch``, ``characteristics``, ``attached_to``,
``controller``, ``owner``, ``damage``, ``commander_damage``; the setup keys ``owner``,
``goaded_by``, ``damage``, ``pumped``, ``commander``, ``exiled_by``, ``face_down``, ``commander_damage``).

It only parses and validates: the result is a tree of typed, frozen dataclasses
(:class:`Scenario` at the root) that the runner turns into a game. Card names are
not looked up here; the runner does that against the card pool.

Every problem in the input raises :class:`undercity.errors.ScenarioError` naming
the file, the line and the key (a path such as ``players[2].battlefield[1].id``,
items counted from 1) and what was expected. Bad input never produces a traceback.

>>> s = parse_scenario('''
... format: 1
... name: bears
... players:
...   - {name: Alice, battlefield: [Grizzly Bears*2]}
...   - {name: Bob}
... actions: [pass]
... ''')
>>> [c.card for c in s.players[0].battlefield], s.game.active, s.actions[0].kind
(['Grizzly Bears', 'Grizzly Bears'], 'Alice', 'pass')
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import yaml
from yaml.constructor import SafeConstructor
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from undercity.engine.variants import VARIANTS as VARIANT_RULES
from undercity.errors import ScenarioError

__all__ = [
    "ACTION_KINDS",
    "ACTION_OPTIONS",
    "EXPECT_KEYS",
    "FORMAT",
    "LIMITS",
    "STEPS",
    "VARIANTS",
    "ZONES",
    "Action",
    "CardMatch",
    "CardSpec",
    "DungeonPos",
    "Expect",
    "GameSetup",
    "PlayerSetup",
    "Pump",
    "Scenario",
    "ZoneExpect",
    "load_scenario",
    "parse_scenario",
]

#: The only scenario format this module reads.
FORMAT = 1

#: The steps of a turn, in order (the names of ``game.step`` and ``advance``).
STEPS: tuple[str, ...] = (
    "untap",
    "upkeep",
    "draw",
    "precombat-main",
    "beginning-of-combat",
    "declare-attackers",
    "declare-blockers",
    "first-strike-damage",
    "combat-damage",
    "end-of-combat",
    "postcombat-main",
    "end",
    "cleanup",
)

#: The values of ``game.variant``.
VARIANTS: tuple[str, ...] = ("two-player", "free-for-all", "commander", "two-headed-giant")

#: A player's zones, as named in the setup and in ``Player.zone`` expectations.
ZONES: tuple[str, ...] = ("library", "hand", "battlefield", "graveyard", "exile", "command")

#: Zones an action's ``from`` may name.
FROM_ZONES: tuple[str, ...] = ("hand", "graveyard", "exile", "command", "library", "battlefield")

#: The kinds of action, in the order of the format's table.
ACTION_KINDS: tuple[str, ...] = (
    "cast", "activate", "play", "pass", "resolve", "advance",
    "attack", "block", "choose", "concede", "expect",
)

#: For each action kind, the sibling keys it accepts.
ACTION_OPTIONS: dict[str, tuple[str, ...]] = {
    "cast": ("by", "from", "targets", "x", "modes", "cost", "adventure", "half", "pay", "pause", "kicked",
             "replicated"),
    "activate": ("by", "from", "ability", "targets", "x", "modes", "pay", "pause"),
    "play": ("by", "from"),
    "pass": ("by",),
    "resolve": (),
    "advance": (),
    "attack": ("by", "attack_cost"),
    "block": ("by",),
    "choose": ("by",),
    "concede": (),
    "expect": (),
}

#: The keys of an ``expect`` mapping.
EXPECT_KEYS: tuple[str, ...] = (
    "life", "initiative", "dungeon", "completed", "zones", "stack", "counters", "lost", "log", "decision",
    "monarch", "characteristics", "attached_to", "controller", "owner", "commander_damage", "damage",
)

#: The fields of a ``characteristics`` expectation (CR 613: the values after continuous effects).
CHARACTERISTIC_KEYS: tuple[str, ...] = (
    "name", "power", "toughness", "types", "subtypes", "supertypes", "colors", "abilities", "mana_value",
)

#: Color words of ``colors`` and the letters the engine uses (CR 105.1, 105.2).
COLOR_LETTERS: dict[str, str] = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}

#: The keys of a ``decision`` expectation (the decision pending now).
DECISION_KEYS: tuple[str, ...] = ("player", "kind", "options", "contains", "excludes")

TOP_KEYS: tuple[str, ...] = ("format", "name", "cites", "ruling", "xfail", "game", "players", "actions",
                              "expect")
GAME_KEYS: tuple[str, ...] = ("variant", "seed", "turn", "active", "step", "initiative", "monarch", "dice")
PLAYER_KEYS: tuple[str, ...] = ("name", "life", "team", *ZONES, "dungeon", "completed", "commander_damage")
CARD_KEYS: tuple[str, ...] = (
    "card", "id", "tapped", "sick", "counters", "attached_to", "attached", "token", "controller",
    "owner", "goaded_by", "damage", "pumped", "commander", "exiled_by", "face_down",
)
#: Card keys that only a permanent can have, and the one only a card in exile can have.
_BATTLEFIELD_ONLY: tuple[str, ...] = ("tapped", "sick", "attached_to", "attached", "controller", "owner",
                                      "goaded_by", "damage", "pumped", "commander", "face_down")
_EXILE_ONLY: tuple[str, ...] = ("exiled_by",)
PUMP_KEYS: tuple[str, ...] = ("power", "toughness", "keywords")
MATCH_KEYS: tuple[str, ...] = ("card", "counters", "tapped", "controller", "token")
ZONE_EXPECT_KEYS: tuple[str, ...] = ("contains", "excludes", "count")

_ALL_OPTIONS = frozenset(o for opts in ACTION_OPTIONS.values() for o in opts)

# Bounds on what a file may ask for, so that a hostile or mistaken file is refused at once
# instead of taking unbounded time or memory. Each is far above what a scenario needs (the
# largest in the test suites is 3 KB, nested 6 deep, with lists of 15 items and 22 cards).
_MAX_BYTES = 256 * 1024
_MAX_DEPTH = 50
_MAX_ITEMS = 10_000  # in one list or mapping
_MAX_ALIASED = 10_000  # values that aliases add, counted as if each alias were written out
_MAX_REPEAT = 10_000  # N of "Name*N"
_MAX_CARDS = 10_000  # in the setup, all players' zones together
_MAX_MATCHES = 100_000  # in the card lists of all expectations together
_MAX_NUMBER_CHARS = 40  # as written; Python refuses to read integers of over 4,300 digits
_MAX_TEXT = 1_000  # characters of a name, id, phrase or choice (the longest card name has 141)
_MAX_PROSE = 10_000  # characters of `name`, `ruling` and `xfail`
_MAX_LIFE = 1_000_000_000  # either sign: a life total can be below 0 (CR 107.1b, 104.3b)
_MAX_TURN = 1_000_000
_MAX_COUNTERS = 1_000_000  # counters of one kind on one object
_MAX_COUNT = 1_000_000  # counts in expectations, X, mode and ability numbers
_MAX_SEED = 2**64 - 1

#: The limits above, for the documentation and for error messages.
LIMITS: dict[str, int] = {
    "file size (bytes)": _MAX_BYTES,
    "nesting depth": _MAX_DEPTH,
    "items in one list or mapping": _MAX_ITEMS,
    "values added by aliases": _MAX_ALIASED,
    "N of Name*N": _MAX_REPEAT,
    "cards in the setup": _MAX_CARDS,
    "cards in the expectations": _MAX_MATCHES,
    "characters of a number": _MAX_NUMBER_CHARS,
    "characters of a name, phrase or choice": _MAX_TEXT,
    "characters of name, ruling and xfail": _MAX_PROSE,
}

_NULL = "tag:yaml.org,2002:null"
_BOOL = "tag:yaml.org,2002:bool"
_INT = "tag:yaml.org,2002:int"
_MERGE = "tag:yaml.org,2002:merge"


# --------------------------------------------------------------------------- result types


@dataclass(frozen=True, slots=True)
class DungeonPos:
    """Where a player's venture marker is: a dungeon and one of its rooms."""

    name: str
    room: str


@dataclass(frozen=True, slots=True)
class Pump:
    """An "until end of turn" effect begun earlier in the turn: +power/+toughness and
    keywords (CR 611.2a, 613.4c; it ends in the cleanup step, 514.2)."""

    power: int = 0
    toughness: int = 0
    keywords: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class CardSpec:
    """One card of a player's setup. ``Name*N`` in the file gives N equal specs.

    ``owner``: the player who owns a permanent listed in another player's battlefield (who
    controls it); ``goaded_by``: the players who goaded it (CR 701.15); ``damage``: damage
    marked on it (CR 120.3); ``pumped``: an "until end of turn" effect on it; ``commander``:
    it is its owner's commander (CR 903.3); ``exiled_by``: for a card in exile, the id of the
    permanent it was exiled "until … leaves the battlefield" by (CR 610.3); ``face_down``: the
    permanent is face down, a 2/2 creature with no name, text, subtypes or mana cost (CR 708.2a;
    cast face down with morph earlier, CR 702.37c)."""

    card: str
    id: str | None = None
    tapped: bool = False
    sick: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    attached_to: str | None = None
    token: bool = False
    controller: str | None = None
    line: int = 0
    owner: str | None = None
    goaded_by: tuple[str, ...] = ()
    damage: int = 0
    pumped: Pump | None = None
    commander: bool = False
    exiled_by: str | None = None
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class PlayerSetup:
    """A player in the setup, with their zones (library top card first)."""

    name: str
    life: int | None = None
    team: str | None = None
    library: list[CardSpec] = field(default_factory=list)
    hand: list[CardSpec] = field(default_factory=list)
    battlefield: list[CardSpec] = field(default_factory=list)
    graveyard: list[CardSpec] = field(default_factory=list)
    exile: list[CardSpec] = field(default_factory=list)
    command: list[CardSpec] = field(default_factory=list)
    dungeon: DungeonPos | None = None
    completed: list[str] = field(default_factory=list)
    line: int = 0
    #: Combat damage this player has been dealt by each commander, by the commander's id (CR 903.10a).
    commander_damage: dict[str, int] = field(default_factory=dict)

    def zone(self, zone: str) -> list[CardSpec]:
        """The cards listed for ``zone`` (one of :data:`ZONES`)."""
        if zone not in ZONES:
            raise KeyError(zone)
        return getattr(self, zone)


@dataclass(frozen=True, slots=True)
class GameSetup:
    """The ``game`` section. After parsing, ``active`` is always a player's name."""

    variant: str = "two-player"
    seed: int = 0
    turn: int = 1
    active: str | None = None
    step: str = "precombat-main"
    initiative: str | None = None
    monarch: str | None = None  # CR 725
    #: Die results in the order they will be rolled (CR 706); None: random from the seed.
    dice: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class CardMatch:
    """A card in a ``zones`` expectation. ``None`` fields are not checked."""

    card: str
    counters: dict[str, int] | None = None
    tapped: bool | None = None
    controller: str | None = None
    token: bool | None = None


@dataclass(frozen=True, slots=True)
class ZoneExpect:
    """One ``Player.zone`` entry of a ``zones`` expectation."""

    player: str
    zone: str
    contains: list[CardMatch] = field(default_factory=list)
    excludes: list[CardMatch] = field(default_factory=list)
    count: int | None = None


@dataclass(frozen=True, slots=True)
class Expect:
    """An ``expect`` block. ``checks`` holds only the keys present, normalised:

    ``life``: {player: int}; ``initiative``: player or None; ``dungeon``:
    {player: DungeonPos | None}; ``completed``: {player: int | list[str]};
    ``zones``: {"Player.zone": ZoneExpect}; ``stack``: list[str] (top first);
    ``counters``: {id-or-name: {counter: int}}; ``lost``: list[str];
    ``log``: {"contains": list[str], "excludes": list[str]} (either may be absent);
    ``decision``: {"player": str, "kind": str, "options" | "contains" | "excludes": list[str]}
    (the keys given only); ``characteristics``: {ref: {field: value}} with ``power``,
    ``toughness`` (int), ``name`` (str), ``types``, ``subtypes``, ``supertypes``, ``colors``
    (frozensets; colors as letters W U B R G) and ``abilities`` ({"contains" | "excludes":
    list[str]}, or {"none": []} for no abilities at all); ``attached_to``: {ref: ref | None};
    ``controller``, ``owner``: {ref: player}; ``damage``: {ref: int}; ``commander_damage``:
    {player: {commander id: int}}.

    ``final`` is True for the top-level ``expect`` (checked after all actions).
    """

    checks: dict[str, Any]
    line: int = 0
    final: bool = False


@dataclass(frozen=True, slots=True)
class Action:
    """One scripted action.

    ``value`` is the main value: the card name (cast, play), id or name (activate),
    step (advance), {attacker: defender} (attack), {blocker: attacker or [attackers]}
    (block), the choice (choose: str, int, bool, None, or a list/dict of those),
    the player (concede), an :class:`Expect` (expect), None (pass, resolve).
    ``options`` holds the other sibling keys: ``from`` (str), ``targets``
    (list[str]), ``x`` (int), ``modes`` (list[int | str]), ``cost`` (str),
    ``pay`` (dict), ``ability`` (int, 1-based, or str), ``pause`` (bool).
    """

    kind: str
    value: Any = None
    by: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    line: int = 0


@dataclass(frozen=True, slots=True)
class Scenario:
    """A parsed scenario. ``expects`` lists every expectation in file order: those
    of ``expect`` actions (the same objects as their ``Action.value``), then the
    top-level one (``final=True``) last."""

    name: str
    cites: list[str]
    file: str
    game: GameSetup
    players: list[PlayerSetup]
    actions: list[Action]
    expects: list[Expect]
    #: The ruling this scenario demonstrates, quoted (rulings suite), or "".
    ruling: str = ""
    #: Why this scenario is expected to fail for now (an unfinished feature), or None.
    xfail: str | None = None

    def player(self, name: str) -> PlayerSetup:
        """The setup of the player called ``name``."""
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)


# --------------------------------------------------------------------------- entry points


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate the scenario file at ``path``.

    Raises :class:`ScenarioError` for an unreadable or malformed file.
    """
    file = str(path)
    try:
        with Path(path).open("rb") as f:
            data = f.read(_MAX_BYTES + 1)  # never more: the file may be huge, or endless (a pipe)
        if len(data) > _MAX_BYTES:
            raise ScenarioError(_too_big(), file=file)
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ScenarioError(f"not a UTF-8 text file ({e.reason})", file=file) from None
    except OSError as e:
        raise ScenarioError(f"cannot read the file: {e.strerror or e}", file=file) from None
    return parse_scenario(text, file=file)


def _too_big() -> str:
    return (f"the file is larger than {_MAX_BYTES // 1024} KB, the most a scenario may be "
            "(one position and its script fit in a few KB)")


def parse_scenario(text: str, file: str = "<string>") -> Scenario:
    """Parse and validate scenario ``text``; ``file`` is used in error messages.

    Raises :class:`ScenarioError` for any problem in the text.
    """
    if len(text) > _MAX_BYTES or len(text.encode("utf-8", "surrogatepass")) > _MAX_BYTES:
        raise ScenarioError(_too_big(), file=file)
    try:
        loader = _BoundedLoader(text, file)
        try:
            root = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as e:
        raise _yaml_error(e, file) from None
    except yaml.reader.ReaderError as e:
        line = text.count("\n", 0, e.position) + 1 if isinstance(e.position, int) else None
        char = e.character if isinstance(e.character, str) else chr(e.character)
        raise ScenarioError(f"not valid YAML: the character #x{ord(char):04x} is not allowed ({e.reason})",
                            file=file, line=line) from None
    except yaml.YAMLError as e:
        raise ScenarioError(f"not valid YAML: {e}", file=file) from None
    except RecursionError:
        raise ScenarioError("not valid YAML: nested too deeply", file=file) from None
    if root is None:
        raise ScenarioError("the file is empty; a scenario starts with `format: 1`", file=file)
    try:
        return _Parser(file).scenario(root)
    except yaml.MarkedYAMLError as e:  # a bad `<<` merge key
        raise _yaml_error(e, file) from None
    except RecursionError:
        raise ScenarioError("nested too deeply", file=file) from None


def _yaml_error(e: yaml.MarkedYAMLError, file: str) -> ScenarioError:
    mark = e.problem_mark or e.context_mark
    line = mark.line + 1 if mark is not None else None
    context = e.context or ""
    if context and e.context_mark is not None and e.context_mark.line + 1 != line:
        context += f" (begun on line {e.context_mark.line + 1})"
    detail = "; ".join(p for p in (context, e.problem) if p) or "syntax error"
    return ScenarioError(f"not valid YAML: {detail}", file=file, line=line)


class _BoundedLoader(yaml.SafeLoader):
    """PyYAML's safe composer, refusing a document that is nested too deeply, has too
    long a list or mapping, or whose aliases would expand to too many values (the
    "billion laughs": a few hundred bytes of nested aliases that stand for 10^9 values).

    Anchors and aliases themselves are allowed (``&base`` / ``<<: *base`` can share a
    player's setup); what an alias stands for is counted as if it were written out.
    """

    def __init__(self, text: str, file: str) -> None:
        super().__init__(text)
        self.file = file
        self.depth = 0
        self.written = 0  # nodes composed from the text
        self.aliased = 0  # nodes that aliases stand for
        self.sizes: dict[int, int] = {}  # anchored node -> the nodes it stands for

    def limit(self, message: str, mark: yaml.Mark | None) -> NoReturn:
        raise ScenarioError(message, file=self.file, line=mark.line + 1 if mark is not None else None)

    def compose_node(self, parent: Node | None, index: Any) -> Node:
        if isinstance(parent, SequenceNode) and isinstance(index, int) and index >= _MAX_ITEMS \
                or isinstance(parent, MappingNode) and index is None and len(parent.value) >= _MAX_ITEMS:
            self.limit(f"a list or mapping has more than {_MAX_ITEMS:,} items (begun on line "
                       f"{parent.start_mark.line + 1})", self.peek_event().start_mark)
        event = self.peek_event()
        if isinstance(event, AliasEvent):
            node = super().compose_node(parent, index)
            size = self.sizes.get(id(node))
            if size is None:
                self.limit(f"the alias *{event.anchor} is inside the value it refers to (an endless loop)",
                           event.start_mark)
            self.aliased += size
            if self.aliased > _MAX_ALIASED:
                self.limit(f"aliases stand for more than {_MAX_ALIASED:,} values in all (at the alias "
                           f"*{event.anchor}); write the values out, or use fewer aliases", event.start_mark)
            return node
        self.depth += 1
        if self.depth > _MAX_DEPTH:
            self.limit(f"nested more than {_MAX_DEPTH} levels deep", event.start_mark)
        before = self.written + self.aliased
        node = super().compose_node(parent, index)
        self.depth -= 1
        self.written += 1
        if event.anchor is not None:
            self.sizes[id(node)] = self.written + self.aliased - before
        return node


# --------------------------------------------------------------------------- helpers


def _suggest(word: str, options: tuple[str, ...] | list[str]) -> str:
    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def _clip(text: str, most: int = 60) -> str:
    """``text`` shortened for an error message: a huge value is not echoed whole."""
    return text if len(text) <= most else f"{text[:most - 3]}... ({len(text):,} characters)"


def _describe(node: Node) -> str:
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return "a list"
    if node.tag == _NULL:
        return "nothing (null)"
    if node.tag == _BOOL:
        return f"the yes/no value {node.value!r}"
    if node.tag in (_INT, "tag:yaml.org,2002:float"):
        return f"the number {_clip(node.value)}"
    return f"the text {_clip(node.value)!r}"


def _is_null(node: Node) -> bool:
    return isinstance(node, ScalarNode) and node.tag == _NULL


def _line(node: Node) -> int:
    return node.start_mark.line + 1


def _split_repeat(text: str) -> tuple[str, int] | None:
    """``"Swamp*4"`` -> ("Swamp", 4); text without ``*`` -> (text, 1); bad syntax -> None."""
    if "*" not in text:
        return text, 1
    name, _, count = text.rpartition("*")
    name, count = name.strip(), count.strip()
    if not name or "*" in name or not count.isascii() or not count.isdigit() or len(count) > 9:
        return None
    n = int(count)
    if n < 1 or n > _MAX_REPEAT:
        return None
    return name, n


class _Parser:
    """Walks the composed YAML nodes, so every error can name its line."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.constructor = SafeConstructor()
        self.players: list[str] = []
        self.player_entries: dict[str, tuple[str, Node, dict[str, tuple[Node, Node]]]] = {}
        self.ids: dict[str, int] = {}
        self.attachments: list[tuple[str, Node, str, str | None]] = []
        self.exile_links: list[tuple[str, Node, str]] = []  # (exiled_by id, node, key)
        self.damage_links: list[tuple[str, Node, str]] = []  # (commander_damage id, node, key)
        self.commanders: list[tuple[Node, str, str]] = []  # `commander: true` cards: (node, key, id or name)
        self.flattened: dict[int, dict[str, tuple[Node, Node]]] = {}
        self.setup_cards = 0  # cards in the setup so far
        self.matched_cards = 0  # cards in the expectations' card lists so far

    # ---- errors and primitives

    def fail(self, message: str, node: Node | None, key: str | None) -> NoReturn:
        line = _line(node) if node is not None else None
        if key is not None and len(key) > 80:
            key = key[:77] + "..."
        raise ScenarioError(message, file=self.file, line=line, key=key)

    def mapping(self, node: Node, key: str, what: str) -> dict[str, tuple[Node, Node]]:
        """The entries of a mapping node as {key: (key node, value node)}."""
        if not isinstance(node, MappingNode):
            self.fail(f"expected {what} (a mapping of `key: value`), found {_describe(node)}", node, key)
        if id(node) in self.flattened:  # seen before through an alias
            return self.flattened[id(node)]
        seen: dict[str, Node] = {}
        for knode, _ in node.value:
            if isinstance(knode, ScalarNode) and knode.tag == _MERGE:
                continue
            if not isinstance(knode, ScalarNode) or knode.tag == _NULL or not knode.value.strip():
                self.fail(f"a key in {what} must be a name, found {_describe(knode)}", knode, key)
            name = knode.value.strip()
            if len(name) > _MAX_TEXT:
                self.fail(f"a key of {len(name):,} characters is too long (at most {_MAX_TEXT:,})", knode, key)
            if name in seen:
                self.fail(f"duplicate key {name!r} (first given on line {_line(seen[name])})",
                          knode, f"{key}.{name}")
            seen[name] = knode
        self.constructor.flatten_mapping(node)  # `<<` merge keys; the mapping's own keys win
        out: dict[str, tuple[Node, Node]] = {}
        for knode, vnode in node.value:
            if not isinstance(knode, ScalarNode) or knode.tag == _NULL or not knode.value.strip():
                self.fail(f"a key in {what} must be a name, found {_describe(knode)}", knode, key)
            out[knode.value.strip()] = (knode, vnode)
        self.flattened[id(node)] = out
        return out

    def check_keys(self, items: dict[str, tuple[Node, Node]], allowed: tuple[str, ...],
                   key: str, what: str) -> None:
        for name, (knode, _) in items.items():
            if name not in allowed:
                self.fail(f"unknown key {name!r} in {what}{_suggest(name, allowed)} "
                          f"(expected one of: {', '.join(allowed)})", knode, f"{key}.{name}")

    def checks(self, node: Node, key: str, what: str, allowed: tuple[str, ...],
               label: str) -> dict[str, tuple[Node, Node]]:
        """A mapping of some of the keys ``allowed``, at least one (a ``label`` check, e.g.
        "zone check", that checks nothing is a mistake)."""
        items = self.mapping(node, key, what)
        self.check_keys(items, allowed, key, f"a {label}")
        if not items:
            self.fail(f"an empty {label} checks nothing; give any of: {', '.join(allowed)}", node, key)
        return items

    def sequence(self, node: Node, key: str, what: str, wrap: bool = False) -> list[Node]:
        """The items of a list node; with ``wrap`` a single scalar is a one-item list
        and null is the empty list."""
        if isinstance(node, SequenceNode):
            return list(node.value)
        if wrap and isinstance(node, ScalarNode):
            return [] if node.tag == _NULL else [node]
        self.fail(f"expected {what} (a list), found {_describe(node)}", node, key)

    def text(self, node: Node, key: str, what: str = "a name", longest: int = _MAX_TEXT) -> str:
        """A non-empty scalar, as written (so ``614.10`` stays ``"614.10"``)."""
        if not isinstance(node, ScalarNode) or node.tag == _NULL:
            self.fail(f"expected {what}, found {_describe(node)}", node, key)
        value = node.value.strip()
        if not value:
            self.fail(f"expected {what}, found empty text", node, key)
        if len(value) > longest:
            self.fail(f"expected {what} of at most {longest:,} characters, found {len(value):,}", node, key)
        return value

    def opt_text(self, node: Node, key: str, what: str = "a name") -> str | None:
        if isinstance(node, ScalarNode) and node.tag == _NULL:
            return None
        return self.text(node, key, what)

    def integer(self, node: Node, key: str, minimum: int | None = None, maximum: int = _MAX_COUNT) -> int:
        """A whole number from ``minimum`` (default ``-maximum``) to ``maximum``."""
        if not isinstance(node, ScalarNode) or node.tag != _INT:
            self.fail(f"expected a whole number, found {_describe(node)}", node, key)
        low = -maximum if minimum is None else minimum
        long = len(node.value) > _MAX_NUMBER_CHARS
        value = 0 if long else self.number(node, key)
        if long or not low <= value <= maximum:
            shown = f"a number of {len(node.value):,} characters" if long else _clip(node.value)
            if minimum is not None and not long and value < minimum:
                self.fail(f"expected a whole number of at least {minimum}, found {shown}", node, key)
            self.fail(f"expected a whole number from {low:,} to {maximum:,}, found {shown}", node, key)
        return value

    def number(self, node: ScalarNode, key: str) -> int:
        """The integer a scalar tagged as one stands for, refused before it is read if it
        is absurdly long (Python will not read one of over 4,300 digits)."""
        if len(node.value) > _MAX_NUMBER_CHARS:
            self.fail(f"a number of {len(node.value)} characters is too long "
                      f"(at most {_MAX_NUMBER_CHARS})", node, key)
        try:
            return int(self.constructor.construct_object(node))
        except ValueError:  # defensive: the resolver's int forms all convert
            self.fail(f"not a whole number: {node.value!r}", node, key)

    def boolean(self, node: Node, key: str) -> bool:
        if not isinstance(node, ScalarNode) or node.tag != _BOOL:
            self.fail(f"expected true or false, found {_describe(node)}", node, key)
        return bool(self.constructor.construct_object(node))

    def texts(self, node: Node, key: str, what: str = "names") -> list[str]:
        """A list of names; a single name is accepted as a one-item list."""
        return [self.text(item, f"{key}[{i}]", "a name")
                for i, item in enumerate(self.sequence(node, key, what, wrap=True), 1)]

    def plain(self, node: Node, key: str, depth: int = 0) -> Any:
        """Any YAML value as plain Python: None, bool, int, str (other scalars as
        written), lists and dicts with string keys."""
        if depth > _MAX_DEPTH:
            self.fail("nested too deeply", node, key)
        if isinstance(node, ScalarNode):
            if node.tag == _INT:
                return self.number(node, key)
            if node.tag in (_NULL, _BOOL):
                return self.constructor.construct_object(node)
            if len(node.value) > _MAX_TEXT:
                self.fail(f"a value of at most {_MAX_TEXT:,} characters was expected, found "
                          f"{len(node.value):,}", node, key)
            return node.value
        if isinstance(node, SequenceNode):
            return [self.plain(item, f"{key}[{i}]", depth + 1) for i, item in enumerate(node.value, 1)]
        items = self.mapping(node, key, "a mapping")
        return {k: self.plain(v, f"{key}.{k}", depth + 1) for k, (_, v) in items.items()}

    def player(self, node: Node, key: str) -> str:
        name = self.text(node, key, "a player's name")
        if name not in self.players:
            self.fail(f"no player is called {name!r}{_suggest(name, self.players)} "
                      f"(players: {', '.join(self.players)})", node, key)
        return name

    def opt_player(self, node: Node, key: str) -> str | None:
        if isinstance(node, ScalarNode) and node.tag == _NULL:
            return None
        return self.player(node, key)

    def choice(self, node: Node, key: str, allowed: tuple[str, ...], what: str) -> str:
        value = self.text(node, key, what)
        if value not in allowed:
            self.fail(f"unknown {what} {value!r}{_suggest(value, allowed)} "
                      f"(expected one of: {', '.join(allowed)})", node, key)
        return value

    def counters(self, node: Node, key: str) -> dict[str, int]:
        items = self.mapping(node, key, "counters, e.g. {\"+1/+1\": 1}")
        return {name: self.integer(v, f"{key}.{name}", minimum=0, maximum=_MAX_COUNTERS)
                for name, (_, v) in items.items()}

    def dungeon(self, node: Node, key: str) -> DungeonPos:
        items = self.mapping(node, key, "a dungeon position, e.g. {name: Undercity, room: Forge}")
        self.check_keys(items, ("name", "room"), key, "a dungeon position")
        for needed in ("name", "room"):
            if needed not in items:
                self.fail(f"a dungeon position needs `{needed}:` (e.g. {{name: Undercity, room: Forge}})",
                          node, key)
        return DungeonPos(self.text(items["name"][1], f"{key}.name", "a dungeon's name"),
                          self.text(items["room"][1], f"{key}.room", "a room's name"))

    def repeat(self, node: Node, key: str) -> tuple[str, int]:
        raw = self.text(node, key, "a card name")
        parsed = _split_repeat(raw)
        if parsed is None:
            self.fail(f"bad repeat {_clip(raw)!r}: write NAME*N with N a whole number from 1 to {_MAX_REPEAT}, "
                      f"e.g. \"Swamp*4\"", node, key)
        return parsed

    # ---- the document

    def scenario(self, root: Node) -> Scenario:
        items = self.mapping(root, "scenario", "a scenario")
        if "format" not in items:
            self.fail(f"missing `format: {FORMAT}` (the version of the scenario format)", root, "format")
        fnode = items["format"][1]
        if not (isinstance(fnode, ScalarNode) and fnode.tag == _INT
                and len(fnode.value) <= _MAX_NUMBER_CHARS and self.constructor.construct_object(fnode) == FORMAT):
            self.fail(f"this version of Undercity reads scenario format {FORMAT}, found {_describe(fnode)}",
                      fnode, "format")
        self.check_top_keys(items)

        name = (self.text(items["name"][1], "name", "a scenario name", _MAX_PROSE) if "name" in items
                else Path(self.file).stem or self.file)
        cites = self.texts(items["cites"][1], "cites", "rule citations") if "cites" in items else []

        if "players" not in items:
            self.fail("missing `players:` (a list of players in turn order)", root, "players")
        players = self.players_(items["players"][1])
        game = self.game(items.get("game"), players, root)

        expects: list[Expect] = []
        actions: list[Action] = []
        if "actions" in items:
            for i, anode in enumerate(self.sequence(items["actions"][1], "actions", "actions", wrap=True), 1):
                action = self.action(anode, f"actions[{i}]")
                actions.append(action)
                if action.kind == "expect":
                    expects.append(action.value)
        if "expect" in items:
            expects.append(self.expect(items["expect"][1], "expect", _line(items["expect"][0]), final=True))
        ruling = self.text(items["ruling"][1], "ruling", "the quoted ruling", _MAX_PROSE) \
            if "ruling" in items else ""
        xfail = self.text(items["xfail"][1], "xfail", "the reason it is expected to fail", _MAX_PROSE) \
            if "xfail" in items else None
        return Scenario(name=name, cites=cites, file=self.file, game=game, players=players,
                        actions=actions, expects=expects, ruling=ruling, xfail=xfail)

    def check_top_keys(self, items: dict[str, tuple[Node, Node]]) -> None:
        for name, (knode, _) in items.items():
            if name not in TOP_KEYS:
                hint = ""
                if name in EXPECT_KEYS:
                    hint = " (expectations go under `expect:`)"
                elif name in GAME_KEYS:
                    hint = " (it belongs under `game:`)"
                self.fail(f"unknown top-level key {name!r}{_suggest(name, TOP_KEYS)}{hint} "
                          f"(expected one of: {', '.join(TOP_KEYS)})", knode, name)

    # ---- game

    def game(self, entry: tuple[Node, Node] | None, players: list[PlayerSetup], root: Node) -> GameSetup:
        values: dict[str, Any] = {"active": players[0].name}
        gnode = entry[1] if entry else None
        items = {} if gnode is None or (isinstance(gnode, ScalarNode) and gnode.tag == _NULL) \
            else self.mapping(gnode, "game", "the game setup")
        self.check_keys(items, GAME_KEYS, "game", "game")
        for name, (_, v) in items.items():
            key = f"game.{name}"
            if name == "variant":
                values[name] = self.choice(v, key, VARIANTS, "variant")
            elif name == "seed":
                values[name] = self.integer(v, key, maximum=_MAX_SEED)
            elif name == "turn":
                values[name] = self.integer(v, key, minimum=1, maximum=_MAX_TURN)
            elif name == "active":
                values[name] = self.player(v, key)
            elif name == "step":
                values[name] = self.choice(v, key, STEPS, "step")
            elif name in ("initiative", "monarch"):
                values[name] = self.opt_player(v, key)
            elif name == "dice":
                values[name] = tuple(self.integer(d, f"{key}[{i}]", minimum=1)
                                     for i, d in enumerate(self.sequence(v, key, "die results, e.g. [17, 3]"), 1))
        game = GameSetup(**values)
        self.check_variant(game.variant, players, gnode if gnode is not None else root)
        self.check_commanders(game.variant, players)
        return game

    def check_variant(self, variant: str, players: list[PlayerSetup], node: Node) -> None:
        key = "game.variant"
        n = len(players)
        if variant == "two-player" and n != 2:
            self.fail(f"a two-player game has 2 players, found {n} "
                      f"(use variant: free-for-all or commander for more)", node, key)
        if variant != "two-headed-giant":
            rules = VARIANT_RULES[variant]
            if not rules.min_players <= n <= rules.max_players:
                self.fail(f"a {variant} game (CR {rules.rule}) has {rules.min_players} to {rules.max_players} "
                          f"players, found {n}", node, key)
            return  # `team` is accepted and ignored outside Two-Headed Giant (the format's example has it)
        if n != 4:
            self.fail(f"a two-headed-giant game has 4 players in two teams, found {n}", node, key)
        teams: dict[str, list[PlayerSetup]] = {}
        for p in players:
            if p.team is None:
                pkey, pnode, _ = self.player_entries[p.name]
                self.fail("every player of a two-headed-giant game needs `team:`", pnode, f"{pkey}.team")
            teams.setdefault(p.team, []).append(p)
        if sorted(len(t) for t in teams.values()) != [2, 2]:
            summary = "; ".join(f"team {t}: {', '.join(p.name for p in ps)}" for t, ps in teams.items())
            self.fail(f"two-headed-giant needs two teams of two players, found {summary}", node, key)
        for team, members in teams.items():
            lives = {p.life for p in members if p.life is not None}
            if len(lives) > 1:
                pkey, _, items = self.player_entries[members[1].name]
                self.fail(f"team {team} shares one life total, but its players list different lives "
                          f"({', '.join(f'{p.name}: {p.life}' for p in members)})",
                          items["life"][1], f"{pkey}.life")

    # ---- players and their cards

    def players_(self, node: Node) -> list[PlayerSetup]:
        pnodes = self.sequence(node, "players", "the players in turn order")
        if len(pnodes) < 2:
            self.fail(f"a game needs at least 2 players, found {len(pnodes)}", node, "players")
        most = max(v.max_players for v in VARIANT_RULES.values())
        if len(pnodes) > most:  # before reading them: the variant's own bound is checked later
            self.fail(f"Undercity plays games of at most {most} players, found {len(pnodes)}", node, "players")
        for i, pnode in enumerate(pnodes, 1):  # names first: the rest may refer to any player
            key = f"players[{i}]"
            items = self.mapping(pnode, key, "a player")
            self.check_keys(items, PLAYER_KEYS, key, "a player")
            if "name" not in items:
                self.fail("a player needs `name:`", pnode, f"{key}.name")
            nnode = items["name"][1]
            name = self.text(nnode, f"{key}.name", "a player's name")
            if name in self.player_entries:
                first = _line(self.player_entries[name][1])
                self.fail(f"two players are called {name!r} (the first on line {first})", nnode, f"{key}.name")
            self.players.append(name)
            self.player_entries[name] = (key, pnode, items)
        players = [self.player_setup(name) for name in self.players]
        self.check_attachments(players)
        self.check_links(players)
        return players

    def player_setup(self, name: str) -> PlayerSetup:
        key, pnode, items = self.player_entries[name]
        values: dict[str, Any] = {"name": name, "line": _line(pnode)}
        for k, (_, v) in items.items():
            vkey = f"{key}.{k}"
            if k == "life":
                values[k] = self.integer(v, vkey, maximum=_MAX_LIFE)
            elif k == "team":
                values[k] = self.opt_text(v, vkey, "a team name")
            elif k in ZONES:
                values[k] = self.cards(v, vkey, k)
            elif k == "dungeon":
                values[k] = None if _is_null(v) else self.dungeon(v, vkey)
            elif k == "completed":
                if isinstance(v, ScalarNode) and v.tag == _INT:
                    self.fail("list the completed dungeons by name, e.g. [Undercity]", v, vkey)
                values[k] = self.texts(v, vkey, "dungeon names")
            elif k == "commander_damage":
                values[k] = self.commander_damage(v, vkey)
        return PlayerSetup(**values)

    def commander_damage(self, node: Node, key: str) -> dict[str, int]:
        """{commander id: combat damage dealt by it} (CR 903.10a); the ids are checked once every
        player's cards are read (:meth:`check_links`)."""
        items = self.mapping(node, key, "combat damage by commander id, e.g. {bob-cmdr: 7}")
        out: dict[str, int] = {}
        for k, (knode, v) in items.items():
            out[k] = self.integer(v, f"{key}.{k}", minimum=0, maximum=_MAX_COUNT)
            self.damage_links.append((k, knode, f"{key}.{k}"))
        return out

    def cards(self, node: Node, key: str, zone: str) -> list[CardSpec]:
        out: list[CardSpec] = []
        for i, item in enumerate(self.sequence(node, key, f"the cards in the {zone}", wrap=True), 1):
            ikey = f"{key}[{i}]"
            if isinstance(item, MappingNode):
                specs = self.card_spec(item, ikey, zone)
            else:
                name, n = self.repeat(item, ikey)
                self.count_cards(n, item, ikey)
                specs = [CardSpec(name, line=_line(item)) for _ in range(n)]
            out.extend(specs)
        return out

    def count_cards(self, n: int, node: Node, key: str, setup: bool = True) -> None:
        """Refuse a file whose repeats add up to too many cards (before making them)."""
        if setup:
            self.setup_cards += n
            if self.setup_cards > _MAX_CARDS:
                self.fail(f"the setup has more than {_MAX_CARDS:,} cards in all (this entry brings it to "
                          f"{self.setup_cards:,})", node, key)
        else:
            self.matched_cards += n
            if self.matched_cards > _MAX_MATCHES:
                self.fail(f"the expectations list more than {_MAX_MATCHES:,} cards in all (this entry brings "
                          f"them to {self.matched_cards:,})", node, key)

    def card_spec(self, node: MappingNode, key: str, zone: str) -> list[CardSpec]:
        items = self.mapping(node, key, "a card")
        self.check_keys(items, CARD_KEYS, key, "a card")
        if "card" not in items:
            self.fail("a card needs `card: NAME`", node, f"{key}.card")
        if "attached" in items and "attached_to" in items:
            self.fail("give `attached_to` or `attached`, not both", items["attached"][0], f"{key}.attached")
        name, n = self.repeat(items["card"][1], f"{key}.card")
        self.count_cards(n, items["card"][1], f"{key}.card")
        values: dict[str, Any] = {"card": name, "line": _line(node)}
        for k, (_, v) in items.items():
            vkey = f"{key}.{k}"
            if k == "id":
                values[k] = self.card_id(v, vkey, n)
            elif k in ("tapped", "sick", "token", "face_down"):
                values[k] = self.boolean(v, vkey)
            elif k == "counters":
                values[k] = self.counters(v, vkey)
            elif k in ("attached_to", "attached"):
                values["attached_to"] = self.opt_text(v, vkey, "the id or name of what it is attached to")
            elif k in ("controller", "owner"):
                values[k] = self.opt_player(v, vkey)
            elif k == "commander":
                values[k] = self.boolean(v, vkey)
                if values[k]:
                    self.commanders.append((v, vkey, values.get("id") or name))
            elif k == "goaded_by":
                values[k] = self.goaders(v, vkey)
            elif k == "damage":
                values[k] = self.integer(v, vkey, minimum=0, maximum=_MAX_COUNTERS)
            elif k == "pumped":
                values[k] = self.pump(v, vkey)
            elif k == "exiled_by":
                values[k] = self.text(v, vkey, "the id of the permanent that exiled it")
        if values.get("controller") and values.get("owner"):
            self.fail("give `owner` (it is in its controller's battlefield) or `controller` (it is in its "
                      "owner's battlefield), not both", items["owner"][0], f"{key}.owner")
        for k in _BATTLEFIELD_ONLY if zone != "battlefield" else ():
            if k in items and values.get("attached_to" if k == "attached" else k):
                self.fail(f"only a permanent on the battlefield can have `{k}`; this card is in the {zone}",
                          items[k][0], f"{key}.{k}")
        for k in _EXILE_ONLY if zone != "exile" else ():
            if k in items:
                self.fail(f"only a card in exile can have `{k}` (CR 610.3); this card is in the {zone}",
                          items[k][0], f"{key}.{k}")
        if values.get("commander") and values.get("token"):
            self.fail("a token can't be a commander (CR 903.3)", items["commander"][0], f"{key}.commander")
        if values.get("attached_to") is not None:
            k = "attached_to" if "attached_to" in items else "attached"
            self.attachments.append((values["attached_to"], items[k][1], f"{key}.{k}", values.get("id")))
        if "exiled_by" in items:
            self.exile_links.append((values["exiled_by"], items["exiled_by"][1], f"{key}.exiled_by"))
        counters = values.pop("counters", {})
        return [CardSpec(counters=dict(counters), **values) for _ in range(n)]

    def goaders(self, node: Node, key: str) -> tuple[str, ...]:
        """The players who goaded a creature (CR 701.15a), each once."""
        out: list[str] = []
        for i, item in enumerate(self.sequence(node, key, "the players who goaded it, e.g. [Alice]", wrap=True), 1):
            who = self.player(item, f"{key}[{i}]")
            if who in out:
                self.fail(f"{who} is listed twice (a player goads a creature once, CR 701.15c)", item, f"{key}[{i}]")
            out.append(who)
        return tuple(out)

    def pump(self, node: Node, key: str) -> Pump:
        """``[+2, +2]`` or ``{power: 2, toughness: 2, keywords: [trample]}``."""
        what = "+power/+toughness until end of turn, e.g. [+2, +2] or {power: 1, keywords: [flying]}"
        if isinstance(node, SequenceNode):
            if len(node.value) != 2:
                self.fail(f"expected {what}: two numbers, found {len(node.value)} item(s)", node, key)
            return Pump(*(self.integer(v, f"{key}[{i}]", maximum=_MAX_COUNTERS) for i, v in enumerate(node.value, 1)))
        items = self.mapping(node, key, what)
        self.check_keys(items, PUMP_KEYS, key, "`pumped`")
        if not items:
            self.fail(f"an empty `pumped` does nothing; give any of: {', '.join(PUMP_KEYS)}", node, key)
        values: dict[str, Any] = {}
        for k, (_, v) in items.items():
            if k == "keywords":
                values[k] = frozenset(w.lower() for w in self.texts(v, f"{key}.{k}", "keyword abilities"))
            else:
                values[k] = self.integer(v, f"{key}.{k}", maximum=_MAX_COUNTERS)
        return Pump(**values)

    def card_id(self, node: Node, key: str, copies: int) -> str:
        cid = self.text(node, key, "an id")
        if copies > 1:
            self.fail(f"an id names one card, but this entry repeats its card {copies} times", node, key)
        if cid in self.ids:
            self.fail(f"duplicate id {cid!r} (first given on line {self.ids[cid]})", node, key)
        if cid in self.player_entries:
            self.fail(f"the id {cid!r} is also a player's name; choose another id", node, key)
        self.ids[cid] = _line(node)
        return cid

    def check_attachments(self, players: list[PlayerSetup]) -> None:
        on_battlefield = {c.card for p in players for c in p.battlefield}
        for target, node, key, own_id in self.attachments:
            if own_id is not None and target == own_id:
                self.fail("a permanent cannot be attached to itself", node, key)
            if target not in self.ids and target not in self.player_entries and target not in on_battlefield:
                known = sorted(set(self.ids) | on_battlefield | set(self.players))
                self.fail(f"{target!r} is no card id, player or card on the battlefield"
                          f"{_suggest(target, known)}", node, key)

    def check_links(self, players: list[PlayerSetup]) -> None:
        """``exiled_by`` names a permanent of the setup (CR 610.3); ``commander_damage`` a
        commander: a card in a command zone or one with ``commander: true`` (CR 903.10a)."""
        permanents = {c.id for p in players for c in p.battlefield if c.id}
        for target, node, key in self.exile_links:
            if target not in permanents:
                self.fail(f"{target!r} is not the id of a permanent in the setup (a card is exiled \"until it "
                          f"leaves the battlefield\" by a permanent){_suggest(target, sorted(permanents))}",
                          node, key)
        commanders = {c.id for p in players for c in p.command if c.id}
        commanders |= {c.id for p in players for c in p.battlefield if c.id and c.commander}
        for target, node, key in self.damage_links:
            if target not in commanders:
                hint = (f" (commanders with ids: {', '.join(sorted(commanders))})" if commanders else
                        " (give the commander an id, in `command:` or with `commander: true`)")
                self.fail(f"{target!r} is not the id of a commander{_suggest(target, sorted(commanders))}{hint}",
                          node, key)

    def check_commanders(self, variant: str, players: list[PlayerSetup]) -> None:
        """Commanders exist only in the commander variant (CR 903)."""
        if variant == "commander":
            return
        for node, key, _ in self.commanders:
            self.fail(f"only a commander game has commanders (CR 903.3); this is {variant} "
                      "(set `game: {variant: commander}`)", node, key)
        for _, node, key in self.damage_links:
            self.fail(f"commander damage exists only in a commander game (CR 903.10a); this is {variant}",
                      node, key)

    # ---- actions

    def action(self, node: Node, key: str) -> Action:
        line = _line(node)
        if isinstance(node, ScalarNode):
            word = self.text(node, key, "an action")
            if word in ("pass", "resolve"):
                return Action(word, line=line)
            if word in ACTION_KINDS:
                self.fail(f"`{word}` needs a value, e.g. `{_EXAMPLES[word]}`", node, key)
            self.fail(f"unknown action {word!r}{_suggest(word, ACTION_KINDS)} "
                      f"(expected one of: {', '.join(ACTION_KINDS)})", node, key)
        items = self.mapping(node, key, "an action, e.g. `cast: Murder`")
        kinds = [k for k in items if k in ACTION_KINDS]
        if not kinds:
            for k, (knode, _) in items.items():
                if k not in _ALL_OPTIONS:
                    self.fail(f"unknown action kind {k!r}{_suggest(k, ACTION_KINDS)} "
                              f"(expected one of: {', '.join(ACTION_KINDS)})", knode, f"{key}.{k}")
            self.fail(f"this action has no kind: give one of {', '.join(ACTION_KINDS)} "
                      f"(found only {', '.join(items) or 'nothing'})", node, key)
        if len(kinds) > 1:
            self.fail(f"one action per list item: found both `{kinds[0]}` and `{kinds[1]}` "
                      f"(start each action with its own `- `)", items[kinds[1]][0], f"{key}.{kinds[1]}")
        kind = kinds[0]
        allowed = ACTION_OPTIONS[kind]
        vnode = items[kind][1]
        if kind == "expect" and _is_null(vnode) and any(k in EXPECT_KEYS for k in items):
            self.fail("the checks of `expect:` must be indented under it", vnode, f"{key}.expect")
        takes = f" (`{kind}` takes: {', '.join(allowed)})" if allowed else f" (`{kind}` takes no other keys)"
        for k, (knode, _) in items.items():
            if k == kind or k in allowed:
                continue
            if k in _ALL_OPTIONS:
                self.fail(f"`{k}` does not apply to `{kind}`{takes}", knode, f"{key}.{k}")
            self.fail(f"unknown key {k!r} in a `{kind}` action{_suggest(k, allowed)}{takes}",
                      knode, f"{key}.{k}")
        value = self.action_value(kind, vnode, f"{key}.{kind}", line)
        by = self.player(items["by"][1], f"{key}.by") if "by" in items else None
        options = {k: self.option(k, items[k][1], f"{key}.{k}")
                   for k in allowed if k != "by" and k in items}
        return Action(kind, value, by, options, line)

    def action_value(self, kind: str, node: Node, key: str, line: int) -> Any:
        if kind in ("cast", "play"):
            return self.text(node, key, "a card name")
        if kind == "activate":
            return self.text(node, key, "a card's id or name")
        if kind == "advance":
            return self.choice(node, key, STEPS, "step")
        if kind == "concede":
            return self.player(node, key)
        if kind == "choose":
            return self.plain(node, key)
        if kind == "expect":
            return self.expect(node, key, line)
        if kind in ("attack", "block"):
            if _is_null(node):
                return {}
            what = ("attackers, e.g. {bears: Bob}" if kind == "attack"
                    else "blockers, e.g. {wall: bears}, or {} for none")
            items = self.mapping(node, key, what)
            out: dict[str, Any] = {}
            for k, (_, v) in items.items():
                if kind == "block" and isinstance(v, SequenceNode):
                    out[k] = self.texts(v, f"{key}.{k}", "the attackers it blocks")
                else:
                    out[k] = self.text(v, f"{key}.{k}",
                                       "the player, planeswalker or battle it attacks" if kind == "attack"
                                       else "the attacker it blocks")
            return out
        # pass, resolve
        if not _is_null(node):
            hint = " (use `by:` to say who passes)" if kind == "pass" else ""
            self.fail(f"`{kind}` takes no value, found {_describe(node)}{hint}", node, key)
        return None

    def option(self, name: str, node: Node, key: str) -> Any:
        if name == "from":
            return self.choice(node, key, FROM_ZONES, "zone")
        if name == "targets":
            return self.texts(node, key, "targets (ids, names or players)")
        if name in ("x", "kicked", "replicated"):
            return self.integer(node, key, minimum=0)
        if name == "modes":
            modes: list[int | str] = []
            for i, item in enumerate(self.sequence(node, key, "modes", wrap=True), 1):
                if isinstance(item, ScalarNode) and item.tag == _INT:
                    modes.append(self.integer(item, f"{key}[{i}]", minimum=1))
                else:
                    modes.append(self.text(item, f"{key}[{i}]", "a mode (its number from 1, or its text)"))
            return modes
        if name == "cost":
            return self.text(node, key, "an alternative cost by keyword, e.g. escape")
        if name == "half":  # CR 709.3: the half of a split card cast
            return self.text(node, key, "the name of the split card's half to cast, e.g. Dusk")
        if name in ("pause", "adventure"):
            return self.boolean(node, key)
        if name == "attack_cost":  # CR 508.1h: pay the total cost to attack, or decline it
            return self.choice(node, key, ("pay", "decline"), "answer to the cost to attack")
        if name == "pay":
            items = self.mapping(node, key, "cost choices, e.g. {exile: [id1, id2]}")
            return {k: self.plain(v, f"{key}.{k}") for k, (_, v) in items.items()}
        # ability
        if isinstance(node, ScalarNode) and node.tag == _INT:
            return self.integer(node, key, minimum=1)
        return self.text(node, key, "an ability (its number from 1, or its text)")

    # ---- expectations

    def expect(self, node: Node, key: str, line: int, final: bool = False) -> Expect:
        items = self.mapping(node, key, "expectations")
        if not items:
            self.fail(f"an empty `expect` checks nothing; give any of: {', '.join(EXPECT_KEYS)}", node, key)
        self.check_keys(items, EXPECT_KEYS, key, "expect")
        checks: dict[str, Any] = {}
        for name, (_, v) in items.items():
            checks[name] = getattr(self, f"expect_{name}")(v, f"{key}.{name}")
        return Expect(checks, line, final)

    def by_player(self, node: Node, key: str, what: str) -> list[tuple[str, Node, str]]:
        items = self.mapping(node, key, what)
        return [(self.player(knode, f"{key}.{k}"), v, f"{key}.{k}") for k, (knode, v) in items.items()]

    def expect_life(self, node: Node, key: str) -> dict[str, int]:
        return {p: self.integer(v, k, maximum=_MAX_LIFE)
                for p, v, k in self.by_player(node, key, "life totals, e.g. {Alice: 20}")}

    def expect_initiative(self, node: Node, key: str) -> str | None:
        return self.opt_player(node, key)

    def expect_monarch(self, node: Node, key: str) -> str | None:
        return self.opt_player(node, key)

    def expect_dungeon(self, node: Node, key: str) -> dict[str, DungeonPos | None]:
        what = "dungeon positions, e.g. {Alice: {name: Undercity, room: Forge}}"
        return {p: None if _is_null(v) else self.dungeon(v, k) for p, v, k in self.by_player(node, key, what)}

    def expect_completed(self, node: Node, key: str) -> dict[str, int | list[str]]:
        out: dict[str, int | list[str]] = {}
        for p, v, k in self.by_player(node, key, "completed dungeons, e.g. {Alice: 1} or {Alice: [Undercity]}"):
            if isinstance(v, ScalarNode) and v.tag == _INT:
                out[p] = self.integer(v, k, minimum=0)
            else:
                out[p] = self.texts(v, k, "dungeon names")
        return out

    def expect_zones(self, node: Node, key: str) -> dict[str, ZoneExpect]:
        items = self.mapping(node, key, "zone checks, e.g. {Bob.graveyard: {count: 0}}")
        out: dict[str, ZoneExpect] = {}
        for name, (knode, v) in items.items():
            zkey = f"{key}.{name}"
            player, dot, zone = name.rpartition(".")
            if not dot or not player.strip():
                self.fail(f"expected `Player.zone` (e.g. `Bob.exile`), found {name!r}", knode, zkey)
            player, zone = player.strip(), zone.strip()
            if player not in self.player_entries:
                self.fail(f"no player is called {player!r}{_suggest(player, self.players)} "
                          f"(players: {', '.join(self.players)})", knode, zkey)
            if zone not in ZONES:
                self.fail(f"unknown zone {zone!r}{_suggest(zone, ZONES)} (expected one of: {', '.join(ZONES)})",
                          knode, zkey)
            checks = self.checks(v, zkey, "a zone check, e.g. {contains: [...], excludes: [...], count: N}",
                                 ZONE_EXPECT_KEYS, "zone check")
            values: dict[str, Any] = {"player": player, "zone": zone}
            for k, (_, cv) in checks.items():
                if k == "count":
                    values[k] = self.integer(cv, f"{zkey}.count", minimum=0)
                else:
                    values[k] = self.matches(cv, f"{zkey}.{k}")
            out[name] = ZoneExpect(**values)
        return out

    def matches(self, node: Node, key: str) -> list[CardMatch]:
        out: list[CardMatch] = []
        for i, item in enumerate(self.sequence(node, key, "cards", wrap=True), 1):
            ikey = f"{key}[{i}]"
            if not isinstance(item, MappingNode):
                name, n = self.repeat(item, ikey)
                self.count_cards(n, item, ikey, setup=False)
                out.extend(CardMatch(name) for _ in range(n))
                continue
            items = self.mapping(item, ikey, "a card")
            self.check_keys(items, MATCH_KEYS, ikey, "a card to look for")
            if "card" not in items:
                self.fail("a card to look for needs `card: NAME`", item, f"{ikey}.card")
            name, n = self.repeat(items["card"][1], f"{ikey}.card")
            self.count_cards(n, items["card"][1], f"{ikey}.card", setup=False)
            values: dict[str, Any] = {"card": name}
            for k, (_, v) in items.items():
                vkey = f"{ikey}.{k}"
                if k == "counters":
                    values[k] = self.counters(v, vkey)
                elif k in ("tapped", "token"):
                    values[k] = self.boolean(v, vkey)
                elif k == "controller":
                    values[k] = self.player(v, vkey)
            out.extend(CardMatch(**values) for _ in range(n))
        return out

    def by_object(self, node: Node, key: str, what: str) -> list[tuple[str, Node, str]]:
        """The entries of a mapping keyed by card ids or names: (ref, value node, key)."""
        items = self.mapping(node, key, what)
        if not items:
            self.fail(f"an empty `{key.rpartition('.')[2]}` checks nothing; give {what}", node, key)
        return [(k, v, f"{key}.{k}") for k, (_, v) in items.items()]

    def expect_characteristics(self, node: Node, key: str) -> dict[str, dict[str, Any]]:
        what = "characteristics by card id, e.g. {bears: {power: 4, toughness: 4, abilities: [trample]}}"
        out: dict[str, dict[str, Any]] = {}
        for ref, v, k in self.by_object(node, key, what):
            items = self.checks(v, k, "characteristics, e.g. {power: 4, types: [Creature]}",
                                CHARACTERISTIC_KEYS, "characteristics check")
            want: dict[str, Any] = {}
            for name, (_, cv) in items.items():
                ckey = f"{k}.{name}"
                if name in ("power", "toughness"):
                    want[name] = self.integer(cv, ckey, maximum=_MAX_COUNTERS)
                elif name == "mana_value":  # CR 202.3
                    want[name] = self.integer(cv, ckey, minimum=0)
                elif name == "name":
                    want[name] = self.text(cv, ckey, "a card name")
                elif name == "colors":
                    want[name] = frozenset(self.color(c, f"{ckey}[{i}]") for i, c in
                                           enumerate(self.sequence(cv, ckey, "colors, e.g. [green]", wrap=True), 1))
                elif name == "abilities":
                    want[name] = self.abilities(cv, ckey)
                else:
                    want[name] = frozenset(self.texts(cv, ckey, f"the {name}, e.g. [Creature]"))
            out[ref] = want
        return out

    def color(self, node: Node, key: str) -> str:
        word = self.text(node, key, "a color")
        letter = COLOR_LETTERS.get(word.lower()) or (word.upper() if word.upper() in COLOR_LETTERS.values() else None)
        if letter is None:
            words = (*COLOR_LETTERS, *COLOR_LETTERS.values())
            self.fail(f"unknown color {word!r}{_suggest(word.lower(), list(COLOR_LETTERS))} (expected one of: "
                      f"{', '.join(words)}; [] for colorless)", node, key)
        return letter

    def abilities(self, node: Node, key: str) -> dict[str, list[str]]:
        """``[a, b]`` (it has each), ``[]`` (it has none), or ``{contains: [...], excludes: [...]}``."""
        if isinstance(node, MappingNode):
            items = self.mapping(node, key, "an abilities check")
            self.check_keys(items, ("contains", "excludes"), key, "an abilities check")
            if not items:
                self.fail("an abilities check needs `contains: [...]` or `excludes: [...]`", node, key)
            return {k: self.texts(items[k][1], f"{key}.{k}", "keywords or phrases of abilities")
                    for k in ("contains", "excludes") if k in items}
        listed = self.texts(node, key, "keywords or phrases of abilities, e.g. [flying, \"{T}: Add\"]")
        return {"contains": listed} if listed else {"none": []}

    def expect_attached_to(self, node: Node, key: str) -> dict[str, str | None]:
        return {ref: self.opt_text(v, k, "the id or name of what it is attached to, or null")
                for ref, v, k in self.by_object(node, key, "attachments by card id, e.g. {rancor: bears}")}

    def expect_controller(self, node: Node, key: str) -> dict[str, str]:
        return {ref: self.player(v, k)
                for ref, v, k in self.by_object(node, key, "controllers by card id, e.g. {angel: Bob}")}

    def expect_owner(self, node: Node, key: str) -> dict[str, str]:
        return {ref: self.player(v, k)
                for ref, v, k in self.by_object(node, key, "owners by card id, e.g. {angel: Alice}")}

    def expect_damage(self, node: Node, key: str) -> dict[str, int]:
        return {ref: self.integer(v, k, minimum=0, maximum=_MAX_COUNTERS)
                for ref, v, k in self.by_object(node, key, "damage marked by card id, e.g. {bears: 1}")}

    def expect_commander_damage(self, node: Node, key: str) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for p, v, k in self.by_player(node, key, "commander damage by player, e.g. {Alice: {bob-cmdr: 7}}"):
            out[p] = {ref: self.integer(n, nk, minimum=0, maximum=_MAX_COUNT)
                      for ref, n, nk in self.by_object(v, k, "combat damage by commander id, e.g. {bob-cmdr: 7}")}
        return out

    def expect_stack(self, node: Node, key: str) -> list[str]:
        return self.texts(node, key, "the names on the stack, top first")

    def expect_counters(self, node: Node, key: str) -> dict[str, dict[str, int]]:
        items = self.mapping(node, key, "counters by id, e.g. {rav: {\"+1/+1\": 2}}")
        return {k: self.counters(v, f"{key}.{k}") for k, (_, v) in items.items()}

    def expect_lost(self, node: Node, key: str) -> list[str]:
        return [self.player(item, f"{key}[{i}]")
                for i, item in enumerate(self.sequence(node, key, "players", wrap=True), 1)]

    def expect_log(self, node: Node, key: str) -> dict[str, list[str]]:
        items = self.mapping(node, key, "a log check, e.g. {contains: [\"726.2\"]}")
        self.check_keys(items, ("contains", "excludes"), key, "a log check")
        if not items:
            self.fail("a log check needs `contains: [...]` or `excludes: [...]`", node, f"{key}.contains")
        return {k: self.texts(items[k][1], f"{key}.{k}", "rule numbers or phrases")
                for k in ("contains", "excludes") if k in items}

    def expect_decision(self, node: Node, key: str) -> dict[str, Any]:
        what = "a decision check, e.g. {player: Alice, kind: dungeon, options: [Tomb of Annihilation, ...]}"
        items = self.checks(node, key, what, DECISION_KEYS, "decision check")
        out: dict[str, Any] = {}
        for k, (_, v) in items.items():
            if k == "player":
                out[k] = self.player(v, f"{key}.{k}")
            elif k == "kind":
                out[k] = self.text(v, f"{key}.{k}", "a kind of decision (priority, dungeon, room, target, ...)")
            else:
                out[k] = self.texts(v, f"{key}.{k}", "the labels of options (or phrases of them)")
        return out


_EXAMPLES = {
    "cast": "cast: Murder",
    "activate": "activate: rav",
    "play": "play: Swamp",
    "advance": "advance: combat-damage",
    "attack": "attack: {bears: Bob}",
    "block": "block: {wall: bears}",
    "choose": "choose: Forge",
    "concede": "concede: Bob",
    "expect": "expect: {life: {Bob: 15}}",
}
