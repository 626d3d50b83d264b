"""Dungeons (CR 309), venturing into the dungeon (CR 701.49) and state-based action 704.5t.

A player's dungeon is a dungeon card object in their command zone (CR 309.2b); the venture
marker is ``Player.room`` and ``Player.dungeon`` names the card. Moving the marker into a
room triggers that room's ability (CR 309.4c): a triggered ability whose source is the
dungeon card and whose controller is its owner. It uses the stack like any other, and it is
removed if it has no legal targets (CR 603.3d).

:func:`venture` is the one code path for every way of venturing (card effects, the
initiative): effects that change venturing belong there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards import model as m
from undercity.cards.dungeons import DUNGEONS, Dungeon, get_dungeon
from undercity.engine import events as ev
from undercity.engine import sba, static_abilities
from undercity.engine.decisions import Option
from undercity.engine.effects import handles, ref_players
from undercity.engine.state import Job, PendingTrigger, StackItem
from undercity.errors import UndercityError

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

UNDERCITY = "Undercity"

#: ``State.extra`` key: player -> the last turn in which they ventured into the dungeon.
LAST_VENTURE = "last_venture_turn"


# ----------------------------------------------------------------------------- queries


def dungeon_obj(g: Game, player: int) -> Obj | None:
    """The dungeon card ``player`` owns in the command zone, if any (CR 309.3: at most one)."""
    s = g.s
    for oid in s.players[player].command:
        o = s.objs.get(oid)
        if o is not None and "Dungeon" in o.card.types:
            return o
    return None


def choices(into: str | None) -> list[Dungeon]:
    """Dungeons a player may bring into the game (CR 701.49a, d). Undercity only by
    "venture into Undercity"; "venture into Undercity" only Undercity."""
    if into is None:
        return [d for d in DUNGEONS.values() if d.entry_quality is None]
    return [d for d in DUNGEONS.values() if into in d.card.subtypes or d.name == into]


def at_bottom(g: Game, player: int) -> bool:
    p = g.s.players[player]
    return p.dungeon is not None and p.room == get_dungeon(p.dungeon).bottommost


def room_ability_waiting(g: Game, player: int) -> bool:
    """Is ``player``'s dungeon the source of a room ability that has triggered but not yet
    left the stack (CR 309.6, 704.5t)? Looks at waiting triggers and the stack."""
    s = g.s
    p = s.players[player]
    o = dungeon_obj(g, player)
    oid = o.id if o is not None else None

    def mine(kind_room: bool, source: int | None, controller: int, data: dict) -> bool:
        if not kind_room:
            return False
        if oid is not None:
            return source == oid
        return controller == player and data.get("dungeon") == p.dungeon

    pending = list(s.pending_triggers)
    for job in s.jobs:
        if job.kind == "triggers":
            pending += job.data.get("pending", [])
    if any(mine(t.kind == "room", t.source, t.controller, t.data) for t in pending):
        return True
    return any(mine("room" in it.trigger_data, it.source, it.controller, it.trigger_data)
               for it in s.stack if it.kind == "triggered")


# ----------------------------------------------------------------------------- changes


def set_position(g: Game, player: int, dungeon: str | None, room: str | None = None) -> Obj | None:
    """Build a position: ``player``'s dungeon card in the command zone with the venture marker
    on ``room`` (default: the topmost room). Nothing triggers. ``dungeon=None`` removes it.
    Unknown dungeons or rooms raise :class:`UndercityError`."""
    s = g.s
    p = s.players[player]
    if dungeon is not None:
        d = _lookup(dungeon)
        room = _lookup_room(d, room) if room is not None else None
    old = dungeon_obj(g, player)
    if old is not None:
        p.command.remove(old.id)
        del s.objs[old.id]
    if dungeon is None:
        p.dungeon = p.room = None
        return None
    o = g.create_object(d.card, player, "command")
    p.dungeon = d.name
    p.room = room or d.topmost
    return o


#: For the scenario runner: ``place(g, player, name, room)``.
place = set_position


def _lookup(name: str) -> Dungeon:
    low = name.casefold().strip()
    for d in DUNGEONS.values():
        if d.name.casefold() == low:
            return d
    raise UndercityError(f"unknown dungeon {name!r}; dungeons: {', '.join(DUNGEONS)}")


def _lookup_room(d: Dungeon, room: str) -> str:
    low = room.casefold().strip()
    for r in d.rooms:
        if r.casefold() == low:
            return r
    raise UndercityError(f"{d.name} has no room {room!r}; rooms: {', '.join(d.rooms)}")


def _trigger_room(g: Game, player: int, o: Obj, room: str) -> None:
    """CR 309.4c: "When you move your venture marker into this room, [effect]"."""
    d = get_dungeon(o.name)
    r = d.room(room)
    times = 1 + static_abilities.additional_room_triggers(g, player)  # CR 603.2d
    for _ in range(times):
        g.s.pending_triggers.append(PendingTrigger(
            player, o.id, d.name, r.ability, "room",
            {"rule": "309.4c", "dungeon": d.name, "room": room}))


def _enter(g: Game, player: int, name: str, into: str | None, rule: str) -> None:
    """Put a dungeon card into the command zone, marker on its topmost room (CR 309.2a, 309.4a)."""
    p = g.s.players[player]
    d = get_dungeon(name)
    o = g.create_object(d.card, player, "command")
    p.dungeon = d.name
    p.room = d.topmost
    g.emit(ev.DungeonEntered(rule=rule, player=player, dungeon=d.name, into=into))
    g.emit(ev.VentureMarkerMoved(rule="309.4a", player=player, dungeon=d.name, room=d.topmost))
    _trigger_room(g, player, o, d.topmost)


def complete(g: Game, player: int, rule: str) -> None:
    """Remove ``player``'s dungeon card from the game: they complete it (CR 309.7)."""
    s = g.s
    p = s.players[player]
    o = dungeon_obj(g, player)
    name = p.dungeon if o is None else o.name
    if name is None:
        return
    if o is not None:
        p.command.remove(o.id)
        del s.objs[o.id]
    p.dungeon = p.room = None
    p.completed.append(name)
    g.emit(ev.DungeonCompleted(rule=rule, player=player, dungeon=name))


