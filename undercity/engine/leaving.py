"""Losing, conceding and leaving the game (CR 104, 800.4).

In a two-player game the game ends when a player loses. In a multiplayer game a player
who loses leaves the game (CR 800.4a): everything they own leaves, spells and abilities
they control cease to exist, and the game goes on until one player (or team) remains.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from undercity.engine import events as ev

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, Obj



def successor(g: Game, player: int) -> int | None:
    """Who takes a designation (the monarch, CR 725.4; the initiative, CR 726.4) from
    ``player`` as they leave: the active player, or — if the active player is leaving or
    there is none — the next player in turn order still in the game; None if no one."""
    s = g.s
    n = len(s.players)

    def staying(i: int) -> bool:
        q = s.players[i]
        return i != player and not q.left and not q.lost

    if staying(s.active):  # an active player who already left is "no active player"
        return s.active
    return next((j for j in ((s.active + k) % n for k in range(1, n + 1)) if staying(j)), None)


def lose_simultaneously(g: Game, losers: list[tuple[int, str, str]]) -> None:
    from undercity.engine.teams import teammates

    s = g.s
    named = {p for p, _, _ in losers}
    for p, _reason, _rule in list(losers):  # CR 810.8a: a team loses together
        for q in teammates(g, p):
            if q not in named:
                named.add(q)
                losers.append((q, "their team lost", "810.8a"))
    for p, reason, rule in losers:
        if not s.players[p].lost:
            s.players[p].lost = True
            g.emit(ev.PlayerLost(rule=rule, player=p, reason=reason))
    remaining = [p.idx for p in s.players if not p.lost and not p.left]
    if len(remaining) == 0:
        g.end_game((), "all players lost at once", "104.4a")
        return
    teams = {s.players[p].team if s.players[p].team is not None else f"#{p}" for p in remaining}
    if len(teams) == 1:
        g.end_game(tuple(remaining), "the last player standing" if len(remaining) == 1 else "the last team standing",
                   "104.2a")
        return
    for p, _reason, _rule in losers:
        leave(g, p)


def concede(g: Game, player: int) -> None:
    """CR 104.3a: a player may concede at any time; they leave the game. In Two-Headed Giant
    their team leaves and loses (CR 810.8b)."""
    from undercity.engine.teams import teammates

    lose_simultaneously(g, [(p, "conceded" if p == player else "their teammate conceded",
                             "104.3a" if p == player else "810.8b") for p in teammates(g, player)])


def leave(g: Game, player: int) -> None:
    """CR 800.4a: the player leaves; all objects they own leave; what they control on the
    stack ceases to exist; effects that give them control end."""
    from undercity.engine import turn, zones

    s = g.s
    p = s.players[player]
    if p.left:
        return
    # What the player leaves behind, just before they leave: their dungeon (CR 800.4a), the
    # initiative (726.4), the monarch (725.4), their phased-out permanents (702.26k) and their
    # face-down spells and permanents, revealed (708.9).
    from undercity.engine import dungeons, face_down, initiative, monarch, phasing

    for on_leave in (dungeons.on_leave, initiative.on_leave, monarch.on_leave, phasing.on_leave, face_down.on_leave):
        on_leave(g, player)
    # Their pass no longer counts towards "all players pass in succession" (CR 117.4).
    s.passes = _passes_without(g, s.priority, s.passes, player)
    for job in s.jobs:
        if "before" in job.data:
            b = job.data["before"]
            b["passes"] = _passes_without(g, b["priority"], b["passes"], player)
    p.left = True
    returned: list[Obj] = []
    for oid in list(s.battlefield):
        o = s.objs[oid]
        if o.owner == player:
            s.battlefield.remove(oid)
            zones._leave_battlefield_cleanup(g, o)  # CR 506.4: removed from combat too
            del s.objs[oid]
        elif o.controller == player:
            _return_control(g, o)
            returned.append(o)
    exiled = _clear_stack(g, player)
    for zone in ("library", "hand", "graveyard", "exile", "command"):
        for oid in p.zone(zone):
            s.objs.pop(oid, None)
        p.zone(zone).clear()
    for oid in list(s.objs):
        if s.objs[oid].owner == player:
            del s.objs[oid]
    s.pending_triggers = [t for t in s.pending_triggers if t.controller != player]
    _drop_from_jobs(g, player)
    # CR 800.4m: "until your next turn" effects last until that turn would have begun
    # (turn.next_turn ends them); other effects of theirs end now.
    s.effects = [e for e in s.effects if e.player != player or e.until == "your_next_turn"]
    g.emit(ev.PlayerLeft(rule="800.4a", player=player))
    for oid in exiled:  # CR 800.4a: what they still control (a card another player owns) is exiled
        zones.move(g, oid, "exile", rule="800.4a", verb="is exiled (its controller left the game)")
    for o in returned:
        g.emit(ev.Note(rule="800.4a", message=f"{o.name} returns to {g.player_name(o.owner)}'s control"))
    # Creatures attacking the departed player stay attacking but assign no combat damage
    # (CR 800.4e, combat.run_combat_damage). If they were the active player, the turn goes
    # on without an active player (CR 800.4j: priority skips them, see Game.advance).
    if s.priority == player:
        s.priority = turn.next_in_turn_order(g, player)
        s.passes = 0


def _return_control(g: Game, o: Obj) -> None:
    """CR 800.4a: the effect giving the leaving player control of ``o`` ends; it goes back to
    its owner. A permanent whose controller changes is removed from combat (CR 506.4), and
    it hasn't been under its new controller's control since their turn began (CR 302.6)."""
    from undercity.engine.layers import change_controller

    change_controller(g, o, o.owner)


def _passes_without(g: Game, priority: int, passes: int, player: int) -> int:
    """How many of the ``passes`` players who passed in succession before ``priority`` are
    still in the game once ``player`` leaves."""
    s = g.s
    n = len(s.players)
    j, counted = priority, 0
    while counted < passes:
        j = (j - 1) % n
        if j == priority:
            break
        if s.players[j].left:
            continue
        counted += 1
        if j == player:
            return passes - 1
    return passes


def _clear_stack(g: Game, player: int) -> list[int]:
    """CR 800.4a on the stack: spells the player owns leave with them; abilities and copies
    they control cease to exist; spells they control that another player owns are returned
    (the object ids to exile once they have left)."""
    s = g.s
    keep, exile = [], []
    for it in s.stack:
        o = s.objs.get(it.obj) if it.obj is not None else None
        if o is not None and o.owner == player:
            continue  # deleted with everything else they own
        if it.controller != player:
            keep.append(it)
        elif o is not None and not o.is_copy:
            exile.append(o.id)
        elif o is not None:
            del s.objs[o.id]  # a copy of a spell ceases to exist (CR 707.10a)
    s.stack = keep
    return exile


def _drop_from_jobs(g: Game, player: int) -> None:
    """Procedures in progress lose the departed player's part (CR 800.4a, 800.4d).

    Every job left is marked to check its recorded answers again when it next runs
    (:data:`game.RECHECK`): an answer that named what left is no longer legal — a cast or
    activation then can't be completed and is reversed (CR 601.2, 733), other procedures ask
    that question again. Declarations in progress drop the attackers and blockers that left
    and keep the rest (CR 506.4)."""
    from undercity.engine.game import RECHECK

    s = g.s
    keep = []
    stack_ids = {it.id for it in s.stack}
    for job in s.jobs:
        if job.kind in ("cast", "activate") and job.data.get("player") == player:
            continue  # nothing was moved or paid yet (jobs ask before they act)
        if job.kind == "resolve" and job.data.get("item") is not None and job.data["item"] not in stack_ids:
            continue
        if job.kind == "triggers":
            pending = [t for t in job.data["pending"] if t.controller != player]
            if len(pending) != len(job.data["pending"]):
                job.data["pending"] = pending
                job.answers = {}  # the answers were keyed by position: ask the others again
        if job.kind == "attackers":
            if "players" in job.data:
                job.data["players"] = [p for p in job.data["players"] if p != player]
            _keep_declared(g, job, ("att", "def"), job.data.get("players", [job.data.get("player")]))
        if job.kind == "blockers":
            _keep_declared(g, job, ("blk", "bt"), range(len(s.players)))
        job.data[RECHECK] = True
        keep.append(job)
    s.jobs = keep


def _keep_declared(g: Game, job: Job, prefixes: tuple[str, str], players: Iterable[int]) -> None:
    """A declaration in progress (attackers: ``att``/``def``; blockers: ``blk``/``bt``) keeps
    the pairs whose creature and whose attacked player, planeswalker or attacker are still in
    the game, renumbered; the creatures of dropped pairs may be declared again."""
    s = g.s
    first, second = prefixes
    answers: dict[str, Any] = {}

    def present(v: Any) -> bool:
        if isinstance(v, tuple | list) and len(v) == 2:  # a defender: ("p", player) or ("o", object)
            return not s.players[v[1]].left if v[0] == "p" else v[1] in s.objs
        return v in s.objs

    for p in players:
        if p is None or s.players[p].left:
            continue
        k, n = 0, 0
        while f"{first}{p}:{k}" in job.answers:
            a = job.answers[f"{first}{p}:{k}"]
            b = job.answers.get(f"{second}{p}:{k}")
            if a is None:  # "no more": the declaration was finished
                answers[f"{first}{p}:{n}"] = None
                break
            if present(a) and (b is None or present(b)):
                answers[f"{first}{p}:{n}"] = a
                if f"{second}{p}:{k}" in job.answers:
                    answers[f"{second}{p}:{n}"] = b
                n += 1
            k += 1
    job.answers = answers
