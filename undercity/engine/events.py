"""Typed game events. Every change to a game is one of these, carrying the rule that caused it.

The text log, the JSON Lines log, triggers (CR 603.2) and statistics are all built from
events. An event may be *private* to one player (a card drawn, the order of a library):
:meth:`Event.render` shows other viewers only what they may see.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, asdict, dataclass, fields
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Base of all events. ``rule`` is the Comprehensive Rules number that produced it."""

    rule: str
    #: Player index that may see the private part of this event, or None if public.
    private_to: int | None = None
    kind: ClassVar[str] = "event"

    def __init_subclass__(cls) -> None:
        # dataclass(slots=True) makes each class again, with its fields and __init__: that one
        # gets the faster __init__. (No super(): the class it would name is the one replaced, and
        # object's __init_subclass__ does nothing.)
        if "__dataclass_fields__" in cls.__dict__ and "__slots__" in cls.__dict__:
            _give_fast_init(cls)

    def text(self, names: list[str], viewer: int | None = None) -> str:  # pragma: no cover - overridden
        return self.kind

    def render(self, names: list[str], viewer: int | None = None) -> str:
        """One log line: the event's text followed by its rule number."""
        return f"{self.text(names, viewer)}  [CR {self.rule}]"

    def in_text_log(self) -> bool:
        """Whether the text log shows this event. An event whose happening the next or the
        previous event already says in full is kept for JSON and triggers but not repeated."""
        return True

    def hidden_from(self, viewer: int | None) -> bool:
        return self.private_to is not None and viewer is not None and viewer != self.private_to

    def __reduce__(self) -> tuple[Any, tuple[type, tuple[Any, ...]]]:
        # Its field values in order, rebuilt by code made for its class: a snapshot holds
        # hundreds of events, and the generic slots protocol costs twice as much to load.
        return (rebuild, (type(self), tuple(getattr(self, n) for n in _field_names(type(self)))))

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        data = {"type": self.kind}
        if self.hidden_from(viewer):
            data.update({f.name: getattr(self, f.name) for f in fields(self) if f.name in _PUBLIC})
            data["hidden"] = True
        else:
            data.update(asdict(self))
        return data