def _ask_dungeon(g: Game, job: Job, key: str, player: int, into: str | None) -> str:
    opts = [Option(d.name, d.name) for d in choices(into)]
    what = f"venture into {into}" if into else "venture into the dungeon"
    return g.ask(job, key + ":dungeon", player, "dungeon",
                 f"{g.player_name(player)}: choose a dungeon to {what}", opts, {"into": into})


def venture(g: Game, job: Job, key: str, player: int, into: str | None = None) -> None:
    """``player`` ventures into the dungeon (CR 701.49), or into ``into`` (CR 701.49d).

    Not in a dungeon: choose one (never Undercity unless ``into="Undercity"``), put it into
    the command zone, marker on the topmost room (701.49a). Otherwise move the marker along
    an arrow, choosing if there are several (701.49b); from the bottommost room, complete the
    dungeon and start a new one (701.49c). The room entered triggers (309.4c).

    Asks first, then acts; a done-marker in ``job.answers`` keeps a re-run job (another
    question asked later in the same effect) from venturing twice.
    """
    done = key + ":done"
    if job.answers.get(done):
        return
    s = g.s
    p = s.players[player]
    if p.left:
        return
    if s.extra.get(LAST_VENTURE, {}).get(player) == s.turn:  # a venture limit (Keen-Eared Sentry)
        why = static_abilities.venture_limit(g, player)
        if why is not None:  # CR 101.2: "can't" beats the instruction to venture
            g.emit(ev.Note(rule="101.2", message=f"{p.name} can't venture into the dungeon: {why}"))
            job.answers[done] = True
            return
    s.extra.setdefault(LAST_VENTURE, {})
    o = dungeon_obj(g, player)
    if p.dungeon is not None and o is None:  # a hand-built position without the card object
        o = set_position(g, player, p.dungeon, p.room)
    if p.dungeon is None or o is None:
        name = _ask_dungeon(g, job, key, player, into)
        job.answers[done] = True
        s.extra[LAST_VENTURE][player] = s.turn
        _enter(g, player, name, into, "701.49d" if into else "701.49a")
        return
    d = get_dungeon(p.dungeon)
    here = p.room or d.topmost
    if here == d.bottommost:
        name = _ask_dungeon(g, job, key, player, into)
        job.answers[done] = True
        s.extra[LAST_VENTURE][player] = s.turn
        complete(g, player, "701.49c")
        _enter(g, player, name, into, "701.49c")
        return
    nxt = d.room(here).leads_to
    room = g.ask(job, key + ":room", player, "room",
                 f"{g.player_name(player)}: choose the next room of {d.name}",
                 [Option(f"{r} — {d.room(r).effect_text}", r) for r in nxt], {"dungeon": d.name, "from": here})
    job.answers[done] = True
    s.extra[LAST_VENTURE][player] = s.turn
    p.room = room
    g.emit(ev.VentureMarkerMoved(rule="701.49b", player=player, dungeon=d.name, room=room, from_room=here))
    _trigger_room(g, player, o, room)


@handles(m.Venture)
def h_venture(g: Game, job: Job, item: StackItem, e: m.Venture, key: str) -> None:
    for p in ref_players(g, e.who, item, job):
        venture(g, job, f"{key}:v{p}", p, e.into)


# ----------------------------------------------------------------------------- 704.5t


def state_based_actions(g: Game) -> list[sba.Action]:
    """CR 704.5t: a venture marker on the bottommost room of a dungeon that isn't the source
    of a room ability that has triggered but not yet left the stack: the owner removes it."""
    out = []
    for p in g.s.players:
        if p.left or not at_bottom(g, p.idx) or room_ability_waiting(g, p.idx):
            continue

        def run(g: Game, player: int = p.idx) -> None:
            if at_bottom(g, player) and not room_ability_waiting(g, player):
                complete(g, player, "704.5t")

        out.append(sba.Action("hook", "704.5t", player=p.idx, reason="venture marker on the bottommost room",
                              run=run))
    return out




def on_leave(g: Game, player: int) -> None:
    """CR 800.4a: a player who leaves the game takes their dungeon card with them. That
    isn't completing it (CR 309.7): they simply have no dungeon and no venture marker."""
    p = g.s.players[player]
    p.dungeon = p.room = None

