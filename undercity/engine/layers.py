"""The layer system: one home for continuous effects (CR 613).

A permanent's characteristics are its card's (or its copiable values, CR 707.2) after every
continuous effect that applies to it, applied layer by layer (CR 613.1): 1 copy, 2 control,
3 text, 4 type, 5 color, 6 abilities, 7a characteristic-defining P/T (604.3), 7b P/T setting,
7c P/T modifying (counters too, 613.4c), 7d P/T switching. Within a layer, effects apply in
timestamp order (613.7) — except that an effect that depends on another (613.8a: applying the
other would change whether it exists, or what it applies to) waits until that one has applied
(613.8b), the order being re-examined after each one (613.8c); effects in a dependency loop
apply in timestamp order.

Continuous effects come from

* static abilities of permanents (CR 611.3): the language of
  :mod:`undercity.cards.language.continuous` (:class:`~undercity.cards.language.continuous.Continuous`),
  and the older static kinds ``pump``, ``grant``, ``anthem_if``, ``attached_pump_or``, read
  here as the same modifications (:func:`_static_mods`). The set of objects a static
  ability affects is evaluated as the layer applies (611.3a); once it has begun applying in
  one layer it keeps the same set in later ones, even if its ability is removed meanwhile
  (613.6). A static ability a permanent lost in layer 6 creates no effect in layer 7.
* resolved spells and abilities (CR 611.2), on ``State.effects``: ``pump`` (7c and 6),
  ``set_base_pt`` (7b, with layer-4 subtypes), ``lose_abilities`` (6), and
  :class:`LayerEffect` (any modifications, :func:`add_effect`). Their affected set is locked
  in as they begin (611.2c): one record per object.
* emblems in the command zone (CR 114.4), ``State.extra[EMBLEMS]``.

**Caching.** The characteristics of every permanent are computed at once and kept until the
game changes: the cache is keyed by the state object, the number of events (every change to
a game is an event), the effects list and its length, the battlefield's length, and the
timestamp counter (every new object and every attachment takes a timestamp, 613.7e). A result
that read only the battlefield, the effects and the permanents involved is kept across events
and new timestamps as long as those permanents' attachments, controllers and timestamps are
unchanged and the battlefield is the same — or changed only by permanents leaving that it
neither found a source nor touched, and by newcomers without a static ability that creates
continuous effects that no effect it found describes (:func:`_bf_change_kept`); so is it when
the engine resumes
(``Game.advance``, :func:`revalidate`), whereas a result that read a condition or a count is
dropped then.
Computing is copy-on-write: only the permanents an effect touches get a :class:`Chars`. A copied game
(``Game.copy``, structural) is a new state object, so nothing leaks between copies; the cache is
module-level, never pickled. Counters are read at query time (7c), so they can't be stale.
When no continuous effect exists at all (the common case) nothing is computed: the table is
None and every characteristic is the card's.

**Control (layer 2)** is kept on ``Obj.controller``, which every rules module reads: the layer
system writes the controller layer 2 computes there as soon as it changes
(:func:`sync_control`, run after every event), remembering the controller the permanent had
before any control-changing effect (``State.extra[BASE_CONTROLLER]``). A permanent whose
controller changes is removed from combat (CR 506.4) and has not been under its new
controller's control continuously since their turn began (CR 302.6).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from undercity.cards import model as m
from undercity.cards.language.continuous import (
    ARTIFACT_SUBTYPES,
    ENCHANTMENT_SUBTYPES,
    LAND_SUBTYPES,
    AddAbilities,
    AddColors,
    AddTypes,
    AttachedToHost,
    Continuous,
    CopyOf,
    DefinePT,
    EveryCreatureTypeElsewhere,
    GainControl,
    LoseAbilities,
    LoseKeywords,
    Mod,
    ModifyPT,
    PermanentsYouControl,
    PTValue,
    SetColors,
    SetPT,
    SetSubtypes,
    SetTypes,
    SwitchPT,
)
from undercity.cards.language.entering import IsChosenType
from undercity.cards.language.face_down import FACE_DOWN_OBJECTS
from undercity.cards.language.from_graveyard import InGraveyard
from undercity.engine.state import ContinuousEffect

if TYPE_CHECKING:
    from undercity.cards.model import CardDef, ManaCost
    from undercity.engine.game import Game
    from undercity.engine.state import Obj, State

LAYERS = ("1", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d")

#: ``State.extra`` key: the emblems in command zones (CR 114), as (owner, kind) pairs.
EMBLEMS = "emblems"
#: ``State.extra`` key: object id -> the controller it had before control-changing effects.
BASE_CONTROLLER = "base_controller"
#: ``State.extra`` key: permanent id -> {keyword counter kind: the timestamp of its counters}
#: (CR 122.1b, 613.7c: each counter of a kind takes the newest one's timestamp).
KEYWORD_COUNTERS = "keyword_counters"
#: The kind of resolved effect by which an object "loses all abilities" (CR 613.1f).
LOSE = "lose_abilities"
#: Kinds of ``State.effects`` records the layer system reads.
LAYER_KINDS = frozenset({"pump", "set_base_pt", LOSE, "layer"})

#: The static kinds (other than :class:`Continuous`) that create continuous effects.
#: (``hexproof_while_untapped`` — "has hexproof as long as it's untapped" — is read when asked,
#: :func:`undercity.engine.characteristics.keywords`: tapping needs no event of its own.)
STATIC_KINDS = frozenset({"pump", "grant", "anthem_if", "attached_pump_or"})


@dataclass(slots=True)
class LayerEffect(ContinuousEffect):
    """A resolved effect's modifications ``mods`` of object ``obj`` (CR 611.2; locked-in set,
    611.2c). ``until``: as :class:`ContinuousEffect`, or ``source_controlled`` — "for as long
    as you control [source]" (ends when ``player`` no longer controls ``source``, 611.2b)."""

    mods: tuple[Mod, ...] = ()
    text: str = ""


class Chars:
    """An object's characteristics after continuous effects (CR 109.3, 613). The attributes
    that a card also has (name, types, colors, …) have the card's names, so code that reads
    a ``CardDef`` reads these the same way."""

    __slots__ = ("name", "mana_cost", "colors", "types", "subtypes", "supertypes", "keywords", "triggered",
                 "activated", "static", "power", "toughness", "mod_p", "mod_t", "switched", "controller",
                 "card", "lost", "copied", "enchant")

    def __init__(self, card: CardDef, controller: int) -> None:
        self.card = card  # the copiable values' card (CR 707.2): the printed card unless copied
        self.name = card.name
        self.mana_cost: ManaCost | None = card.mana_cost
        self.colors = card.colors
        self.types = card.types
        self.subtypes = card.subtypes
        self.supertypes = card.supertypes
        self.keywords = card.keywords
        self.triggered: tuple[m.Triggered, ...] = card.triggered
        self.activated: tuple[m.Activated, ...] = card.activated
        self.static: tuple[m.Static, ...] = card.static
        self.power = card.power
        self.toughness = card.toughness
        self.mod_p = 0
        self.mod_t = 0
        self.switched = False
        self.controller = controller
        self.lost: int | None = None  # timestamp of the latest "loses all abilities"
        self.copied: CopyOf | None = None  # the copy effect that applied (layer 1), if any
        #: Its enchant ability (CR 702.5a): the card's, or one gained in layer 6 (bestow, 702.103b).
        self.enchant: m.TargetSpec | None = card.enchant

    def copy(self) -> Chars:
        c = Chars.__new__(Chars)
        for k in Chars.__slots__:
            setattr(c, k, getattr(self, k))
        return c

    @property
    def mana_value(self) -> int:
        return self.mana_cost.mana_value if self.mana_cost else 0


@dataclass(slots=True)
class _Eff:
    """One continuous effect's part in one layer, while the layers are computed."""

    layer: str
    ts: int
    mod: Mod
    key: tuple[Any, ...]  # identifies the effect (its parts in several layers share it)
    source: int | None = None
    static: m.Static | None = None  # the static ability creating it (None: a resolved effect)
    locked: tuple[int, ...] | None = None  # 611.2c: the objects a resolved effect affects
    affects: Affects | None = None
    cda: bool = False


# ---------------------------------------------------------------------------- named counts

def _opp_graveyard_types(g: Game, controller: int) -> int:
    """The number of card types among cards in your opponents' graveyards (Nighthawk Scavenger)."""
    from undercity.engine.targeting import _is_opponent

    s = g.s
    kinds: set[str] = set()
    for p in s.players:
        if p.idx != controller and not p.left and _is_opponent(g, controller, p.idx):
            for oid in p.graveyard:
                kinds |= s.objs[oid].card.types
    return len(kinds - {"Tribal", "Kindred"}) + len(kinds & {"Tribal", "Kindred"})


def _cards_in_hand(g: Game, controller: int) -> int:
    return len(g.s.players[controller].hand)


