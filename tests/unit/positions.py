"""Hand-built positions for engine unit tests (dungeons, the initiative)."""

from __future__ import annotations

from undercity.cards import model as m
from undercity.cards.registry import get_card
from undercity.engine.game import Game
from undercity.engine.state import StackItem


def position(n: int = 2, active: int = 0, step: str = "precombat-main", library: int = 10) -> Game:
    g = Game.empty(["Alice", "Bob", "Carol", "Dana"][:n])
    s = g.s
    s.turn, s.active, s.step, s.step_started, s.priority = 2, active, step, True, active
    g.stop_every_priority = True
    for p in range(n):
        for _ in range(library):
            g.create_object(get_card("Forest"), p, "library")
    return g


def put_ability(g: Game, controller: int, *effects: m.Effect, name: str = "Test ability") -> StackItem:
    """An ability with ``effects`` on top of the stack, as if a card had put it there."""
    item = StackItem(g.s.new_id(), "triggered", None, None, name, controller, None, name, "test")
    item.trigger_data = {"effects": effects}
    g.s.stack.append(item)
    return item


def go(g: Game) -> None:
    if g.pending is None:
        g.advance()


def resolve_top(g: Game) -> None:
    """Pass priority until the top object of the stack has left it (answering nothing else)."""
    go(g)
    item = g.s.stack[-1]
    while any(it is item for it in g.s.stack):
        assert g.pending is not None and g.pending.kind == "priority", g.pending
        g.apply("pass priority")
    go(g)
