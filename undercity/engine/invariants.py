"""The invariants every game state keeps, checked after any decision.

The property tests check them after every decision of random games, and
``tools/precon_games.py`` after every decision of the four-player precon runs; a violation
is an engine bug, never a player's mistake, so it raises :class:`InvariantViolation` (an
``AssertionError``, which is what a test failure is) naming the rule broken. Written as
explicit checks rather than ``assert`` statements so that ``python -O`` does not skip them.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from undercity.engine import characteristics as ch
from undercity.engine import costs, layers, phasing, priority, sba
from undercity.engine.state import PLAYER_ZONES

if TYPE_CHECKING:
    from undercity.engine.game import Game


class InvariantViolation(AssertionError):
    """The state broke a rule of the game's structure: an engine bug."""


def _require(ok: object, what: str) -> None:
    if not ok:
        raise InvariantViolation(what)


def check(g: Game) -> None:
    """The state is well formed: CR 400.1 (every object is in exactly one zone), CR 400.7
    (a listed id names a live object), CR 405.1 (spells on the stack are objects there),
    CR 119 (life totals are integers), CR 117.5 / 704.3 (no state-based action applies and
    no trigger waits when a player has priority)."""
    s = g.s
    where: Counter[int] = Counter()
    zone_of: dict[int, str] = {}

    def see(oid: int, zone: str) -> None:
        where[oid] += 1
        zone_of[oid] = zone

    for oid in s.battlefield:
        see(oid, "battlefield")
    for p in s.players:
        for z in PLAYER_ZONES:
            for oid in p.zone(z):
                see(oid, z)
    for item in s.stack:
        if item.obj is not None:
            see(item.obj, "stack")
    for oid in phasing.phased_out_ids(g):
        see(oid, phasing.PHASED_OUT)  # CR 702.26d: on the battlefield, treated as though it doesn't exist
    twice = sorted(oid for oid, n in where.items() if n > 1)
    _require(not twice, f"objects listed in more than one zone (CR 400.1): {twice}")
    dangling = sorted(oid for oid in where if oid not in s.objs)
    _require(not dangling, f"zones list objects that do not exist (CR 400.7): {dangling}")
    nowhere = sorted(oid for oid in s.objs if oid not in where)
    _require(not nowhere, f"objects in no zone (CR 400.1): {[s.objs[i] for i in nowhere]}")
    for oid, z in zone_of.items():
        o = s.objs[oid]
        _require(o.zone == z, f"{o!r} is listed in {z} but says it is in {o.zone}")
        _require(o.id == oid, f"{o!r} is listed under id {oid}")
        if z not in ("battlefield", "stack", phasing.PHASED_OUT):
            _require(oid in s.players[o.owner].zone(z), f"{o!r} is in another player's {z} (CR 400.3)")
    for pred in list(ch._PERMANENTS_WITH):  # the engine's battlefield caches are exact
        _require(ch.permanents_with(s, pred) == tuple(i for i in s.battlefield if pred(s.objs[i].card)),
                 f"the battlefield index for {pred!r} is stale")
    _require(layers.cache_current(g), "the layer system's cached characteristics are stale (CR 613)")
    for p in s.players:
        _require(type(p.life) is int, f"{p.name}'s life is {p.life!r}")
        _require(type(p.poison) is int, f"{p.name}'s poison counters are {p.poison!r}")
    _require(s.turn <= s.turn_cap or not s.turn_cap, f"turn {s.turn} is past the turn cap {s.turn_cap}")
    for p in s.players:  # the cheap mana bound that priority.options rejects costs by is an upper bound
        if not p.left:
            bound = costs.mana_bound(g, p.idx)
            best: dict[int, int] = {}  # per object, its largest activation (the planner uses one)
            for src in costs.mana_sources(g, p.idx):
                best[src.key] = max(best.get(src.key, 0), src.amount)
            most = sum(p.pool.values()) + sum(best.values())
            _require(bound is None or bound >= most, f"{p.name}'s mana bound {bound} is below the {most} mana "
                                                     "their sources and pool could make")
    for p in s.players:  # the fast "only pass" answer of priority windows is never wrong (CR 117.3)
        if p.left:
            continue
        _require(priority.summaries_current(s, p), f"{p.name}'s zone summaries for priority are stale")
        if priority.only_pass(g, p.idx):
            opts = priority.options(g, p.idx)
            _require(len(opts) == 1, f"priority.only_pass says {p.name} can only pass, but they may "
                                     f"{'; '.join(o.label for o in opts[1:])}")
    if g.over:
        return
    d = g.pending
    _require(d is not None and len(d.options) >= 2, f"a decision with fewer than two options: {d!r}")
    assert d is not None  # for the type checker: _require has just checked it
    _require(d.player in s.living(), "a player who left the game is asked to decide (CR 800.4a)")
    if d.kind == "priority":
        _require(len({o.value for o in d.options}) == len(d.options), "the same action offered twice")
        # CR 117.5, 704.3: before a player receives priority, state-based actions are
        # performed until none apply and waiting triggers are put on the stack.
        pending = sba.collect(g)
        _require(pending == [], f"state-based actions pending at priority: {pending}")
        _require(not s.pending_triggers, "triggered abilities waiting while a player has priority")