def _cards_in_graveyard(g: Game, controller: int) -> int:
    return len(g.s.players[controller].graveyard)


def _cards_in_opponents_graveyards(g: Game, controller: int) -> int:
    """The cards in the graveyards of the players who are opponents of ``controller`` now
    (Consuming Aberration; CR 102.2, 800.4a: a player who left has no graveyard)."""
    from undercity.engine.targeting import _is_opponent

    s = g.s
    return sum(len(p.graveyard) for p in s.players
               if p.idx != controller and not p.left and _is_opponent(g, controller, p.idx))


def _creature_cards_in_graveyard(g: Game, controller: int) -> int:
    """Cards in a graveyard have only their printed characteristics (CR 400.3, 613.1)."""
    s = g.s
    return sum(1 for oid in s.players[controller].graveyard if "Creature" in s.objs[oid].card.types)


def _creature_cards_in_all_graveyards(g: Game, controller: int) -> int:
    """The creature cards in every player's graveyard (a player who left has none, CR 800.4a), by
    their printed characteristics (CR 400.3, 613.1)."""
    s = g.s
    return sum(1 for p in s.players if not p.left for oid in p.graveyard if "Creature" in s.objs[oid].card.types)


def _party_size(g: Game, controller: int) -> int:
    from undercity.engine.party import size

    return size(g, controller)  # CR 700.8


def _completed_dungeons_twice(g: Game, controller: int) -> int:
    return 2 * len(set(g.s.players[controller].completed))


#: Counts a continuous effect's numbers can name: name -> fn(game, controller of the source).
COUNTS: dict[str, Callable[[Game, int], int]] = {
    "card_types_in_opponents_graveyards": _opp_graveyard_types,
    "cards_in_hand": _cards_in_hand,
    "twice_completed_dungeons": _completed_dungeons_twice,
    "cards_in_graveyard": _cards_in_graveyard,
    "creature_cards_in_graveyard": _creature_cards_in_graveyard,
    "creature_cards_in_all_graveyards": _creature_cards_in_all_graveyards,
    "creatures_in_party": _party_size,
    "cards_in_opponents_graveyards": _cards_in_opponents_graveyards,
}


def _chosen_players_graveyard(g: Game, controller: int, source: int) -> int:
    """The cards in the graveyard of the player ``source`` chose as it entered (Sewer Nemesis;
    CR 614.12a); 0 once that player has left the game (CR 800.4a)."""
    from undercity.engine.entering import chosen_player

    return sum(len(g.s.players[p].graveyard) for p in chosen_player(g, source))


def _permanents_you_control(g: Game, v: PermanentsYouControl, controller: int, source: int | None) -> int:
    """The permanents ``controller`` controls matching the filter, by their types after layer 4
    (CR 613.1d: a changeling is a Crab; the layer system's working values mid-computation)."""
    from undercity.engine.targeting import matches

    s = g.s
    return v.n * sum(1 for oid in s.battlefield if s.objs[oid].controller == controller
                     and matches(g, s.objs[oid], v.filter, controller, source))


def _attached_to_host(g: Game, v: AttachedToHost, source: int | None) -> int:
    """The permanents of the subtypes attached to what ``source`` is attached to (CR 301.5,
    303.4), by their subtypes after layer 4 (the working values mid-computation)."""
    from undercity.engine import characteristics as ch

    s = g.s
    src = s.objs.get(source) if source is not None else None
    host = src.attached_to if src is not None else None
    if host is None:
        return 0
    return v.n * sum(1 for oid in s.battlefield if s.objs[oid].attached_to == host
                     and ch.subtypes(g, s.objs[oid]) & v.subtypes)


#: Counts that read the object whose ability it is: name -> fn(game, controller, source id).
SOURCE_COUNTS: dict[str, Callable[[Game, int, int], int]] = {
    "cards_in_chosen_players_graveyard": _chosen_players_graveyard,
}


def value(g: Game, v: PTValue, controller: int, source: int | None = None) -> int:
    if isinstance(v, int):
        return v
    if isinstance(v, PermanentsYouControl):
        return _permanents_you_control(g, v, controller, source)
    if isinstance(v, AttachedToHost):
        return _attached_to_host(g, v, source)
    name, plus = v
    if source is not None and name in SOURCE_COUNTS:
        return SOURCE_COUNTS[name](g, controller, source) + plus
    fn = COUNTS.get(name)
    if fn is None:
        raise ValueError(f"unknown count {name!r} in a continuous effect; known: {', '.join(sorted(COUNTS))}")
    return fn(g, controller) + plus


# ---------------------------------------------------------------------------- the cache

@dataclass(frozen=True, slots=True)
class _Reach:
    """What a computation's result says of the permanents it didn't read (:func:`_bf_change_kept`).
    ``involved``: the sources it found and the permanents it touched — the only ones whose
    leaving can change it. ``opens``: one test per static effect whose objects are found on the
    battlefield ("all …" of characteristics, "commander creatures you own"), asked of a newcomer
    with its card's characteristics: whether the effect could apply to it (None: some effect
    could apply to any newcomer). ``every``: every permanent was watched (a filter read their
    controllers), so newcomers are watched too."""

    involved: frozenset[int]
    opens: tuple[Callable[[Game, Obj], bool], ...] | None
    every: bool


#: No continuous effect: nothing read, nothing that could apply to a newcomer.
_NO_REACH = _Reach(frozenset(), (), False)


class _Cache:
    __slots__ = ("state", "events", "nev", "effects", "neff", "nbf", "ts", "table", "working", "volatile",
                 "watched", "nemb", "last", "probes", "layer_effects", "reach", "bf", "next_id")

    def __init__(self) -> None:
        self.state: State | None = None
        self.events: Any = None
        self.nev = self.neff = self.nbf = self.ts = self.nemb = self.last = 0
        self.effects: Any = None
        #: the records of the effects list the computation read, with their objects (``_layer_effects``)
        self.layer_effects: tuple[tuple[Any, int | None], ...] = ()
        self.table: Table | None = None
        self.working: tuple[State, dict[int, Chars]] | None = None
        #: the computation read more than the key and ``watched`` show (a condition, a count,
        #: a filter): any event may change it
        self.volatile = True
        #: (object, what it was attached to, its controller, its timestamp) for the permanents it read
        self.watched: tuple[tuple[Obj, int | None, int, int], ...] = ()
        #: the gates of static abilities it read (see :class:`_Work`), each with its answer then
        self.probes: tuple[tuple[Probe, bool], ...] = ()
        #: which permanents could matter to it besides those it read (see :class:`_Reach`)
        self.reach = _NO_REACH
        #: the battlefield it read, and the next object id then: permanents with that id or a
        #: later one joined since (CR 400.7)
        self.bf: tuple[int, ...] = ()
        self.next_id = 0


class Table:
    """The characteristics of the permanents continuous effects touch, computed at one moment
    (every other permanent has its card's)."""

    __slots__ = ("chars", "gained", "lost")

    def __init__(self, s: State, chars: dict[int, Chars]) -> None:
        self.chars = chars
        objs = s.objs
        #: permanents whose abilities are not their card's (granted, copied, lost), in
        #: battlefield order
        changed = {oid for oid, c in chars.items()
                   if c.triggered is not objs[oid].card.triggered
                   or c.activated is not objs[oid].card.activated or c.static is not objs[oid].card.static}
        self.gained = tuple(oid for oid in s.battlefield if oid in changed) if changed else ()
        #: permanents that lost all abilities: the timestamp of the latest loss (CR 613.1f)
        self.lost = {oid: c.lost for oid, c in chars.items() if c.lost is not None}


_CACHE = _Cache()


def forget() -> None:
    """Drop the cache (after changing in place what its key cannot see: an object's card, an
    effect record)."""
    _CACHE.state = None


def revalidate() -> None:
    """The position may have been changed from outside the engine since the last question
    (Game.advance): a result that read something any event may change (a condition, a count) is
    dropped; any other is checked, at the next question, against everything it read — the
    battlefield's contents, the effects list, the emblems, and the attachments, controllers and
    timestamps of the permanents involved — just as after an event (:func:`table`)."""
    c = _CACHE
    if c.volatile:
        c.state = None
    else:
        c.nev = -1  # no events list has this length: the fast check fails, the full one runs


@lru_cache(maxsize=4096)
def has_layer_statics(card: CardDef) -> bool:
    """Whether a card has a static ability that creates continuous effects."""
    return any(isinstance(st, Continuous) or st.kind in STATIC_KINDS for st in card.static)


def working(s: State) -> dict[int, Chars] | None:
    """The characteristics being computed right now for ``s`` (a condition or filter asked
    about an object while the layers apply: it sees what has applied so far)."""
    w = _CACHE.working
    return w[1] if w is not None and w[0] is s else None


