"""Priority in step after step (CR 117.3, 500.1): a player who could only pass keeps that answer
while nothing they could act on changed — a step beginning, another player's draw, a note that
nothing happened — and is asked again as soon as something did: their mana, their hand, the
battlefield, or a position changed from outside the engine.

``priority.only_pass`` answers; ``priority.options`` is the listing it must agree with, and
``tests/property/test_priority_fast_path.py`` compares the two in whole games.
"""

from __future__ import annotations

import pytest

from undercity.cards.registry import get_card
from undercity.engine import events as ev
from undercity.engine import priority, zones
from undercity.engine.game import Game
from undercity.engine.state import Obj

BOB = 1


def bob_with_a_bolt_and_a_tapped_mountain() -> tuple[Game, Obj]:
    """Alice's upkeep; Bob holds Lightning Bolt and his only Mountain is tapped."""
    g = Game.empty(["Alice", "Bob"])
    g.s.step = "upkeep"
    g.create_object(get_card("Lightning Bolt"), BOB, "hand")
    mountain = g.create_object(get_card("Mountain"), BOB, "battlefield")
    mountain.tapped = True
    return g, mountain


def labels(g: Game, player: int) -> list[str]:
    return [o.label for o in priority.options(g, player)]


def count_listings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times ``only_pass`` looks at the sources of options instead of its kept answer."""
    calls = [0]
    real = priority._lists_something

    def counted(*args: object) -> bool:
        calls[0] += 1
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(priority, "_lists_something", counted)
    return calls


def begin(g: Game, step: str) -> None:
    g.s.step = step
    g.emit(ev.StepBegan(rule="500.1", step=step, player=g.s.active))


def test_117_3_a_quiet_step_beginning_keeps_the_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bob can't pay for Lightning Bolt in Alice's upkeep; her draw step begins and she draws:
    Bob still can only pass, and isn't looked at again."""
    g, _ = bob_with_a_bolt_and_a_tapped_mountain()
    assert priority.only_pass(g, BOB)
    listed = count_listings(monkeypatch)
    alice_card = g.create_object(get_card("Grizzly Bears"), 0, "library")
    begin(g, "draw")
    assert zones.draw(g, 0, "504.1") is not None and alice_card.id not in g.s.players[0].library
    assert priority.only_pass(g, BOB)
    assert listed[0] == 0
    assert labels(g, BOB) == ["pass priority"]


def test_117_3_mana_that_becomes_available_is_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Mountain untaps (an event, CR 701.26b): Bob is asked again, and may cast the Bolt."""
    g, mountain = bob_with_a_bolt_and_a_tapped_mountain()
    assert priority.only_pass(g, BOB)
    listed = count_listings(monkeypatch)
    begin(g, "draw")
    zones.set_tapped(g, mountain, False, "502.3")
    assert not priority.only_pass(g, BOB)
    assert listed[0] == 1
    assert "cast Lightning Bolt" in labels(g, BOB)


def test_121_1_a_card_drawn_into_the_players_own_hand_is_seen() -> None:
    """Bob has an untapped Mountain and nothing to cast; in his draw step he draws Lightning
    Bolt: he may cast it."""
    g = Game.empty(["Alice", "Bob"])
    g.s.active = g.s.priority = BOB
    g.s.step = "upkeep"
    g.create_object(get_card("Mountain"), BOB, "battlefield")
    g.create_object(get_card("Lightning Bolt"), BOB, "library")
    assert priority.only_pass(g, BOB)
    begin(g, "draw")
    zones.draw(g, BOB, "504.1")
    assert not priority.only_pass(g, BOB)
    assert "cast Lightning Bolt" in labels(g, BOB)


def test_117_3_main_phase_timing_is_asked_again() -> None:
    """Bob, active, holds Grizzly Bears with two untapped Forests: he can only pass in his
    upkeep (a creature spell waits for sorcery timing, CR 307.1) but not in his main phase."""
    g = Game.empty(["Alice", "Bob"])
    g.s.active = g.s.priority = BOB
    g.s.step = "upkeep"
    g.create_object(get_card("Grizzly Bears"), BOB, "hand")
    for _ in range(2):
        g.create_object(get_card("Forest"), BOB, "battlefield")
    assert priority.only_pass(g, BOB)
    begin(g, "precombat-main")
    assert not priority.only_pass(g, BOB)
    assert "cast Grizzly Bears" in labels(g, BOB)


def test_a_position_changed_from_outside_the_engine_is_asked_again() -> None:
    """A tool puts an untapped Mountain onto Bob's battlefield directly, with no event: the
    answer kept for him is not trusted (and ``Game.advance`` forgets it anyway)."""
    g, _ = bob_with_a_bolt_and_a_tapped_mountain()
    assert priority.only_pass(g, BOB)
    g.create_object(get_card("Mountain"), BOB, "battlefield")
    assert not priority.only_pass(g, BOB)
    assert "cast Lightning Bolt" in labels(g, BOB)
