"""The human seat's look-ups: a visible card's text and rulings (by name or option number), the
graveyards (CR 404.2) and exile (CR 406.3), the attackers declared so far (CR 508.1a), and a
board that says the game has not begun during mulligans (CR 103.5). Hidden cards stay hidden
(CR 400.2): `card` finds only what the player may see."""

from __future__ import annotations

import io
from collections.abc import Callable

from rich.console import Console

from undercity.agents.human import HumanAgent
from undercity.cards.registry import get_card
from undercity.engine.decisions import Decision, Option
from undercity.engine.game import Game
from undercity.ui.board import header

ANSWERS = ["pass priority", "cast Lightning Bolt"]


def _agent(answers: list[str]) -> tuple[HumanAgent, io.StringIO]:
    buf = io.StringIO()
    feed = iter(answers)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return HumanAgent(0, Console(file=buf, width=200, highlight=False, color_system=None), read), buf


def _position() -> Game:
    g = Game.empty(["Alice", "Bob"], seed=1)
    g.create_object(get_card("Lightning Bolt"), 0, "hand")
    g.create_object(get_card("Murder"), 1, "hand")               # Bob's hand: hidden from Alice
    g.create_object(get_card("Wall of Omens"), 1, "library")     # a library: hidden from everyone
    g.create_object(get_card("Shock"), 1, "graveyard")
    g.create_object(get_card("Grizzly Bears"), 1, "graveyard")
    g.create_object(get_card("Savannah Lions"), 0, "exile")
    g.create_object(get_card("Ravenloft Adventurer"), 1, "battlefield")
    return g


def _ask(g: Game, answers: list[str]) -> tuple[int, str]:
    agent, buf = _agent(answers)
    d = Decision(0, "priority", "Alice has priority", [Option(label, (label,)) for label in ANSWERS])
    return agent.choose(g, d), buf.getvalue()


def test_card_text_and_rulings_by_name() -> None:
    choice, out = _ask(_position(), ["card ravenloft", "1"])
    assert choice == 0
    assert "Ravenloft Adventurer  {3}{B}" in out and "When this creature enters, you take the initiative." in out
    assert "3/4" in out and "Rulings:" in out
    assert "2021-07-23" in out or "2022-06-10" in out  # a dated ruling of the card


def test_card_text_by_option_number() -> None:
    _, out = _ask(_position(), ["card 2", "1"])
    assert "Lightning Bolt deals 3 damage to any target." in out


def test_card_finds_only_visible_cards() -> None:
    """CR 400.2: Bob's hand and the libraries are hidden; asking for them names nothing."""
    _, out = _ask(_position(), ["card Murder", "card wall of omens", "card Shock", "1"])
    assert "No card you can see is named 'Murder'" in out
    assert "No card you can see is named 'wall of omens'" in out
    assert "Murder deals" not in out and "Destroy target creature." not in out
    assert "Shock deals 2 damage to any target." in out   # a graveyard is public


def test_graveyards_and_exile() -> None:
    _, out = _ask(_position(), ["graveyards", "exile", "1"])
    assert "Bob's graveyard (2): Shock, Grizzly Bears" in out and "Alice's graveyard (0): (empty)" in out
    assert "Alice's exile (1): Savannah Lions" in out and "Bob's exile (0): (empty)" in out


def test_help_lists_the_lookups() -> None:
    _, out = _ask(_position(), ["?", "1"])
    for word in ("card NAME", "graveyards, gy", "exile", "board", "q, quit"):
        assert word in out


def _combat(setup: Callable[[Game], None] | None = None) -> Game:
    g = Game.empty(["Alice", "Bob"], seed=1)
    s = g.s
    s.turn, s.active, s.step = 3, 0, "beginning-of-combat"
    for name in ("Grizzly Bears", "Savannah Lions"):
        g.create_object(get_card(name), 0, "battlefield").sick = False
    g.advance()
    return g


def test_the_attackers_declared_so_far_are_shown() -> None:
    """CR 508.1a: attackers are chosen one by one here; the next question shows those chosen."""
    g = _combat()
    assert g.pending is not None and g.pending.kind == "attacker"
    agent, buf = _agent(["1"])
    agent.choose(g, g.pending)
    assert "Attacking so far: nothing yet" in buf.getvalue()
    g.apply(0)  # Grizzly Bears attacks Bob (the only defender: asked no further)
    assert g.pending is not None and g.pending.kind == "attacker"
    agent, buf = _agent(["1"])
    agent.choose(g, g.pending)
    assert "Attacking so far: Grizzly Bears → Bob" in buf.getvalue()


def test_the_board_during_mulligans_is_before_the_first_turn() -> None:
    """CR 103.5: mulligans happen before the game's first turn (and its untap step)."""
    g = Game.new([["Island"] * 40, ["Forest"] * 40], ["Alice", "Bob"], seed=3)
    assert g.pending is not None and g.pending.kind == "mulligan"
    text = header(g).plain
    assert "untap" not in text and "Turn 0" not in text
    assert text.startswith("Before the game") and f"{g.player_name(g.s.first_player)} plays first" in text


def test_the_mulligan_prompt_matches_its_options() -> None:
    """CR 103.5: after one mulligan a two-player hand of 7 is kept as 6 (one to the bottom)."""
    g = Game.new([["Island"] * 40, ["Forest"] * 40], ["Alice", "Bob"], seed=3)
    first = g.pending
    assert first is not None and first.prompt.endswith("keep this hand of 7, or mulligan?")
    g.apply("mulligan")
    while g.pending is not None and g.pending.player != first.player:
        g.apply("keep")
    d = g.pending
    assert d is not None and d.kind == "mulligan" and d.options[0].label == "Keep 6"
    assert "keep 6 of these 7 cards (then put 1 on the bottom)" in d.prompt