def table(g: Game, _c: _Cache = _CACHE) -> Table | None:
    """The characteristics of the permanents continuous effects touch now (the others have
    their card's), or None when no continuous effect exists."""
    s = g.s
    ev = g.events
    # chars()'s check, first: nearly every call finds nothing changed
    if (_c.nev == len(ev) and _c.state is s and _c.ts == s.timestamp and _c.effects is s.effects
            and _c.neff == len(s.effects) and _c.nbf == len(s.battlefield)):
        return _c.table
    c = _c
    eff = s.effects
    bf = s.battlefield
    if c.state is s and c.events is ev:
        same_effects = c.effects is eff and c.neff == len(eff)
        n = len(bf)
        last = bf[-1] if bf else 0
        if c.nbf == n:
            if same_effects and c.nev == len(ev) and c.ts == s.timestamp:
                return c.table
            same_bf = c.last == last
        else:
            same_bf = False
        # Events happened, but none of what this computation read changed: the effects are the
        # same — or only records of other kinds came or went ("can't be blocked", "doesn't untap",
        # goad: the layers read only LAYER_KINDS, CR 613.1) —, and so is the battlefield —
        # permanents join it only at its end as new objects with new, increasing ids (CR 400.7),
        # so its length and last id identify its contents (see characteristics.permanents_with) —,
        # and so are the attachments, controllers and timestamps (613.7: a new one on attaching,
        # 701.3c) of the permanents it read. Objects created elsewhere (a card drawn, a spell
        # cast) take timestamps too; they change nothing. Permanents that joined or left the
        # battlefield change nothing either when none of them is a source or was touched, and
        # no effect could apply to a newcomer (:func:`_bf_change_kept`).
        if (not c.volatile and c.nemb == len(s.extra.get(EMBLEMS, ()))
                and (same_effects or _same(c.layer_effects, _layer_effects(eff)))
                and (same_bf or (joined := _bf_change_kept(g, c)) is not None)):
            for o, a, p, ts in c.watched:
                if o.attached_to != a or o.controller != p or o.timestamp != ts:
                    break
            else:
                for probe, was in c.probes:
                    if probe(g) != was:
                        break
                else:
                    c.nev, c.ts, c.effects, c.neff = len(ev), s.timestamp, eff, len(eff)
                    if not same_bf:
                        c.nbf, c.last, c.bf, c.next_id = n, last, tuple(bf), s.next_id
                        if c.reach.every:  # newcomers' controllers are read too
                            on = set(bf)
                            c.watched = tuple(x for x in c.watched if x[0].id in on) + tuple(
                                (o, o.attached_to, o.controller, o.timestamp) for o in joined)
                    return c.table
    if c.working is not None and c.working[0] is s:
        return None  # asked while computing: callers read the work in progress instead
    if _any(g):
        t, c.volatile, c.watched, c.probes, c.reach = _compute(g)
    else:
        t, c.volatile, c.watched, c.probes, c.reach = None, False, (), (), _NO_REACH
    eff = s.effects
    c.state, c.events, c.nev, c.effects, c.neff = s, ev, len(ev), eff, len(eff)
    c.layer_effects = _layer_effects(eff)
    c.nbf, c.ts, c.table, c.nemb = len(s.battlefield), s.timestamp, t, len(s.extra.get(EMBLEMS, ()))
    c.last = s.battlefield[-1] if s.battlefield else 0
    c.bf, c.next_id = tuple(s.battlefield), s.next_id
    return t


def _bf_change_kept(g: Game, c: _Cache) -> list[Obj] | None:
    """The permanents that joined the battlefield since the cached computation (``c``), when
    neither they nor those that left can change its result; None when they might. Permanents
    join only at the end of the battlefield, as new objects with new ids (CR 400.7), and leave
    it by removal: the battlefield must be the permanents that stayed, in their old order, then
    the newcomers (a permanent phasing in rejoins with its old id, CR 702.26d: not a newcomer,
    so the result is computed again). A permanent that left changes nothing if the computation
    neither found it a source nor touched it: a filter reads each object's own
    characteristics. A newcomer changes nothing if it has no static ability that creates
    continuous effects and no static effect could apply to it: none applies to its card's
    characteristics, so none changes them to ones another would apply to (CR 613.1, 611.3a)."""
    s = g.s
    bf = s.battlefield
    reach = c.reach
    first = c.next_id
    k = len(bf)
    while k and bf[k - 1] >= first:
        k -= 1
    old = c.bf
    stayed = bf[:k]
    if k != len(old) or tuple(stayed) != old:  # some left (or a permanent phased in)
        kept = set(stayed)
        if [oid for oid in old if oid in kept] != stayed or not reach.involved.isdisjoint(
                oid for oid in old if oid not in kept):
            return None
    objs = s.objs
    joined = [objs[oid] for oid in bf[k:]]
    if joined:
        opens = reach.opens
        if opens is None:
            return None
        for o in joined:
            if has_layer_statics(o.card) or any(op(g, o) for op in opens):
                return None
    return joined


def _layer_effects(effects: list[Any]) -> tuple[tuple[Any, int | None], ...]:
    """The records of ``State.effects`` the layer system reads (:data:`LAYER_KINDS`), each with
    the object it applies to: a permanent spell's effect follows it onto the battlefield by
    changing that in place (CR 112.4, ``continuous.spell_effects_continue``)."""
    return tuple((e, e.obj) for e in effects if e.kind in LAYER_KINDS)


def _same(a: tuple[tuple[Any, int | None], ...], b: tuple[tuple[Any, int | None], ...]) -> bool:
    """Whether two :func:`_layer_effects` hold the very same records (compared by identity: two
    "until end of turn" pumps alike are two effects), on the same objects, in the same order."""
    return len(a) == len(b) and all(x[0] is y[0] and x[1] == y[1] for x, y in zip(a, b, strict=True))


def token(g: Game) -> object:
    """What names the characteristics now, for :func:`unchanged_since`: the table when it is
    kept across events (not ``volatile``; None when no continuous effect exists), else a new
    object that nothing later is."""
    t = table(g)
    return object() if _CACHE.volatile else t


def unchanged_since(g: Game, tok: object) -> bool:
    """Whether the characteristics are those :func:`token` named: the table is the same, kept
    because nothing it read changed — the battlefield, the effects, the emblems, the
    attachments, controllers and timestamps of the permanents involved, and the answers of its
    gates, asked again (:class:`_Work`) — or there is none, then and now."""
    t = table(g)
    return not _CACHE.volatile and t is tok


def cache_current(g: Game) -> bool:
    """Whether what the cache answers now (:func:`table`) is what the layers give computed
    afresh: the invariants ask it after every decision, so a result kept across events
    (``volatile`` False) is proved to be still right where it is kept."""
    cached = table(g)
    fresh = _compute(g)[0] if _any(g) else None

    def values(t: Table | None) -> dict[int, tuple[Any, ...]]:
        return {} if t is None else {oid: tuple(getattr(c, k) for k in Chars.__slots__) for oid, c in t.chars.items()}
    return values(cached) == values(fresh)


def _any(g: Game) -> bool:
    from undercity.engine.characteristics import permanents_with
    from undercity.engine.from_graveyard import static_sources

    s = g.s
    if permanents_with(s, has_layer_statics) or EMBLEMS in s.extra or KEYWORD_COUNTERS in s.extra:
        return True
    if static_sources(g):
        return True  # a card whose static ability functions from a graveyard (CR 113.6b)
    return any(e.kind in LAYER_KINDS for e in s.effects)


def chars(g: Game, o: Obj, _c: _Cache = _CACHE) -> Chars | None:
    """``o``'s characteristics after continuous effects, or None: its card's (the common case).
    Objects not on the battlefield have their card's, but for characteristic-defining
    abilities, which function everywhere (CR 604.3): see :func:`cda_pt`."""
    if o.zone != "battlefield":
        return None
    s = g.s
    w = _c.working
    if w is not None and w[0] is s:
        return w[1].get(o.id)
    # table()'s check, inline: this is asked for every characteristic of every permanent
    if (_c.nev == len(g.events) and _c.state is s and _c.ts == s.timestamp and _c.effects is s.effects
            and _c.neff == len(s.effects) and _c.nbf == len(s.battlefield)):
        t = _c.table
    else:
        t = table(g)
    return None if t is None else t.chars.get(o.id)


def view(g: Game, o: Obj, _c: _Cache = _CACHE) -> CardDef | Chars:
    """:func:`chars`, or the card when it is None: what reads like a card (``.types``,
    ``.subtypes``, ``.colors``, ``.supertypes``, ``.name``, ``.mana_value``, ``.enchant``)."""
    if o.zone != "battlefield":
        return off_battlefield(g, o)
    s = g.s
    w = _c.working
    if w is not None and w[0] is s:
        return w[1].get(o.id) or o.card
    if (_c.nev == len(g.events) and _c.state is s and _c.ts == s.timestamp and _c.effects is s.effects
            and _c.neff == len(s.effects) and _c.nbf == len(s.battlefield)):
        t = _c.table
    else:
        t = table(g)
    return o.card if t is None else t.chars.get(o.id) or o.card