_PUBLIC = {"rule", "player", "private_to", "from_zone", "to_zone", "owner", "count"}
_NAMES: dict[type, tuple[str, ...]] = {}
_MAKERS: dict[type, Callable[[tuple[Any, ...]], Event]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


def rebuild(cls: type, values: tuple[Any, ...]) -> Event:
    """The event of class ``cls`` with these field values (the inverse of ``Event.__reduce__``)."""
    make = _MAKERS.get(cls)
    if make is None:
        if not (isinstance(cls, type) and issubclass(cls, Event)):
            raise TypeError(f"{cls!r} is not an event class")
        names = _field_names(cls)
        lines = ["def make(v):", f"    if type(v) is not tuple or len(v) != {len(names)}:",
                 f"        raise TypeError('{cls.__name__} has {len(names)} fields')", "    o = new(cls)"]
        lines += [f"    put(o, {n!r}, v[{i}])" for i, n in enumerate(names)]
        lines.append("    return o")
        scope: dict[str, Any] = {"new": object.__new__, "put": object.__setattr__, "cls": cls}
        exec("\n".join(lines), scope)  # generated from the class's own field names only
        make = _MAKERS[cls] = scope["make"]
    return make(values)


def _give_fast_init(cls: type) -> None:
    """Put in place of a frozen event class's generated ``__init__`` one of the same signature that
    sets each field through its slot directly: a frozen dataclass sets them with
    ``object.__setattr__``, looked up for each field, and a game makes an event for every change
    (a third less time, still frozen: assigning a field afterwards raises as before). A class whose
    fields need more (a default factory, ``__post_init__``, a field not set by ``__init__``) keeps
    its own."""
    fs = fields(cls)
    if hasattr(cls, "__post_init__") or any(f.default_factory is not MISSING or not f.init for f in fs):
        return
    scope: dict[str, Any] = {}
    params = []
    # The dataclass's order: the positional fields, then the keyword-only ones.
    for f in sorted(fs, key=lambda f: f.kw_only):
        if f.kw_only and "*" not in params:
            params.append("*")
        if f.default is MISSING:
            params.append(f.name)
        else:
            scope[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}")
        scope[f"_s_{f.name}"] = getattr(cls, f.name).__set__  # the slot's own descriptor (maybe a base's)
    body = "".join(f"\n    _s_{f.name}(self, {f.name})" for f in fs) or "\n    pass"
    exec(f"def __init__(self, {', '.join(params)}):{body}", scope)  # from field names only
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[misc]


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and the noun, singular or plural: "1 card", "2 cards", "0 draws"."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def _p(names: list[str], idx: int | None) -> str:
    return names[idx] if idx is not None and 0 <= idx < len(names) else "no one"


@dataclass(frozen=True, slots=True, kw_only=True)
class GameStarted(Event):
    players: tuple[str, ...]
    seed: int
    variant: str
    kind: ClassVar[str] = "game_started"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"Game begins ({self.variant}): {', '.join(self.players)}; seed {self.seed}"


@dataclass(frozen=True, slots=True, kw_only=True)
class StartingPlayer(Event):
    player: int
    kind: ClassVar[str] = "starting_player"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{_p(names, self.player)} is chosen at random to play first"


@dataclass(frozen=True, slots=True, kw_only=True)
class Mulligan(Event):
    player: int
    count: int
    kind: ClassVar[str] = "mulligan"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{_p(names, self.player)} takes a mulligan (number {self.count})"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandKept(Event):
    player: int
    count: int
    kind: ClassVar[str] = "hand_kept"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{_p(names, self.player)} keeps a hand of {self.count}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnBegan(Event):
    turn: int
    player: int
    #: With shared team turns (CR 805.4), every player of the active team.
    team: tuple[int, ...] = ()

    kind: ClassVar[str] = "turn_began"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        who = " and ".join(_p(names, p) for p in self.team) if len(self.team) > 1 else _p(names, self.player)
        return f"— Turn {self.turn}: {who} —"


@dataclass(frozen=True, slots=True, kw_only=True)
class StepBegan(Event):
    step: str
    player: int
    kind: ClassVar[str] = "step_began"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{self.step.replace('-', ' ')} step"


@dataclass(frozen=True, slots=True, kw_only=True)
class ZoneChanged(Event):
    """An object moved from one zone to another (CR 400.7: it becomes a new object)."""

    obj: int
    new_obj: int
    name: str
    owner: int
    controller: int
    from_zone: str
    to_zone: str
    verb: str = "moves"
    token: bool = False
    kind: ClassVar[str] = "zone_changed"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        what = "a card" if self.hidden_from(viewer) else self.name
        return f"{what} ({_p(names, self.owner)}) {self.verb}: {self.from_zone} → {self.to_zone}"

    def in_text_log(self) -> bool:
        # A land played (CR 305.1) is followed by LandPlayed ("Bob plays Island"); a spell
        # countered into its owner's graveyard (CR 701.6a) follows Countered; a token put onto
        # the battlefield (CR 111.1) follows TokenCreated. Moved anywhere else (a replacement
        # effect), the move is news and is shown.
        if self.verb == "is played" and self.to_zone == "battlefield":
            return False
        if self.verb == "is created" and self.from_zone == "nowhere" and self.to_zone == "battlefield":
            return False
        return not (self.verb.startswith("is countered") and self.to_zone == "graveyard")


@dataclass(frozen=True, slots=True, kw_only=True)
class CardDrawn(Event):
    player: int
    obj: int
    name: str
    kind: ClassVar[str] = "card_drawn"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        what = "a card" if self.hidden_from(viewer) else self.name
        return f"{_p(names, self.player)} draws {what}"


@dataclass(frozen=True, slots=True, kw_only=True)
class EmptyLibraryDraw(Event):
    player: int
    kind: ClassVar[str] = "empty_library_draw"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{_p(names, self.player)} attempts to draw from an empty library"


@dataclass(frozen=True, slots=True, kw_only=True)
class Shuffled(Event):
    player: int
    kind: ClassVar[str] = "shuffled"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{_p(names, self.player)} shuffles their library"


@dataclass(frozen=True, slots=True, kw_only=True)
class Revealed(Event):
    player: int
    cards: tuple[str, ...]
    kind: ClassVar[str] = "revealed"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{_p(names, self.player)} reveals {', '.join(self.cards) or 'nothing'}"


@dataclass(frozen=True, slots=True, kw_only=True)
class LookedAt(Event):
    """A player looks at hidden cards (scry, surveil): only they see the names."""

    player: int
    cards: tuple[str, ...]
    top: tuple[str, ...] = ()
    bottom: tuple[str, ...] = ()
    count: int = 0
    kind: ClassVar[str] = "looked_at"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        if self.hidden_from(viewer):
            return (f"{_p(names, self.player)} looks at {plural(self.count, 'card')}, puts "
                    f"{len(self.top)} on top and {len(self.bottom)} on the bottom")
        return (f"{_p(names, self.player)} looks at {', '.join(self.cards)}; top: "
                f"{', '.join(self.top) or '-'}; bottom: {', '.join(self.bottom) or '-'}")


@dataclass(frozen=True, slots=True, kw_only=True)
class LookedAtHandCards(Event):
    """A player looks at cards of another player's hand that player chose (Extract Brain): only
    the one looking is shown the names (CR 402.3: a hand is hidden)."""

    player: int
    owner: int
    cards: tuple[str, ...]
    kind: ClassVar[str] = "looked_at_hand_cards"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        what = plural(len(self.cards), "card") if self.hidden_from(viewer) else ", ".join(self.cards) or "nothing"
        return f"{_p(names, self.player)} looks at {what} from {_p(names, self.owner)}'s hand"


@dataclass(frozen=True, slots=True, kw_only=True)
class FaceDownIdentity(Event):
    """The controller of a face-down spell or permanent looks at it (CR 708.5): private to them,
    so only they (and the all-seeing view) are shown which card it is."""

    player: int
    obj: int
    name: str
    kind: ClassVar[str] = "face_down_identity"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        if self.hidden_from(viewer):
            return f"{_p(names, self.player)} looks at a face-down object they control"
        return f"{_p(names, self.player)} looks at the face-down object: it is {self.name}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnedFaceUp(Event):
    """A face-down permanent is turned face up (CR 702.37e, 708.8): the same permanent, now with
    its card's characteristics; it doesn't enter the battlefield."""

    player: int
    obj: int
    name: str
    kind: ClassVar[str] = "turned_face_up"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{_p(names, self.player)} turns a face-down creature face up: it is {self.name}"


@dataclass(frozen=True, slots=True, kw_only=True)
class LandPlayed(Event):
    player: int
    obj: int
    name: str
    kind: ClassVar[str] = "land_played"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{_p(names, self.player)} plays {self.name}"


@dataclass(frozen=True, slots=True, kw_only=True)
class SpellCast(Event):
    player: int
    obj: int
    name: str
    targets: tuple[str, ...] = ()
    x: int | None = None
    modes: tuple[int, ...] = ()
    alt_cost: str | None = None
    copy: bool = False
    kind: ClassVar[str] = "spell_cast"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        verb = "copies" if self.copy else "casts"
        s = f"{_p(names, self.player)} {verb} {self.name}"
        if self.alt_cost:
            s += f" for its {self.alt_cost} cost"
        if self.x is not None:
            s += f" with X={self.x}"
        if self.modes:
            s += f", modes {', '.join(str(m + 1) for m in self.modes)}"
        if self.targets:
            s += f" targeting {', '.join(self.targets)}"
        return s


@dataclass(frozen=True, slots=True, kw_only=True)
class AbilityActivated(Event):
    player: int
    source: int
    name: str
    ability: str
    targets: tuple[str, ...] = ()
    kind: ClassVar[str] = "ability_activated"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        s = f"{_p(names, self.player)} activates {self.name}: {self.ability}"
        if self.targets:
            s += f" targeting {', '.join(self.targets)}"
        return s


@dataclass(frozen=True, slots=True, kw_only=True)
class AbilityTriggered(Event):
    player: int
    source: int | None
    name: str
    ability: str
    targets: tuple[str, ...] = ()
    kind: ClassVar[str] = "ability_triggered"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        s = f"{self.name} triggers ({_p(names, self.player)}): {self.ability}"
        if self.targets:
            s += f" targeting {', '.join(self.targets)}"
        return s


@dataclass(frozen=True, slots=True, kw_only=True)
class Resolved(Event):
    player: int
    name: str
    kind: ClassVar[str] = "resolved"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{self.name} resolves"


@dataclass(frozen=True, slots=True, kw_only=True)
class Fizzled(Event):
    """All targets illegal on resolution (CR 608.2b): the spell or ability doesn't resolve."""

    player: int
    name: str
    kind: ClassVar[str] = "fizzled"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{self.name} doesn't resolve: all its targets are illegal"


@dataclass(frozen=True, slots=True, kw_only=True)
class Countered(Event):
    player: int
    name: str
    kind: ClassVar[str] = "countered"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{self.name} is countered"


@dataclass(frozen=True, slots=True, kw_only=True)
class CeasedToExist(Event):
    name: str
    what: str
    kind: ClassVar[str] = "ceased_to_exist"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{self.name} ({self.what}) ceases to exist"


@dataclass(frozen=True, slots=True, kw_only=True)
class Tapped(Event):
    obj: int
    name: str
    tapped: bool
    kind: ClassVar[str] = "tapped"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{self.name} becomes {'tapped' if self.tapped else 'untapped'}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Phased(Event):
    """A permanent phased out or in (CR 702.26b-c): no zone change (702.26d)."""

    obj: int
    name: str
    out: bool
    #: phased out or in along with the permanent it's attached to (CR 702.26g)
    indirectly: bool = False
    kind: ClassVar[str] = "phased"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        how = " along with what it's attached to" if self.indirectly else ""
        return f"{self.name} phases {'out' if self.out else 'in'}{how}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ManaAdded(Event):
    player: int
    mana: str
    source: str
    kind: ClassVar[str] = "mana_added"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{_p(names, self.player)} adds {self.mana} ({self.source})"


@dataclass(frozen=True, slots=True, kw_only=True)
class CostPaid(Event):
    player: int
    name: str
    cost: str
    kind: ClassVar[str] = "cost_paid"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{_p(names, self.player)} pays {self.cost} for {self.name}"


@dataclass(frozen=True, slots=True, kw_only=True)
class DamageDealt(Event):
    source: int | None
    source_name: str
    target_obj: int | None = None
    target_player: int | None = None
    target_name: str
    amount: int
    combat: bool = False
    kind: ClassVar[str] = "damage_dealt"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        c = " combat" if self.combat else ""
        return f"{self.source_name} deals {self.amount}{c} damage to {self.target_name}"


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatDamageDealt(Event):
    """A combat damage step's damage has been dealt (CR 510.2); ``to_players`` maps each
    damaged player to the controllers of the creatures that dealt them combat damage."""

    to_players: dict[int, tuple[int, ...]]
    first_strike: bool = False
    kind: ClassVar[str] = "combat_damage_dealt"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        step = "first-strike" if self.first_strike else "regular"
        return f"{step} combat damage is dealt"


@dataclass(frozen=True, slots=True, kw_only=True)
class DamagePrevented(Event):
    source_name: str
    target_name: str
    amount: int
    kind: ClassVar[str] = "damage_prevented"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{self.amount} damage from {self.source_name} to {self.target_name} is prevented"


@dataclass(frozen=True, slots=True, kw_only=True)
class LifeChanged(Event):
    player: int
    amount: int
    life: int
    kind: ClassVar[str] = "life_changed"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        verb = "gains" if self.amount > 0 else "loses"
        return f"{_p(names, self.player)} {verb} {abs(self.amount)} life (now {self.life})"


@dataclass(frozen=True, slots=True, kw_only=True)
class CountersChanged(Event):
    obj: int | None
    player: int | None = None
    name: str
    counter: str
    amount: int
    total: int
    kind: ClassVar[str] = "counters_changed"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        verb = "gets" if self.amount > 0 else "loses"
        return f"{self.name} {verb} {plural(abs(self.amount), self.counter + ' counter')} (now {self.total})"


@dataclass(frozen=True, slots=True, kw_only=True)
class TokenCreated(Event):
    obj: int
    name: str
    controller: int
    kind: ClassVar[str] = "token_created"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{_p(names, self.controller)} creates a {self.name} token"


@dataclass(frozen=True, slots=True, kw_only=True)
class EffectBegan(Event):
    """A continuous effect starts (CR 611), e.g. "+3/+3 until end of turn"."""

    description: str
    kind: ClassVar[str] = "effect_began"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return self.description


@dataclass(frozen=True, slots=True, kw_only=True)
class EffectEnded(Event):
    """A continuous effect with a duration ends (CR 611.2b), e.g. "for as long as it remains
    tapped" when it untaps."""

    description: str
    kind: ClassVar[str] = "effect_ended"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return self.description


@dataclass(frozen=True, slots=True, kw_only=True)
class EffectsEnded(Event):
    count: int
    kind: ClassVar[str] = "effects_ended"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        if self.count == 1:
            return '1 "until end of turn" effect ends and damage wears off'
        return f'{self.count} "until end of turn" effects end and damage wears off'


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackDeclared(Event):
    player: int
    attacker: int
    name: str
    defender: str
    kind: ClassVar[str] = "attack_declared"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{self.name} attacks {self.defender}"


@dataclass(frozen=True, slots=True, kw_only=True)
class BlockersDeclared(Event):
    """Every defending player has declared blockers (CR 509.1): ``unblocked`` are the attacking
    creatures no creature was declared to block (CR 509.1h, 509.3g)."""

    unblocked: tuple[int, ...]
    kind: ClassVar[str] = "blockers_declared"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return "blockers are declared"

    def in_text_log(self) -> bool:
        return False  # the blocks declared (or "no creatures block") said it


@dataclass(frozen=True, slots=True, kw_only=True)
class BlockDeclared(Event):
    player: int
    blocker: int
    name: str
    attacker: int
    attacker_name: str
    kind: ClassVar[str] = "block_declared"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{self.name} blocks {self.attacker_name}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Goaded(Event):
    obj: int
    name: str
    player: int
    kind: ClassVar[str] = "goaded"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{self.name} is goaded by {_p(names, self.player)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerLost(Event):
    player: int
    reason: str
    kind: ClassVar[str] = "player_lost"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{_p(names, self.player)} loses the game: {self.reason}"


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerLeft(Event):
    player: int
    kind: ClassVar[str] = "player_left"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{_p(names, self.player)} leaves the game; everything they own leaves with them"


@dataclass(frozen=True, slots=True, kw_only=True)
class GameEnded(Event):
    winners: tuple[int, ...]
    reason: str
    kind: ClassVar[str] = "game_ended"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        if not self.winners:
            return f"The game is a draw ({self.reason})"
        verb = "wins" if len(self.winners) == 1 else "win"
        return f"{' and '.join(_p(names, w) for w in self.winners)} {verb} the game ({self.reason})"


@dataclass(frozen=True, slots=True, kw_only=True)
class DungeonEntered(Event):
    """A player puts a dungeon card they own into the command zone (CR 309.2a, 701.49a)."""

    player: int
    dungeon: str
    into: str | None = None  # "Undercity" for venture into Undercity (CR 701.49d)
    kind: ClassVar[str] = "dungeon_entered"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        how = f"ventures into {self.into}" if self.into else "ventures into the dungeon"
        return f"{_p(names, self.player)} {how}: {self.dungeon} is put into the command zone"


@dataclass(frozen=True, slots=True, kw_only=True)
class VentureMarkerMoved(Event):
    """A venture marker is put on or moved into a room (CR 309.4a, 309.5a, 701.49b)."""

    player: int
    dungeon: str
    room: str
    from_room: str | None = None
    kind: ClassVar[str] = "venture_marker_moved"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        if self.from_room is None:
            return f"{_p(names, self.player)}'s venture marker is put on {self.room} ({self.dungeon})"
        return (f"{_p(names, self.player)}'s venture marker moves from {self.from_room} to {self.room} "
                f"({self.dungeon})")


@dataclass(frozen=True, slots=True, kw_only=True)
class DungeonCompleted(Event):
    """A dungeon card is removed from the game: its owner completes it (CR 309.7)."""

    player: int
    dungeon: str
    kind: ClassVar[str] = "dungeon_completed"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{_p(names, self.player)} completes {self.dungeon}; it is removed from the game"


@dataclass(frozen=True, slots=True, kw_only=True)
class InitiativeTaken(Event):
    """A player takes the initiative (CR 726.3); ``previous`` had it until now."""

    player: int
    previous: int | None = None
    kind: ClassVar[str] = "initiative_taken"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        s = f"{_p(names, self.player)} takes the initiative"
        if self.previous == self.player:
            return s + " again (they already have it: it triggers, but there is still one initiative)"
        if self.previous is not None:
            return s + f"; {_p(names, self.previous)} no longer has it"
        return s


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceRolled(Event):
    """A player rolls one or more dice of ``sides`` faces (CR 706.1). ``naturals`` are the
    numbers on the dice (CR 706.2) and ``results`` the same after modifiers, for the kept
    dice only; ``ignored`` rolls never happened (CR 706.6)."""

    player: int
    sides: int
    naturals: tuple[int, ...]
    results: tuple[int, ...]
    ignored: tuple[int, ...] = ()
    kind: ClassVar[str] = "dice_rolled"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        n = len(self.naturals) + len(self.ignored)
        dice = f"a d{self.sides}" if n == 1 else f"{n} d{self.sides}"
        s = f"{_p(names, self.player)} rolls {dice}: {', '.join(str(v) for v in self.results)}"
        if self.ignored:
            s += f" (ignoring {', '.join(str(v) for v in self.ignored)})"
        return s


@dataclass(frozen=True, slots=True, kw_only=True)
class BecameMonarch(Event):
    """A player becomes the monarch (CR 725.3); ``previous`` was the monarch until now."""

    player: int
    previous: int | None = None
    kind: ClassVar[str] = "became_monarch"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        s = f"{_p(names, self.player)} becomes the monarch"
        if self.previous is not None:
            return s + f"; {_p(names, self.previous)} is no longer the monarch"
        return s


@dataclass(frozen=True, slots=True, kw_only=True)
class Note(Event):
    """A rules step with no other event type (a choice made, a step skipped)."""

    message: str
    player: int | None = None
    kind: ClassVar[str] = "note"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return self.message
