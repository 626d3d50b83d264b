"""Adventurer cards (CR 715) for the agents and the terminal seat. The heuristic agent casts the
Adventure when its spell is worth casting — the card is then still to be cast from exile (CR
715.3d) — and chooses the Adventure's targets, not the creature's; the board shows the
Adventure in the hand and which half is on the stack (CR 715.3, 715.3b)."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from undercity.agents.heuristic import HeuristicAgent
from undercity.cards.language.adventure import ADVENTURE
from undercity.scenario.runner import build_game
from undercity.ui.board import board

_SETUP = """
format: 1
name: heuristic and Adventures
game: {turn: 3, active: Alice}
players:
  - name: Alice
    library: [Plains*5]
    hand: [Giant Killer]
    battlefield: [Plains*3]
  - name: Bob
    library: [Island*5]
    battlefield: [%s]
"""


def test_casts_the_adventure_to_destroy_a_big_creature() -> None:
    """Chop Down destroys Bob's 4/5 Leatherback Baloth: better than a 1/2 Giant Killer now."""
    g = build_game(_SETUP % "Leatherback Baloth")
    d = g.pending
    assert d is not None and d.kind == "priority"
    pick = d.options[HeuristicAgent(strict=True).choose(g, d)]
    assert pick.value[0] == "cast" and pick.value[2] == ADVENTURE, pick.label
    g.apply(pick)
    while g.pending is not None and g.pending.kind != "priority":
        g.apply(g.pending.options[HeuristicAgent(strict=True).choose(g, g.pending)])
    assert [it.name for it in g.s.stack] == ["Chop Down"]
    assert g.s.stack[-1].targets and g.s.objs[g.s.stack[-1].targets[0][1]].name == "Leatherback Baloth"


def test_casts_the_creature_when_the_adventure_has_no_target() -> None:
    g = build_game(_SETUP % "Grizzly Bears")
    d = g.pending
    assert d is not None
    pick = d.options[HeuristicAgent(strict=True).choose(g, d)]
    assert pick.label == "cast Giant Killer"


def _render(renderable: object) -> str:
    buf = io.StringIO()
    Console(file=buf, width=160, highlight=False, color_system=None).print(renderable)
    return buf.getvalue()


def test_the_hand_shows_the_adventure_and_the_stack_the_half_cast() -> None:
    g = build_game(_SETUP % "Leatherback Baloth")
    out = _render(board(g, viewer=0))
    assert "Giant Killer" in out and "// Chop Down (Adventure)" in out and "Instant — Adventure" in out
    assert "Chop Down" not in _render(board(g, viewer=1))  # Bob doesn't see Alice's hand
    d = g.pending
    assert d is not None
    g.apply(next(o for o in d.options if o.value[0] == "cast" and o.value[2] == ADVENTURE))
    assert "Chop Down (Adventure of Giant Killer, Alice) → Leatherback Baloth" in _render(board(g, viewer=1))


def test_a_game_with_an_adventure_on_the_stack_copies_saves_and_restores(tmp_path: Path) -> None:
    """The Adventure's characteristics are part of the game (CR 715.3b): a copy (search) and a
    saved game replayed from its choices have the same stack and the same exiled card after."""
    from undercity.engine.game import Game
    from undercity.scenario.schema import load_scenario

    path = tmp_path / "adventure.yaml"
    path.write_text(_SETUP % "Leatherback Baloth", encoding="utf-8")
    g = build_game(load_scenario(path))
    d = g.pending
    assert d is not None
    g.apply(next(o for o in d.options if o.value[0] == "cast" and o.value[2] == ADVENTURE))
    twin = g.copy()
    assert [it.name for it in twin.s.stack] == ["Chop Down"]
    assert twin.s.objs[twin.s.stack[-1].obj].card is g.s.objs[g.s.stack[-1].obj].card
    restored = Game.restore(g.save())
    assert [it.name for it in restored.s.stack] == ["Chop Down"]
    for game in (g, twin, restored):
        while game.s.stack:
            pending = game.pending
            assert pending is not None
            game.apply(next(o for o in pending.options if o.value[0] == "pass"))
        assert [game.s.objs[x].name for x in game.s.players[0].exile] == ["Giant Killer"]