def _has_elsewhere(card: CardDef) -> bool:
    return any(isinstance(st, EveryCreatureTypeElsewhere) for st in card.static)


#: (state, battlefield length, last id) -> the permanents whose card has EveryCreatureTypeElsewhere
_ELSEWHERE: list[Any] = [None, ()]


def elsewhere_sources(g: Game) -> tuple[int, ...]:
    """The permanents whose card has :class:`EveryCreatureTypeElsewhere` (cached until the
    battlefield changes)."""
    s = g.s
    bf = s.battlefield
    key = (s, len(bf), bf[-1] if bf else 0)
    if _ELSEWHERE[0] != key:
        _ELSEWHERE[0], _ELSEWHERE[1] = key, tuple(oid for oid in bf if _has_elsewhere(s.objs[oid].card))
    return _ELSEWHERE[1]


def off_battlefield(g: Game, o: Obj) -> CardDef:
    """The characteristics of ``o``, not on the battlefield: its card's (CR 400.3), but a
    creature spell or card is every creature type while a permanent of its controller (on the
    stack) or owner (elsewhere) says so and hasn't lost that ability (Maskwood Nexus; CR 205.3m,
    613.1d, 613.1f); a spell is the color a resolved effect made it, an Aura a spell cast bestowed is
    (:func:`_spell_characteristics`)."""
    card = o.card
    # (in the hand or the command zone: a card proposed bestowed, CR 702.103d)
    if g.s.effects and o.zone in ("stack", "hand", "command"):
        card = _spell_characteristics(g, o) or card
    srcs = elsewhere_sources(g)
    if not srcs or "Creature" not in card.types:  # a bestowed spell is no creature spell (CR 702.103b)
        return card
    s = g.s
    who = o.controller if o.zone == "stack" else o.owner
    for sid in srcs:
        src = s.objs[sid]
        if src.controller == who and any(isinstance(st, EveryCreatureTypeElsewhere)
                                         for st in (chars(g, src) or src.card).static):
            return _every_creature_type(card)
    return card


def _spell_characteristics(g: Game, o: Obj) -> CardDef | None:
    """A spell a resolved effect changes: "target spell or permanent becomes white until end of
    turn" (layer 5, CR 105.3, 611.2a), a spell cast bestowed, an Aura enchantment with enchant
    creature (layers 4 and 6, CR 702.103b) — its card's characteristics with those effects
    applied in layer order, in timestamp order within a layer (CR 613.1, 613.7); None if none
    applies. The effects go on with the permanent the spell becomes (CR 112.4,
    ``continuous.spell_effects_continue``)."""
    effs = [e for e in g.s.effects if e.obj == o.id and isinstance(e, LayerEffect)
            and any(isinstance(md, _SPELL_MODS) for md in e.mods)]
    if not effs:
        return None
    card = o.card
    types, subtypes, colors, enchant = card.types, card.subtypes, card.colors, card.enchant
    parts = sorted(((LAYERS.index(md.layer), e.timestamp, k, md) for e in effs
                    for k, md in enumerate(e.mods) if isinstance(md, _SPELL_MODS)), key=lambda x: x[:3])
    for _layer, _ts, _k, md in parts:
        if isinstance(md, SetTypes):
            subtypes = md.subtypes if md.subtypes is not None else _retained(subtypes, md.types)
            types = md.types
        elif isinstance(md, AddTypes):
            types, subtypes = types | md.types, subtypes | md.subtypes
        elif isinstance(md, SetColors):
            colors = md.colors
        elif isinstance(md, AddAbilities) and md.enchant is not None:
            enchant = md.enchant
    return _with_characteristics(card, types, subtypes, colors, enchant)


#: The modifications a spell's characteristics take on the stack (:func:`_spell_characteristics`).
_SPELL_MODS = (SetTypes, AddTypes, SetColors, AddAbilities)


@lru_cache(maxsize=256)
def _with_characteristics(card: CardDef, types: frozenset[str], subtypes: frozenset[str], colors: frozenset[str],
                          enchant: m.TargetSpec | None) -> CardDef:
    if (types, subtypes, colors, enchant) == (card.types, card.subtypes, card.colors, card.enchant):
        return card
    return replace(card, types=types, subtypes=subtypes, colors=colors, enchant=enchant)


@lru_cache(maxsize=1024)
def _every_creature_type(card: CardDef) -> CardDef:
    from undercity.cards.text.creature_types import CREATURE_TYPES

    return replace(card, subtypes=card.subtypes | CREATURE_TYPES)


# ---------------------------------------------------------------------------- computing

class _Work:
    """The characteristics being computed: copy-on-write — only objects an effect has
    touched have a :class:`Chars`; every other permanent still has its card's."""

    __slots__ = ("s", "base", "touched", "volatile", "probes", "every_permanent")

    def __init__(self, s: State, base: dict[int, int], touched: dict[int, Chars] | None = None) -> None:
        self.s = s
        self.base = base
        self.touched: dict[int, Chars] = {} if touched is None else touched
        #: Set by every read of something other than the battlefield, the effects, and the
        #: attachments and controllers of the permanents involved — a condition, a count, a
        #: filter that reads more than characteristics: then any event invalidates the result.
        self.volatile = False
        #: Set when an "all …" filter read every permanent's characteristics and controller
        #: (:func:`filter_reads_characteristics`): then every permanent is watched, not only
        #: the sources and the permanents touched.
        self.every_permanent = False
        #: The gates of static abilities read ("as long as you've completed a dungeon", "during
        #: your turn", a Class's level), each a function of the game that reads no
        #: characteristic, by (source, ability), with its answer: the result is kept while
        #: every one answers the same (:func:`table` asks them again).
        self.probes: dict[tuple[int, ...], tuple[Probe, bool]] = {}

    def on(self, oid: int | None) -> bool:
        """Whether ``oid`` is a permanent (the objects the layers apply to)."""
        o = self.s.objs.get(oid) if oid is not None else None
        return o is not None and o.zone == "battlefield"

    def get(self, oid: int) -> Chars:
        c = self.touched.get(oid)
        if c is None:
            o = self.s.objs[oid]
            c = self.touched[oid] = Chars(o.card, self.base.get(oid, o.controller))
        return c

    def controller(self, oid: int) -> int:
        c = self.touched.get(oid)
        if c is not None:
            return c.controller
        return self.base.get(oid, self.s.objs[oid].controller)

    def types(self, oid: int) -> frozenset[str]:
        c = self.touched.get(oid)
        return self.s.objs[oid].card.types if c is None else c.types

    def statics(self, oid: int) -> tuple[m.Static, ...]:
        c = self.touched.get(oid)
        return self.s.objs[oid].card.static if c is None else c.static

    def trial(self, ids: tuple[int, ...]) -> _Work:
        """A copy in which ``ids`` may be changed without changing this one."""
        t = dict(self.touched)
        for oid in ids:
            if oid in t:
                t[oid] = t[oid].copy()
        w = _Work(self.s, self.base, t)
        w.volatile = self.volatile
        return w


Affects = Callable[["Game", _Work], tuple[int, ...]]
Probe = Callable[["Game"], bool]

#: The plain conditions (``m.Condition.what``) whose answer reads players' and the game's
#: records only, never a characteristic, so that it can be asked again outside a computation.
_RECORD_CONDITIONS = frozenset({"completed_dungeon", "have_initiative", "revolt"})


def _gate_rereadable(st: Continuous) -> bool:
    """Whether ``st``'s gate (its condition, a Class's level, monstrosity, an anchor word) can
    be a probe of :class:`_Work`: a condition that reads no characteristic — a plain record
    condition (``completed_dungeon``: CR 309.7; the initiative, 726; revolt) or "during your
    turn" — or none; not an ability that functions from a graveyard (its source isn't watched)."""
    from undercity.cards.language.conditions import YourTurn

    c = st.cond
    if isinstance(st, InGraveyard):
        return False
    return c is None or type(c) is YourTurn or (type(c) is m.Condition and c.what in _RECORD_CONDITIONS)


#: The fields of a :class:`~undercity.cards.model.Filter` whose test reads only what this
#: computation decides or what is fixed for an object (CR 400.7): its characteristics so far —
#: types, subtypes, supertypes, colors, mana value (CR 613.1a-e) —, its controller (layer 2,
#: kept on ``Obj.controller``; teams are fixed, CR 102.3), whether it is a token, and whether it
#: is the source. Any other field reads the game (tapped, attacking, counters, power, a choice).
_CHARACTERISTIC_FILTER_FIELDS = frozenset({
    "types", "not_types", "subtypes", "not_subtypes", "colors", "not_colors", "supertypes",
    "not_supertypes", "basic", "nontoken", "other", "max_mv", "min_mv", "controller", "alternative"})


