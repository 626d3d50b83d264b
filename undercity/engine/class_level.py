"""Class levels (CR 716).

* **The level** is a designation of a permanent (CR 716.2b), kept in ``State.extra[LEVELS]``
  by object id: a permanent that leaves the battlefield becomes a new object without it (CR
  400.7), and a copy of a Class doesn't copy it (716.2b: not a copiable value). A permanent
  without a level is level 1 (716.2d, :func:`level_of`).
* **Gaining a level** (CR 716.2a, 716.2c): a :class:`~undercity.cards.language.class_level.LevelUp`
  ability may be activated only as a sorcery and only while the Class is level N-1 — asked
  by :func:`undercity.engine.casting.activatable` through :func:`can_activate`. As it resolves,
  the source's level becomes N (:class:`BecomeLevel`, if it is still on the battlefield) and a
  :class:`LevelGained` event happens, which "When this Class becomes level N" abilities watch.
* **The abilities of a level** (CR 716.2a): a
  :class:`~undercity.cards.language.class_level.LevelAbilities` static ability applies only while
  its source's level is at least N — asked by the layer system (:mod:`undercity.engine.layers`,
  layer 6) through :func:`applies`. So they are gained at once, lost with all abilities (CR
  613.1f), and gone when the Class leaves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from undercity.cards.language import class_level as lc
from undercity.engine import abilities as ab
from undercity.engine import events as ev
from undercity.engine import triggers
from undercity.engine.effects import handles

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, Obj, StackItem

#: ``State.extra`` key: permanent id -> its level (CR 716.2b).
LEVELS = "class_levels"


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelGained(ev.Event):
    """A permanent's level became ``level`` (CR 716.2a)."""

    obj: int
    name: str
    level: int
    player: int
    kind: ClassVar[str] = "class_level"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{self.name} becomes level {self.level}"


def level_of(g: Game, o: Obj) -> int:
    """``o``'s level: 1 when it has none (CR 716.2d)."""
    return int(g.s.extra.get(LEVELS, {}).get(o.id, 1))


def has_level(g: Game, o: Obj) -> bool:
    """Whether ``o`` has a level designation (CR 716.2b) — a Class that gained a level."""
    return o.id in g.s.extra.get(LEVELS, {})


def can_activate(g: Game, o: Obj, a: Any) -> bool:
    """CR 716.2a: a level bar's ability only while the Class is level N-1; any other ability: True."""
    return not isinstance(a, lc.LevelUp) or level_of(g, o) == a.level - 1


def applies(g: Game, src: Obj, st: Any) -> bool:
    """CR 716.2a: a level's static ability applies only while its source is level N or greater;
    any other static ability: True."""
    return not isinstance(st, lc.LevelAbilities) or level_of(g, src) >= st.level


@handles(lc.BecomeLevel)
def h_become_level(g: Game, job: Job, item: StackItem, e: lc.BecomeLevel, key: str) -> None:
    s = g.s
    o = s.objs.get(item.source) if item.source is not None else None
    if o is None or o.zone != "battlefield":
        return  # CR 400.7: the Class that left is a new object; nothing gains the level
    s.extra.setdefault(LEVELS, {})[o.id] = e.level
    g.emit(LevelGained(rule="716.2a", obj=o.id, name=o.name, level=e.level, player=o.controller))


@triggers.watches(LevelGained.kind)
def level_gained(g: Game, e: LevelGained) -> None:
    """"When this Class becomes level N" (CR 603.2): the abilities it has once the level is gained."""
    o = g.s.objs.get(e.obj)
    if o is None:
        return
    for a in ab.triggered(g, o):
        w = a.when
        if isinstance(w, lc.BecomesLevel) and w.level == e.level:
            triggers.add_pending(g, o, a, o.controller, o.name)
