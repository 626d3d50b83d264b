"""Cards exiled face down (CR 406.3, 708.1): hideaway's card (702.75a), a foretold card (702.143a),
the card "look at the top N cards …, exile one of them face down" exiles and its controller may
cast for as long as it remains exiled (:class:`~undercity.cards.language.face_down.LookExileFaceDown`,
CR 611.2b).

A card exiled face down has no characteristics (CR 406.3a) and can't be examined by any player
except those an instruction lets look at it; they may go on looking at it until it leaves
exile (406.3). The engine keeps the card as it is and records who may look at it in
``State.extra[FACE_DOWN]`` by object id: a card that leaves exile is a new object (CR 400.7),
no longer face down. Everything that shows exile to a player — the log (the move is private to
the lookers), the terminal seat's zone listings and the web view — asks :func:`shown_name`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.face_down import LookExileFaceDown
from undercity.engine import events as ev
from undercity.engine import zones
from undercity.engine.effects import distinct_card_options, handles, ref_players

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, Obj, StackItem

#: ``State.extra`` key: exiled object id -> the players who may look at it (CR 406.3).
FACE_DOWN = "face_down"
#: How a face-down card is named to a player who may not look at it.
HIDDEN = "a face-down card"


def exile(g: Game, oid: int, looker: int, *, rule: str) -> Obj | None:
    """Exile ``oid`` face down; ``looker`` may look at it (CR 406.3). The move's event names the
    card only to the looker (its owner for hideaway and foretell; not for Gonti's)."""
    new = zones.move(g, oid, "exile", rule=rule, verb="is exiled face down", face_down=True, seen_by=looker)
    if new is not None and new.zone == "exile":
        g.s.extra.setdefault(FACE_DOWN, {})[new.id] = (looker,)
    return new


def is_face_down(g: Game, oid: int) -> bool:
    fd = g.s.extra.get(FACE_DOWN)
    return bool(fd) and oid in fd and oid in g.s.objs and g.s.objs[oid].zone == "exile"


def may_look(g: Game, oid: int, viewer: int | None) -> bool:
    """Whether ``viewer`` (None: everyone's view, the full log) may see the card ``oid``."""
    fd = g.s.extra.get(FACE_DOWN)
    if not fd or oid not in fd or viewer is None:
        return True
    return viewer in fd[oid] or not is_face_down(g, oid)


def shown_name(g: Game, oid: int, viewer: int | None) -> str:
    """The card's name, or :data:`HIDDEN` to a player who may not look at it (CR 406.3)."""
    return g.s.objs[oid].name if may_look(g, oid, viewer) else HIDDEN


def look_and_pick(g: Game, job: Job, key: str, p: int, top: list[int], rule: str, why: str = "") -> int:
    """``p`` looks at the cards ``top`` (CR 401.5; logged once, though the handler runs again
    after each choice) and picks the one to exile face down (``why`` ends the question)."""
    s = g.s
    if key + ":looked" not in job.data:
        job.data[key + ":looked"] = True
        g.emit(ev.LookedAt(rule=rule, player=p, cards=tuple(s.objs[c].name for c in top), count=len(top),
                           private_to=p))
    return top[0] if len(top) == 1 else g.ask(job, key + ":exile", p, "choose_card",
                                               f"{g.player_name(p)}: exile one of them face down{why}",
                                               distinct_card_options(g, top))


@handles(LookExileFaceDown)
def h_look_exile_face_down(g: Game, job: Job, item: StackItem, e: LookExileFaceDown, key: str) -> None:
    """Look at the top cards of the library (CR 401.5), exile one face down — the controller may
    look at it, not its owner if that is another player (CR 406.3) — and put the rest on the
    bottom of that library (CR 401.4); the controller may cast it for as long as it remains exiled
    (CR 611.2b: the permission is theirs even if another player gains control of the source,
    rulings 2016-09-20, Gonti)."""
    from undercity.cards.language.library_top import BOTTOM
    from undercity.engine import cast_permissions as cp
    from undercity.engine.library_top import _order

    s = g.s
    p = item.controller
    owners = ref_players(g, e.whose, item, job)
    if not owners:
        return
    top = list(s.players[owners[0]].library[:e.n])
    if not top:
        return
    pick = look_and_pick(g, job, key, p, top, "401.5")
    rest = [c for c in top if c != pick]
    if e.random:
        s.rng.shuffle(rest)  # "in a random order"
    elif len(rest) > 1:
        rest = _order(g, job, p, rest, BOTTOM, key)  # "in any order", the nearest the top first
    new = exile(g, pick, p, rule="406.3")
    for c in rest:
        zones.move(g, c, "library", rule="401.4", to_top=False, verb="is put on the bottom of its owner's library")
    if new is None or new.zone != "exile":
        return
    marks = (cp.CAST_ONLY, *((cp.ANY_TYPE,) if e.any_type else ()), *((cp.CREATURE_ONLY,) if e.creature_only else ()))
    s.extra.setdefault(cp.PLAY_THIS_TURN, {})[new.id] = (p, cp.WHILE_EXILED, False, *marks)
    # CR 406.3: the others know only that a card was exiled face down, not which.
    g.emit(ev.EffectBegan(rule="611.2b", description=f"{g.player_name(p)} may cast the card exiled face down "
                                                     "for as long as it remains exiled"))