@lru_cache(maxsize=1024)
def filter_reads_characteristics(flt: m.Filter | None) -> bool:
    """Whether ``flt`` (and its alternative) sets only :data:`_CHARACTERISTIC_FILTER_FIELDS`:
    then an "all …" effect's set of objects (CR 611.3a) is a function of the battlefield, its
    permanents' characteristics so far and their controllers, and the result can be kept
    across events that change none of those, like an Aura's pump."""
    if flt is None:
        return True
    for f in fields(flt):
        if f.name not in _CHARACTERISTIC_FILTER_FIELDS and getattr(flt, f.name) != f.default:
            return False
    return flt.controller in (None, "you", "opponent") and filter_reads_characteristics(flt.alternative)


@cache
def _asked_modules() -> tuple[Any, ...]:
    """The rules modules the layer system asks (class_level, entering, monstrosity, resolve,
    targeting): they import this one, so they are imported on first use — once, as a
    function-level import costs a microsecond on every call."""
    from undercity.engine import class_level, entering, monstrosity, resolve, targeting

    return class_level, entering, monstrosity, resolve, targeting


def _gate(g: Game, sid: int, st: Continuous, ctl: int) -> bool:
    """Whether the static ability ``st`` of ``sid``, controlled by ``ctl``, applies now by its
    condition (CR 604.1), its Class level (716.2a), monstrosity (701.37b) and anchor word (614.12c)."""
    class_level, entering, monstrosity, resolve, _ = _asked_modules()
    src = g.s.objs[sid]
    return (resolve.condition_holds(g, st.cond, ctl) and class_level.applies(g, src, st)
            and monstrosity.applies(g, src, st) and entering.anchor_applies(g, src, st))


def _ts(o: Obj) -> int:
    return o.timestamp


@lru_cache(maxsize=4096)
def _static_mods(st: m.Static) -> tuple[Mod, ...]:
    """What a static ability does, as modifications: the language's :class:`Continuous`, and
    the older static kinds read the same way (CR 613.1f, 613.4c)."""
    if isinstance(st, Continuous):
        return st.mods
    k = st.kind
    out: list[Mod] = []
    if k in ("pump", "anthem_if", "grant"):
        if st.keywords or isinstance(st, m.Grant) and st.abilities:
            out.append(AddAbilities(st.abilities if isinstance(st, m.Grant) else (), st.keywords))
        if st.p or st.t:
            out.append(ModifyPT(st.p, st.t))
    elif k == "attached_pump_or":
        if st.keywords:
            out.append(AddAbilities((), st.keywords))
        out.append(ModifyPT(0, 0))  # the amounts depend on the condition: see _apply
    return tuple(out)


def _affects_nothing(g: Game, w: _Work) -> tuple[int, ...]:
    return ()


_affects_nothing.fixed = True  # type: ignore[attr-defined]


def _affects(g: Game, sid: int, st: m.Static) -> Affects:
    """The objects a static ability of permanent ``sid`` affects, evaluated on the
    characteristics so far (611.3a). A function marked ``fixed`` reads no characteristic but its
    source's controller (a gate's "you"): itself, or what it is attached to (see :func:`_depends`)."""
    *_, resolve, targeting = _asked_modules()
    k = st.kind
    s = g.s
    src = s.objs[sid]

    def holds(cond: m.Condition | None, w: _Work) -> bool:
        if cond is None:
            return True
        w.volatile = True
        return resolve.condition_holds(g, cond, w.controller(sid))

    def permanents(w: _Work) -> list[int]:
        return s.battlefield

    if isinstance(st, Continuous):
        ref = st.affects

        rereadable = _gate_rereadable(st)
        characteristic_filter = ref.kind == "all" and filter_reads_characteristics(ref.filter)
        gated = st.cond is not None or type(st) is not Continuous  # a level, monstrosity, an anchor word

        def cont(g: Game, w: _Work) -> tuple[int, ...]:
            if not rereadable:
                w.volatile = True  # a condition may read anything, characteristics included
            # CR 604.1 its condition, 716.2a a Class's level, 701.37b "as long as ~ is
            # monstrous", 614.12c "[anchor word] — [ability]"
            ctl = w.controller(sid)
            if gated:
                open_ = _gate(g, sid, st, ctl)
                if rereadable:
                    w.probes[(sid, id(st))] = (lambda g2, ctl=ctl: _gate(g2, sid, st, ctl), open_)
                if not open_:
                    return ()
            if ref.kind == "self":
                return (sid,)
            if ref.kind == "enchanted":
                a = src.attached_to
                return (a,) if w.on(a) else ()  # type: ignore[return-value]
            if ref.kind == "self_and_enchanted":  # "~ and enchanted creature each get …"
                a = src.attached_to
                return (sid, a) if a != sid and w.on(a) else (sid,)  # type: ignore[return-value]
            if ref.kind == "all":
                if characteristic_filter:
                    w.every_permanent = True  # their controllers and characteristics are read
                else:
                    w.volatile = True
                ctl = w.controller(sid)
                return tuple(oid for oid in permanents(w) if targeting.matches(g, s.objs[oid], ref.filter, ctl, sid))
            raise ValueError(f"a continuous effect can't affect {ref.kind!r}: expected self, enchanted, "
                             "self_and_enchanted or all")
        cont.fixed = rereadable and ref.kind in ("self", "enchanted", "self_and_enchanted")  # type: ignore[attr-defined]
        if ref.kind == "all" and characteristic_filter:
            cont.opens = _describes_newcomer(sid, ref.filter)  # type: ignore[attr-defined]
        return cont
    if k == "pump" or k == "attached_pump_or" or (k == "grant" and st.to == "attached"):  # type: ignore[attr-defined]
        if k == "pump" and st.affects.kind != "enchanted":
            return _affects_nothing

        def attached(g: Game, w: _Work) -> tuple[int, ...]:
            a = src.attached_to
            return (a,) if a != sid and w.on(a) else ()  # type: ignore[return-value]
        attached.fixed = True  # type: ignore[attr-defined]
        return attached
    if k == "grant":
        if st.to != "commanders_you_own":  # type: ignore[attr-defined]
            raise ValueError(f"unknown Grant target {st.to!r}")  # type: ignore[attr-defined]

        def commanders(g: Game, w: _Work) -> tuple[int, ...]:
            # Not volatile: what this reads is the battlefield, the source's controller (both
            # watched), each permanent's owner and card (fixed for an object, CR 400.7), its
            # types so far (this computation's) and the commander designations, made before
            # the game begins (CR 903.3, 903.6) — so the result is kept across events as an
            # Aura's pump is; the invariants compare it with a fresh computation.
            ctl = w.controller(sid)
            mine = s.players[ctl].commanders
            return tuple(oid for oid in permanents(w) if oid != sid and s.objs[oid].owner == ctl
                         and s.objs[oid].card_uid in mine and "Creature" in w.types(oid))
        # A newcomer it could apply to: any player's commander (CR 903.3).
        commanders.opens = lambda g, o: any(o.card_uid in p.commanders for p in g.s.players)  # type: ignore[attr-defined]
        return commanders
    if k == "anthem_if":
        # "Creatures you control have trample" (Garruk's Uprising): with no condition and a
        # filter of characteristics, what it applies to is kept like an "all …" filter's.
        kept = st.cond is None and filter_reads_characteristics(st.filter)  # type: ignore[attr-defined]

        def anthem(g: Game, w: _Work) -> tuple[int, ...]:
            if kept:
                w.every_permanent = True  # their controllers and types so far are read
            else:
                w.volatile = True
            if not holds(st.cond, w):  # type: ignore[attr-defined]
                return ()
            ctl = w.controller(sid)
            return tuple(oid for oid in permanents(w) if oid != sid and w.controller(oid) == ctl
                         and "Creature" in w.types(oid)
                         and targeting.matches(g, s.objs[oid], st.filter, ctl, sid))  # type: ignore[attr-defined]
        if kept:
            anthem.opens = _describes_newcomer(sid, st.filter, yours=True)  # type: ignore[attr-defined]
        return anthem
    raise ValueError(f"static kind {k!r} creates no continuous effect")


def _describes_newcomer(sid: int, flt: m.Filter | None, yours: bool = False) -> Callable[[Game, Obj], bool]:
    """The test of :class:`_Reach` for a static ability of ``sid`` whose objects are the
    permanents ``flt`` (of characteristics only) describes — and, if ``yours``, only the
    creatures its controller controls: whether it describes a newcomer by its card, for the
    source's controller before and after control-changing effects (layer 2)."""
    targeting = _asked_modules()[4]

    def opens(g: Game, o: Obj) -> bool:
        src = g.s.objs[sid]
        ctls = {src.controller, g.s.extra.get(BASE_CONTROLLER, {}).get(sid, src.controller)}
        if yours and ("Creature" not in o.card.types or o.controller not in ctls):
            return False
        return flt is None or any(targeting.matches_view(g, o, o.card, flt, p, sid) for p in ctls)
    return opens


