"""Monstrosity (CR 701.37): the keyword action, the monstrous designation and the "becomes
monstrous" trigger event.

"Monstrosity N" (701.37a): if the ability's source is still on the battlefield and isn't
monstrous, N +1/+1 counters are put on it and it becomes monstrous — a designation by object id
in ``State.extra`` (701.37b: not copiable, gone when the permanent leaves the battlefield, since
it is then a new object, CR 400.7). If it already is monstrous, nothing happens (no counters, no
trigger). Becoming monstrous is the :class:`BecameMonstrous` event, which the permanent's own
"When ~ becomes monstrous" abilities watch (CR 603.2); static abilities "as long as ~ is
monstrous" apply only while it is (:func:`applies`, asked by the layer system).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from undercity.cards.language import monstrosity as lm
from undercity.engine import abilities as ab
from undercity.engine import events as ev
from undercity.engine import triggers, zones
from undercity.engine.effects import amount, handles

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, Obj, StackItem

#: ``State.extra`` key: the ids of the permanents that are monstrous (CR 701.37b) -> N.
MONSTROUS = "monstrous"


@dataclass(frozen=True, slots=True, kw_only=True)
class BecameMonstrous(ev.Event):
    """A permanent became monstrous (CR 701.37a), with ``n`` counters."""

    obj: int
    name: str
    n: int
    player: int
    kind: ClassVar[str] = "became_monstrous"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{self.name} becomes monstrous"


def is_monstrous(g: Game, o: Obj) -> bool:
    """CR 701.37b: ``o`` is monstrous (only a permanent can be)."""
    return o.zone == "battlefield" and o.id in g.s.extra.get(MONSTROUS, ())


def applies(g: Game, src: Obj, st: Any) -> bool:
    """A static ability "as long as ~ is monstrous" applies only while its source is; any other: True."""
    return not isinstance(st, lm.WhileMonstrous) or is_monstrous(g, src)


@handles(lm.Monstrosity)
def h_monstrosity(g: Game, job: Job, item: StackItem, e: lm.Monstrosity, key: str) -> None:
    s = g.s
    o = s.objs.get(item.source) if item.source is not None else None
    if o is None or o.zone != "battlefield" or is_monstrous(g, o):
        return  # CR 701.37a: only if it isn't monstrous; a new object if it left (CR 400.7)
    n = amount(g, e.n, item, job)
    zones.add_counters(g, o, "+1/+1", n, "701.37a")
    s.extra.setdefault(MONSTROUS, {})[o.id] = n
    g.emit(BecameMonstrous(rule="701.37a", obj=o.id, name=o.name, n=n, player=o.controller))


@triggers.watches(BecameMonstrous.kind)
def became_monstrous(g: Game, e: BecameMonstrous) -> None:
    """"When ~ becomes monstrous" (CR 603.2): the permanent's own abilities."""
    o = g.s.objs.get(e.obj)
    if o is None:
        return
    for a in ab.triggered(g, o):
        if a.when.event == lm.BECOMES_MONSTROUS:
            triggers.add_pending(g, o, a, o.controller, o.name, x=e.n)  # X of 701.37c
