"""Cards exiled face down (CR 406.3, 708.1): hideaway's card (702.75a), a foretold card (702.143a).

A card exiled face down has no characteristics (CR 406.3a) and can't be examined by any player
except those an instruction lets look at it; they may go on looking at it until it leaves
exile (406.3). The engine keeps the card as it is and records who may look at it in
``State.extra[FACE_DOWN]`` by object id: a card that leaves exile is a new object (CR 400.7),
no longer face down. Everything that shows exile to a player — the log (the move is private to
the lookers), the terminal seat's zone listings and the web view — asks :func:`shown_name`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.engine import zones

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

#: ``State.extra`` key: exiled object id -> the players who may look at it (CR 406.3).
FACE_DOWN = "face_down"
#: How a face-down card is named to a player who may not look at it.
HIDDEN = "a face-down card"


def exile(g: Game, oid: int, looker: int, *, rule: str) -> Obj | None:
    """Exile ``oid`` face down; ``looker`` may look at it (CR 406.3). The move's event names the
    card only to its owner (who is the looker for hideaway and foretell)."""
    new = zones.move(g, oid, "exile", rule=rule, verb="is exiled face down", face_down=True)
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