def _resolved(g: Game) -> list[_Eff]:
    """The parts of resolved effects (CR 611.2), each locked to its object (611.2c)."""
    out: list[_Eff] = []
    for i, e in enumerate(g.s.effects):
        k = e.kind
        if k not in LAYER_KINDS or e.obj is None:
            continue
        key = ("r", i)
        lk = (e.obj,)
        if k == "pump":
            if e.keywords:
                out.append(_Eff("6", e.timestamp, AddAbilities((), e.keywords), key, e.source, locked=lk))
            if e.p or e.t:
                out.append(_Eff("7c", e.timestamp, ModifyPT(e.p, e.t), key, e.source, locked=lk))
        elif k == "set_base_pt":
            sub = getattr(e, "subtypes", None)
            if sub is not None:
                out.append(_Eff("4", e.timestamp, SetSubtypes(sub), key, e.source, locked=lk))
            out.append(_Eff("7b", e.timestamp, SetPT(e.p, e.t), key, e.source, locked=lk))
        elif k == LOSE:
            out.append(_Eff("6", e.timestamp, LoseAbilities(), key, e.source, locked=lk))
        else:
            for mod in e.mods:  # type: ignore[attr-defined]
                out.append(_Eff(mod.layer, e.timestamp, mod, key, e.source, locked=lk))
    return out


def keyword_counter_put(g: Game, o: Obj, kind: str) -> None:
    """A ``kind`` keyword counter is being put on permanent ``o``: its counters of that kind take
    a new timestamp (CR 613.7c). Entries of objects no longer on the battlefield go (CR 400.7)."""
    s = g.s
    table = {oid: v for oid, v in s.extra.get(KEYWORD_COUNTERS, {}).items()
             if oid in s.objs and s.objs[oid].zone == "battlefield"}
    table[o.id] = {**table.get(o.id, {}), kind: s.next_timestamp()}
    s.extra[KEYWORD_COUNTERS] = table
    forget()  # a new effect the cache's key doesn't show


def _keyword_counters(g: Game) -> list[_Eff]:
    """Keyword counters (CR 122.1b): each kind on a permanent gives it that keyword in layer 6,
    applied in timestamp order with the other ability-adding and -removing effects (CR 613.1f,
    613.7c: a flying counter put on after "loses all abilities" gives flying, one put on before
    doesn't)."""
    s = g.s
    out: list[_Eff] = []
    for oid, kinds in s.extra.get(KEYWORD_COUNTERS, {}).items():
        o = s.objs.get(oid)
        if o is None or o.zone != "battlefield":
            continue
        for kind, ts in kinds.items():
            if o.counters.get(kind, 0) > 0:
                out.append(_Eff("6", ts, AddAbilities((), frozenset({kind})), ("k", oid, kind), None, locked=(oid,)))
    return out


def _emblems(g: Game) -> list[_Eff]:
    """Emblems' abilities function in the command zone (CR 114.4). Ellywick Tumblestrum's:
    "Creatures you control have trample and haste and get +2/+2 for each differently named
    dungeon you've completed." """
    out: list[_Eff] = []
    s = g.s
    for i, (owner, kind) in enumerate(s.extra.get(EMBLEMS, ())):
        if kind != "ellywick":
            raise ValueError(f"unknown emblem {kind!r}")

        def yours(g: Game, w: _Work, owner: int = owner) -> tuple[int, ...]:
            return tuple(oid for oid in s.battlefield if w.controller(oid) == owner and "Creature" in w.types(oid))
        key = ("e", i)
        n = ("twice_completed_dungeons", 0)
        out.append(_Eff("6", 0, AddAbilities((), frozenset({"trample", "haste"})), key, None, affects=yours))
        out.append(_Eff("7c", 0, _Owned(ModifyPT(n, n), owner), key, None, affects=yours))
    return out


@dataclass(frozen=True, slots=True)
class _Owned(Mod):
    """A modification whose counts are from ``player``'s point of view (an emblem's owner)."""

    mod: Mod = ModifyPT()
    player: int = 0

    @property
    def layer(self) -> str:  # type: ignore[override]
        return self.mod.layer


def _is_layer_static(st: m.Static) -> bool:
    return isinstance(st, Continuous) or st.kind in STATIC_KINDS


class _Parts:
    """The static abilities that create continuous effects, by layer, found once and found
    again only when a layer changed which abilities permanents have (layers 1 and 6)."""

    __slots__ = ("g", "w", "found", "affects", "seen")

    def __init__(self, g: Game, w: _Work) -> None:
        self.g = g
        self.w = w
        self.found: dict[str, list[tuple[int, m.Static, Mod]]] | None = None
        self.affects: dict[tuple[int, int], Affects] = {}
        self.seen: set[int] = set()  # every source found

    def again(self) -> None:
        self.found = None

    def by_layer(self) -> dict[str, list[tuple[int, m.Static, Mod]]]:
        if self.found is None:
            from undercity.engine.characteristics import permanents_with

            w = self.w
            ids = set(permanents_with(w.s, has_layer_statics))
            ids.update(oid for oid, c in w.touched.items() if c.static is not w.s.objs[oid].card.static)
            found: dict[str, list[tuple[int, m.Static, Mod]]] = {}
            from undercity.engine.from_graveyard import static_sources

            for sid in (*w.s.battlefield, *sorted(static_sources(self.g))):
                if sid not in w.s.objs:
                    continue  # a card gone from the game without a zone change (its owner left, CR 800.4a)
                if sid in ids or w.s.objs[sid].zone == "graveyard":
                    graveyard = w.s.objs[sid].zone == "graveyard"
                    for st in w.statics(sid):
                        # CR 113.6b: an ability that functions from a graveyard does only there
                        if _is_layer_static(st) and isinstance(st, InGraveyard) == graveyard:
                            for md in _static_mods(st):
                                found.setdefault(md.layer, []).append((sid, st, md))
                            self.seen.add(sid)
            self.found = found
        return self.found

    def layer(self, layer: str, started: dict[Any, tuple[int, ...]]) -> list[_Eff]:
        """The parts in ``layer`` of the static abilities the permanents have now."""
        parts = self.by_layer().get(layer)
        if not parts:
            return []
        objs = self.g.s.objs
        out: list[_Eff] = []
        for sid, st, md in parts:
            key = ("s", sid, id(st))
            fn = self.affects.get((sid, id(st)))
            if fn is None:
                fn = self.affects[(sid, id(st))] = _affects(self.g, sid, st)
            out.append(_Eff(layer, _ts(objs[sid]), md, key, sid, st, started.get(key), fn,
                            cda=isinstance(st, Continuous) and st.is_cda))
        return out


def _started_elsewhere(g: Game, layer: str, started: dict[Any, tuple[int, ...]], have: set[Any]) -> list[_Eff]:
    """Parts in ``layer`` of static effects that began applying in an earlier layer but whose
    ability has since been removed: they keep applying to the same objects (CR 613.6)."""
    s = g.s
    out: list[_Eff] = []
    for key, ids in started.items():
        if key in have or key[0] != "s":
            continue
        src = s.objs.get(key[1])
        if src is None:
            continue
        for st in src.card.static:
            if id(st) == key[2]:
                out += [_Eff(layer, _ts(src), md, key, key[1], st, ids) for md in _static_mods(st) if md.layer == layer]
    return out


def _static_of(g: Game, key: tuple[Any, ...]) -> m.Static:
    """The static ability an effect's key names (a source's own, CR 613.6)."""
    src = g.s.objs.get(key[1])
    for st in (src.card.static if src is not None else ()):
        if id(st) == key[2]:
            return st
    return m.Static("")


def _has_static(w: _Work, sid: int, st: m.Static) -> bool:
    return any(x is st for x in w.statics(sid))


def _targets(g: Game, e: _Eff, w: _Work) -> tuple[int, ...]:
    if e.locked is not None:
        return tuple(oid for oid in e.locked if w.on(oid))
    if e.static is not None and e.source is not None and not _has_static(w, e.source, e.static):
        return ()  # the ability was removed (or never there): its effect doesn't exist (613.8a)
    return e.affects(g, w) if e.affects is not None else ()


