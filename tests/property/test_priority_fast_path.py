"""The priority fast path (``priority.only_pass``) against the full listing.

``Game.advance`` passes for a player without listing their options when ``only_pass`` says
that passing is all they could do (CR 117.3). It must never say so wrongly: in seeded games of
all four variants, with random and heuristic agents, every time the engine asks it — each
window a player would receive priority in — the answer is compared with
``priority.options``; and after every decision the engine's invariants compare it for every
player and check that the zone summaries it reads are those of the zones' contents now (a
stale one fails ``invariants.check``). The games are also required to use the fast path (so
that a change that turned it off would be noticed too).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from undercity.agents import make_agent
from undercity.cards.registry import get_card
from undercity.decks import load_deck
from undercity.engine import priority
from undercity.engine.game import Game

#: (variant, decks by seat, turn cap): all four variants, the bundled decks.
GAMES = [
    ("two-player", ("gruul-stompy", "orzhov-knights"), 40),
    ("two-player", ("simic-initiative", "orzhov-initiative"), 40),
    ("free-for-all", ("orzhov-initiative", "simic-initiative", "gruul-stompy"), 25),
    ("commander", ("commander-linden", "commander-erinis", "commander-sefris", "commander-barrowin"), 20),
    ("two-headed-giant", ("gruul-stompy", "orzhov-knights", "simic-initiative", "orzhov-initiative"), 25),
]


def _play(variant: str, deck_names: tuple[str, ...], cap: int, seed: int, agent: str,
          monkeypatch: pytest.MonkeyPatch, play_checked: Callable[..., None]) -> tuple[int, int]:
    calls = [0, 0]  # windows asked, windows answered "only pass"
    real = priority.only_pass

    def checked(g: Game, player: int) -> bool:
        fast = real(g, player)
        calls[0] += 1
        if fast:
            calls[1] += 1
            opts = priority.options(g, player)
            assert len(opts) == 1, (f"only_pass says {g.player_name(player)} can only pass, "
                                    f"but the listing has {[o.label for o in opts]}")
        return fast

    monkeypatch.setattr(priority, "only_pass", checked)
    decks = [load_deck(d) for d in deck_names]
    g = Game.new([list(d.main) for d in decks], [f"P{p + 1}" for p in range(len(decks))], seed=seed,
                 variant=variant, turn_cap=cap,
                 commanders=[list(d.commanders) for d in decks] if variant == "commander" else None)
    play_checked(g, [make_agent(agent, 1000 * seed + p) for p in range(len(decks))])
    return calls[0], calls[1]


@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize(("variant", "decks", "cap"), GAMES, ids=[f"{v}-{d[0]}" for v, d, _ in GAMES])
def test_only_pass_agrees_with_the_listing(variant: str, decks: tuple[str, ...], cap: int, agent: str,
                                          monkeypatch: pytest.MonkeyPatch,
                                          play_checked: Callable[..., None]) -> None:
    asked = fast = 0
    for seed in (3, 11):
        a, f = _play(variant, decks, cap, seed, agent, monkeypatch, play_checked)
        asked, fast = asked + a, fast + f
    assert fast > asked // 5, f"the fast path answered only {fast} of {asked} windows"


def test_the_index_follows_the_zones() -> None:
    """What ``only_pass`` reads follows the zones' contents, each new object seen at once
    (CR 400.7): an instant put into the hand, a land to pay for it, then the land tapped."""
    g = Game.empty(["Alice", "Bob"])
    s = g.s
    s.turn, s.active, s.step, s.step_started, s.priority = 2, 1, "upkeep", True, 0  # Bob's upkeep
    for p in range(2):
        for _ in range(5):
            g.create_object(get_card("Forest"), p, "library")
    g.create_object(get_card("Grizzly Bears"), 0, "battlefield").sick = False
    assert priority.only_pass(g, 0)
    g.create_object(get_card("Giant Growth"), 0, "hand")
    assert priority.only_pass(g, 0), "no mana to pay {G}: only passing"
    forest = g.create_object(get_card("Forest"), 0, "battlefield")
    assert not priority.only_pass(g, 0)
    assert len(priority.options(g, 0)) == 2  # pass, or cast Giant Growth on the Bears
    forest.tapped = True
    assert priority.only_pass(g, 0)
    assert priority.summaries_current(s, s.players[0])