def _apply(g: Game, e: _Eff, ids: tuple[int, ...], w: _Work) -> None:
    mod = e.mod
    controller = w.controller(e.source) if w.on(e.source) else None
    if isinstance(mod, _Owned):
        controller, mod = mod.player, mod.mod
    for oid in ids:
        c = w.get(oid)
        ctl = controller if controller is not None else c.controller
        if isinstance(mod, ModifyPT):
            st = e.static
            if st is not None and st.kind == "attached_pump_or":
                from undercity.engine import resolve

                cond = st.cond  # type: ignore[attr-defined]
                alt = resolve.condition_holds(g, cond, ctl)
                if type(cond) is m.Condition and cond.what in _RECORD_CONDITIONS:
                    # "instead as long as you've completed a dungeon": a gate of records, asked
                    # again as the cache is checked (see _Work.probes), not a reason to recompute
                    w.probes[(e.source, id(st), ctl)] = (
                        lambda g2, cond=cond, ctl=ctl: resolve.condition_holds(g2, cond, ctl), alt)
                else:
                    w.volatile = True
                c.mod_p += st.alt_p if alt else st.p  # type: ignore[attr-defined]
                c.mod_t += st.alt_t if alt else st.t  # type: ignore[attr-defined]
            else:
                if not (isinstance(mod.p, int) and isinstance(mod.t, int)):
                    w.volatile = True  # a count
                c.mod_p += value(g, mod.p, ctl, e.source)
                c.mod_t += value(g, mod.t, ctl, e.source)
        elif isinstance(mod, AddAbilities):
            if mod.enchant is not None:
                c.enchant = mod.enchant  # "gains enchant creature" (CR 702.103b)
            if mod.keywords:
                c.keywords = c.keywords | mod.keywords
            for a in mod.abilities:
                _add_ability(c, a)
        elif isinstance(mod, LoseKeywords):
            c.keywords = c.keywords - mod.keywords
        elif isinstance(mod, LoseAbilities):
            c.keywords = frozenset()
            c.triggered, c.activated, c.static = (), (), ()
            c.lost = e.ts if c.lost is None or e.ts > c.lost else c.lost
        elif isinstance(mod, SetPT):
            c.power, c.toughness = mod.p, mod.t
        elif isinstance(mod, DefinePT):
            w.volatile = True  # a count (CR 604.3)
            if mod.power is not None:
                c.power = value(g, mod.power, ctl, e.source)
            if mod.toughness is not None:
                c.toughness = value(g, mod.toughness, ctl, e.source)
        elif isinstance(mod, SwitchPT):
            c.switched = not c.switched
        elif isinstance(mod, SetTypes):
            c.subtypes = mod.subtypes if mod.subtypes is not None else _retained(c.subtypes, mod.types)
            c.types = mod.types
        elif isinstance(mod, SetSubtypes):
            c.subtypes = mod.subtypes
        elif isinstance(mod, IsChosenType):  # "~ is the chosen type in addition" (CR 614.12a)
            from undercity.engine.entering import chosen

            w.volatile = True  # read from the choice, recorded as the permanent enters
            if (ct := chosen(g, e.source, "creature type")) is not None:
                c.subtypes = c.subtypes | {ct}
        elif isinstance(mod, AddTypes):
            c.types = c.types | mod.types
            c.subtypes = c.subtypes | mod.subtypes
        elif isinstance(mod, SetColors):
            c.colors = mod.colors
        elif isinstance(mod, AddColors):
            c.colors = c.colors | mod.colors  # CR 105.3: "in addition to its other colors"
        elif isinstance(mod, GainControl):
            c.controller = mod.player
        elif isinstance(mod, CopyOf):
            # CR 708.10, 613.2b: a face-down permanent that becomes a copy keeps its face-down
            # characteristics (layer 1b applies after 1a); the copy shows once it is face up.
            if not ((fd := g.s.extra.get(FACE_DOWN_OBJECTS)) and oid in fd):
                _copy(c, mod)
        else:
            raise ValueError(f"unknown modification {type(mod).__name__}")


def _add_ability(c: Chars, a: m.Ability) -> None:
    if isinstance(a, m.Triggered):
        c.triggered = (*c.triggered, a)
    elif isinstance(a, m.Activated):
        c.activated = (*c.activated, a)
    elif isinstance(a, m.Static):
        c.static = (*c.static, a)
    else:
        raise ValueError(f"an effect can't give the ability {a!r}")


def _retained(subtypes: frozenset[str], types: frozenset[str]) -> frozenset[str]:
    """The subtypes that go with card types ``types`` (CR 205.3d: an object can't have a
    subtype that doesn't correspond to one of its types)."""
    out = set()
    for st in subtypes:
        if st in LAND_SUBTYPES:
            ok = "Land" in types
        elif st in ARTIFACT_SUBTYPES:
            ok = "Artifact" in types
        elif st in ENCHANTMENT_SUBTYPES:
            ok = "Enchantment" in types
        else:
            ok = bool({"Creature", "Kindred", "Tribal"} & types)
        if ok:
            out.add(st)
    return frozenset(out)


def _copy(c: Chars, mod: CopyOf) -> None:
    """CR 707.2: the copiable values are the copied object's (its card, as modified by other
    copy effects — a copy of a copy copies what the first one copied, 707.3), with the
    copy effect's exceptions (707.9b)."""
    card = mod.card
    if card is None:
        return
    c.copied = mod
    c.card = card
    c.name, c.mana_cost, c.colors = card.name, card.mana_cost, card.colors
    c.types, c.subtypes, c.supertypes = card.types | mod.add_types, card.subtypes | mod.add_subtypes, card.supertypes
    c.keywords = card.keywords | mod.add_keywords
    c.triggered, c.activated, c.static = card.triggered, card.activated, card.static
    c.enchant = card.enchant
    for a in mod.add_abilities:
        _add_ability(c, a)
    c.power, c.toughness = card.power, card.toughness
    if mod.power is not None:  # "except it's 1/1" (CR 707.9b)
        c.power, c.toughness = mod.power, mod.toughness
    if mod.colors is not None:  # "except it's black" (CR 707.9b, 702.129a)
        c.colors = mod.colors
    if mod.no_mana_cost:  # "it has no mana cost": its mana value is 0 (CR 202.3a, 702.129a)
        c.mana_cost = None


def _depends(g: Game, a: _Eff, b: _Eff, w: _Work, now: dict[int, tuple[int, ...]]) -> bool:
    """CR 613.8a: whether ``a`` depends on ``b`` — applying ``b`` would change whether ``a``
    exists or what it applies to (and neither or both are characteristic-defining). ``now``:
    what each effect applies to in ``w`` (:func:`_targets`, by ``id`` of the effect), kept while
    ``w`` is the same — the trials apply to copies of it."""
    if a.key == b.key or a.cda != b.cda or a.locked is not None:
        return False
    if getattr(a.affects, "fixed", False) and not isinstance(b.mod, _CHANGES_FIXED):
        # What ``a`` applies to reads no characteristic (itself, what its source is attached
        # to, a gate of records) but whether its source still has the ability and who controls
        # it: ``b`` could change that only by removing abilities or changing control.
        return False
    ids = now.get(id(b))
    if ids is None:
        ids = now[id(b)] = _targets(g, b, w)
    if not ids:
        return False
    before = now.get(id(a))
    if before is None:
        before = now[id(a)] = _targets(g, a, w)
    trial = w.trial(ids)
    _apply(g, b, ids, trial)
    _CACHE.working = (g.s, trial.touched)
    try:
        after = _targets(g, a, trial)
    finally:
        _CACHE.working = (g.s, w.touched)
    return set(after) != set(before)


#: The modifications that can change what a ``fixed`` effect applies to (see :func:`_depends`):
#: removing its source's abilities (layers 1 and 6), or changing its controller (layer 2).
_CHANGES_FIXED = (CopyOf, LoseAbilities, GainControl)


def _order_and_apply(g: Game, effs: list[_Eff], w: _Work, started: dict[Any, tuple[int, ...]]) -> None:
    """Apply one layer's effects: timestamp order (613.7), dependencies first (613.8b),
    re-examined after each (613.8c); a dependency loop applies in timestamp order."""
    effs.sort(key=lambda e: e.ts)
    remaining = effs
    # Only an effect of a static ability can depend on another (a resolved effect's set of
    # objects is locked in, 611.2c); with one effect there is nothing to order.
    check = len(effs) > 1 and any(e.locked is None for e in effs)
    while remaining:
        pick = 0
        if check and len(remaining) > 1:
            now: dict[int, tuple[int, ...]] = {}  # w changes only as an effect applies (613.8c)
            free = next((i for i, a in enumerate(remaining)
                         if not any(j != i and _depends(g, a, b, w, now) for j, b in enumerate(remaining))), None)
            if free is not None:
                pick = free  # the first in timestamp order that waits on none
            # else: a dependency loop (or every effect waits on another): timestamp order
        e = remaining.pop(pick)
        ids = _targets(g, e, w)
        if e.locked is None and e.source is not None:
            started.setdefault(e.key, ids)
        if ids:
            _apply(g, e, ids, w)


def _compute(g: Game) -> tuple[Table, bool, tuple[tuple[Obj, int | None, int, int], ...],
                                tuple[tuple[Probe, bool], ...], _Reach]:
    """The layers, applied; with whether the result read anything any event may change
    (``volatile``), the permanents whose attachments and controllers it read, the gates it
    read with their answers (:class:`_Work`), and what could change it on the battlefield
    besides (:class:`_Reach`)."""
    s = g.s
    w = _Work(s, s.extra.get(BASE_CONTROLLER, {}))
    parts = _Parts(g, w)
    resolved: dict[str, list[_Eff]] = {}
    emblems = _emblems(g)
    counters = _keyword_counters(g)
    # Counters come and go without changing what the cache's key sees (CR 122.1b).
    w.volatile = bool(emblems) or bool(counters)
    for e in _resolved(g) + emblems + counters:
        resolved.setdefault(e.layer, []).append(e)
    started: dict[Any, tuple[int, ...]] = {}
    later: set[str] = set()  # the layers of static effects that have begun (613.6)
    prev = _CACHE.working
    _CACHE.working = (s, w.touched)
    try:
        for layer in LAYERS:
            if layer not in resolved and layer not in parts.by_layer() and layer not in later:
                continue  # nothing applies in this layer
            effs = list(resolved.get(layer, ()))
            statics = parts.layer(layer, started)
            for e in statics:
                if e.key in started:
                    e.locked = started[e.key]  # 613.6: the same set of objects as before
            effs += statics
            if started:
                effs += _started_elsewhere(g, layer, started, {e.key for e in statics})
            if effs:
                _order_and_apply(g, effs, w, started)
                for key in started:
                    if key[0] == "s":
                        later.update(md.layer for md in _static_mods(_static_of(g, key)))
                if layer in ("1", "6"):
                    parts.again()  # copy effects and layer 6 change which abilities permanents have
    finally:
        _CACHE.working = prev
    objs = s.objs
    ids = parts.seen | set(w.touched)
    involved = frozenset(ids)
    if w.every_permanent:
        ids.update(s.battlefield)
    watched = tuple((o, o.attached_to, o.controller, o.timestamp) for o in (objs[oid] for oid in ids))
    opens: list[Callable[[Game, Obj], bool]] | None = []
    for fn in parts.affects.values():
        if not getattr(fn, "fixed", False):  # a fixed one applies to no newcomer
            op = getattr(fn, "opens", None)
            if op is None:
                opens = None  # it might apply to any newcomer
                break
            opens.append(op)  # type: ignore[union-attr]
    reach = _Reach(involved, None if opens is None else tuple(opens), w.every_permanent)
    return Table(s, w.touched), w.volatile, watched, tuple(w.probes.values()), reach


# ---------------------------------------------------------------------------- reading

def cda_pt(g: Game, o: Obj) -> tuple[int | None, int | None]:
    """Power and toughness of an object not on the battlefield: printed, or as its
    characteristic-defining ability says — CDAs function in every zone (CR 604.3)."""
    p, t = o.card.power, o.card.toughness
    for st in o.card.static:
        if isinstance(st, Continuous) and st.is_cda:
            for md in st.mods:
                if isinstance(md, DefinePT):
                    if md.power is not None:
                        p = value(g, md.power, o.controller, o.id)
                    if md.toughness is not None:
                        t = value(g, md.toughness, o.controller, o.id)
    return p, t


@lru_cache(maxsize=4096)
def has_cda(card: CardDef) -> bool:
    return any(isinstance(st, Continuous) and st.is_cda for st in card.static)


def pt(g: Game, o: Obj) -> tuple[int, int]:
    """Power and toughness after every layer, counters included (CR 613.4c) and then
    switching (613.4d)."""
    return power(g, o), toughness(g, o)


def _counters(o: Obj) -> int:
    cnt = o.counters
    return (cnt.get("+1/+1", 0) - cnt.get("-1/-1", 0)) if cnt else 0


def side(g: Game, o: Obj, c: Chars | None, tough: bool) -> int:
    """Power (``tough`` False) or toughness after layers 7a-7d and counters (613.4c), given
    ``o``'s characteristics ``c`` (:func:`chars`, or a look-up in a :func:`table` for a loop)."""
    if c is None:
        card = o.card
        if card.static and has_cda(card):
            v = cda_pt(g, o)[tough]
        else:
            v = card.toughness if tough else card.power
        return (v or 0) + _counters(o) if o.counters else v or 0
    if c.switched:  # 613.4d: after everything else, counters included
        tough = not tough
    return ((c.toughness or 0) + c.mod_t if tough else (c.power or 0) + c.mod_p) + _counters(o)


def power(g: Game, o: Obj) -> int:
    return side(g, o, chars(g, o), False)


def toughness(g: Game, o: Obj) -> int:
    return side(g, o, chars(g, o), True)


# ---------------------------------------------------------------------------- creating effects

def add_effect(g: Game, oid: int, mods: tuple[Mod, ...], *, until: str = "eot", player: int | None = None,
               source: int | None = None, text: str = "") -> LayerEffect:
    """A resolved spell or ability's continuous effect on object ``oid`` (CR 611.2), with a
    new timestamp (613.7b)."""
    s = g.s
    e = LayerEffect("layer", oid, until=until, player=player, source=source, timestamp=s.next_timestamp(),
                    mods=mods, text=text)
    if any(isinstance(md, GainControl) for md in mods):
        s.extra.setdefault(BASE_CONTROLLER, {}).setdefault(oid, s.objs[oid].controller)
    s.effects.append(e)
    sync_control(g, announced=oid)
    return e


def _controls_expired(g: Game) -> None:
    """End the effects that last "for as long as you control [source]" whose controller no
    longer controls it, or whose source left the battlefield, and those "for as long as [source]
    remains on the battlefield" whose source left it (CR 611.2b)."""
    from undercity.engine import events as ev

    s = g.s
    ending = [e for e in s.effects if e.until in ("source_controlled", "source_on_battlefield")
              and (e.source not in s.objs or s.objs[e.source].zone != "battlefield"
                   or e.until == "source_controlled" and s.objs[e.source].controller != e.player)]
    if not ending:
        return
    s.effects = [e for e in s.effects if e not in ending]
    for e in ending:
        what = s.objs[e.obj].name if e.obj in s.objs else "an object"
        g.emit(ev.EffectEnded(rule="611.2b", description=f"the effect on {what} ends"))


def sync_control(g: Game, announced: int | None = None) -> None:
    """Write the controller layer 2 gives each permanent to ``Obj.controller`` (see the
    module docstring); effects "for as long as you control …" end first (611.2b). The log
    says who gains control, except of ``announced`` (its effect's beginning said so)."""
    s = g.s
    base = s.extra.get(BASE_CONTROLLER)
    if not base:
        return
    from undercity.engine import events as ev

    _controls_expired(g)
    for oid in list(base):
        if oid not in base:
            continue  # the log line of an earlier change already synced it (this runs after every event)
        o = s.objs.get(oid)
        if o is not None and o.zone == "phased_out":
            continue  # the same object, to phase in under the control effects have left it (CR 702.26d)
        if o is None or o.zone != "battlefield":
            del base[oid]  # a new object (CR 400.7): no effect follows it
            continue
        ctl = base[oid]
        applies = False
        for e in sorted((e for e in s.effects if e.kind == "layer" and e.obj == oid), key=lambda e: e.timestamp):
            for md in e.mods:  # type: ignore[attr-defined]
                if isinstance(md, GainControl):
                    ctl, applies = md.player, True
        if not applies:
            del base[oid]
        if ctl != o.controller:
            change_controller(g, o, ctl)
            if oid != announced:
                g.emit(ev.Note(rule="613.1b", message=f"{g.player_name(ctl)} gains control of {o.name}"))
    if not base:
        s.extra.pop(BASE_CONTROLLER, None)


def change_controller(g: Game, o: Obj, ctl: int) -> None:
    """A permanent changes controller: removed from combat (CR 506.4); it hasn't been under
    its new controller's control continuously since their most recent turn began (302.6)."""
    from undercity.engine import echo

    echo.control_changed(g, o)  # CR 702.30a: under a new controller since their last upkeep
    c = g.s.combat
    if c is not None:
        c.attackers.pop(o.id, None)
        c.blockers.pop(o.id, None)
        c.blocked_by.pop(o.id, None)
        for lst in c.blocked_by.values():
            if o.id in lst:
                lst.remove(o.id)
    o.controller = ctl
    o.sick = True


def watch(g: Game, e: Any) -> list[Any]:
    """After every event: control-changing effects may have begun or ended (CR 613.1b)."""
    if BASE_CONTROLLER in g.s.extra:
        sync_control(g)
    return []


def copy_values(g: Game, o: Obj) -> CopyOf:
    """The copiable values of ``o`` (CR 707.2): its card as modified by copy effects and
    their exceptions (707.3, 707.9b); other effects (types, P/T, counters…) are not copied."""
    c = chars(g, o)
    if c is not None and c.copied is not None:
        return c.copied
    return CopyOf(card=o.card)

