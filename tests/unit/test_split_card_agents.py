"""Split cards (CR 709) and aftermath (CR 702.127a) for the agents. The heuristic agent casts
Dusk when it destroys more of the opponents' creatures than of its own, and Dawn from the
graveyard when it returns something; the random agent casts either half (each is a priority
option); a cast an effect allows asks which half (decision ``split_half``), which both answer.
A game with a half on the stack copies, saves and restores."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from undercity.agents.heuristic import HeuristicAgent
from undercity.agents.random_agent import RandomAgent
from undercity.cards.language.split_cards import LEFT_HALF, RIGHT_HALF
from undercity.engine.game import Game
from undercity.scenario.runner import build_game
from undercity.scenario.schema import load_scenario

_SETUP = """
format: 1
name: heuristic and split cards
game: {turn: 3, active: Alice}
players:
  - name: Alice
    library: [Plains*5]
    hand: [%s]
    graveyard: [%s]
    battlefield: [Plains*5, %s]
  - name: Bob
    library: [Island*5]
    battlefield: [%s]
"""


def _pick(g: Game) -> tuple[str, tuple[object, ...]]:
    d = g.pending
    assert d is not None and d.kind == "priority"
    o = d.options[HeuristicAgent(strict=True).choose(g, d)]
    return o.label, o.value


def test_casts_dusk_when_it_destroys_more_of_the_opponents() -> None:
    g = build_game(_SETUP % ("Dusk // Dawn", "", "Grizzly Bears", "Hill Giant, Serra Angel"))
    label, value = _pick(g)
    assert value[0] == "cast" and value[2] == LEFT_HALF, label


def test_does_not_cast_dusk_against_its_own_creatures() -> None:
    g = build_game(_SETUP % ("Dusk // Dawn", "", "Serra Angel, Hill Giant", "Grizzly Bears"))
    label, value = _pick(g)
    assert value[0] == "pass", label


def test_casts_dawn_from_the_graveyard_when_it_returns_something() -> None:
    g = build_game(_SETUP % ("", "Dusk // Dawn, Grizzly Bears", "Plains", "Grizzly Bears"))
    label, value = _pick(g)
    assert value[0] == "cast" and value[2] == RIGHT_HALF, label
    g.apply(g.pending.options[[o.value for o in g.pending.options].index(value)])  # type: ignore[union-attr]
    assert [it.name for it in g.s.stack] == ["Dawn"]


def test_does_not_cast_dawn_with_nothing_to_return() -> None:
    g = build_game(_SETUP % ("", "Dusk // Dawn, Hill Giant", "Plains", "Grizzly Bears"))
    label, value = _pick(g)
    assert value[0] == "pass", label


def test_the_random_agent_casts_each_half() -> None:
    """Each half is an option of its own; the random agent picks among them all (CR 709.3)."""
    cast = set()
    for seed in range(40):
        g = build_game(_SETUP % ("Dusk // Dawn", "Dusk // Dawn", "Plains*4", "Hill Giant"))
        d = g.pending
        assert d is not None
        o = d.options[RandomAgent(seed).choose(g, d)]
        if o.value[0] == "cast":
            cast.add(o.value[2])
            g.apply(o)
            assert g.s.stack[-1].name == ("Dusk" if o.value[2] == LEFT_HALF else "Dawn")
    assert cast == {LEFT_HALF, RIGHT_HALF}


def test_a_cast_an_effect_allows_asks_the_half_and_the_agents_answer() -> None:
    """A cast an effect allows names no half (Gale, Waterdeep Prodigy's "you may cast … from your
    graveyard", CR 608.2g): ``split_half`` is asked among the halves castable from the card's
    zone — from a graveyard both (ruling 2017-04-18) — and the heuristic takes the one worth
    more: Dusk against two big creatures of Bob's, Dawn with none and a card to return."""
    for bob, want in (("Hill Giant, Serra Angel", "cast Dusk"), ("Llanowar Elves", "cast Dawn")):
        g = build_game(_GALE % bob)
        d = g.pending
        g.apply(next(o for o in d.options if o.label == "cast Think Twice"))  # type: ignore[union-attr]
        while (d := g.pending) is not None and d.kind != "split_half":
            pick = next((o for o in d.options if o.label == "Dusk // Dawn"), None) or (
                d.options[0] if d.kind in ("cast_permission", "priority") else None)
            assert pick is not None, d
            g.apply(pick)
        assert d is not None and [o.label for o in d.options] == ["cast Dusk", "cast Dawn"]
        assert d.options[HeuristicAgent(strict=True).choose(g, d)].label == want
        assert 0 <= RandomAgent(1).choose(g, d) < 2
        g.apply(next(o for o in d.options if o.label == want))
        assert g.s.stack[-1].name == want.removeprefix("cast ")


_GALE = """
format: 1
name: Gale and a split card
game: {turn: 6, active: Alice}
players:
  - name: Alice
    library: [Plains*5]
    hand: [Think Twice]
    battlefield: [Island*2, Plains*5, "Gale, Waterdeep Prodigy"]
    graveyard: [Dusk // Dawn, Grizzly Bears]
  - name: Bob
    library: [Island*5]
    battlefield: [%s]
"""


def test_a_game_with_a_half_on_the_stack_copies_saves_and_restores(tmp_path: Path) -> None:
    """Only the half cast is on the stack (CR 709.3b) in a copy of the game and in a saved game
    replayed; the card is the whole split card again once it has left the stack (709.4b)."""
    path = tmp_path / "split.yaml"
    path.write_text(_SETUP % ("Dusk // Dawn", "", "Plains", "Hill Giant"), encoding="utf-8")
    g = build_game(load_scenario(path))
    d = g.pending
    assert d is not None
    g.apply(next(o for o in d.options if o.value[0] == "cast" and o.value[2] == LEFT_HALF))
    twin = g.copy()
    restored = Game.restore(g.save())
    for game in (g, twin, restored):
        assert [it.name for it in game.s.stack] == ["Dusk"]
        assert game.s.objs[game.s.stack[-1].obj].card.mana_value == 4  # CR 709.3b
        while game.s.stack:
            pending = game.pending
            assert pending is not None
            game.apply(next(o for o in pending.options if o.value[0] == "pass"))
        gy = [game.s.objs[x] for x in game.s.players[0].graveyard]
        assert [o.name for o in gy] == ["Dusk // Dawn"] and gy[0].card.mana_value == 9  # CR 709.4b


def test_the_hand_shows_both_halves_and_the_stack_the_half_cast() -> None:
    import io

    from rich.console import Console

    from undercity.ui.board import board

    def render(x: object) -> str:
        buf = io.StringIO()
        Console(file=buf, width=160, highlight=False, color_system=None).print(x)
        return buf.getvalue()

    g = build_game(_SETUP % ("Dusk // Dawn", "", "Plains", "Hill Giant"))
    out = render(board(g, viewer=0))
    assert "Dusk // Dawn" in out and "  Dusk " in out and "Dawn (aftermath)" in out
    d = g.pending
    assert d is not None
    g.apply(next(o for o in d.options if o.value[0] == "cast" and o.value[2] == LEFT_HALF))
    assert "Dusk (half of Dusk // Dawn, Alice)" in render(board(g, viewer=1))


def test_seeded_games_with_split_cards_keep_the_invariants(play_checked: Callable[..., None]) -> None:
    """Whole games of decks with Dusk // Dawn, random and heuristic agents: after every decision
    the engine's invariants hold (``priority.only_pass`` agrees with the listing, the zone
    summaries are current), and both halves get cast (CR 709.3, 702.127a)."""
    from undercity.agents import make_agent

    deck = ["Dusk // Dawn"] * 8 + ["Grizzly Bears"] * 10 + ["Hill Giant"] * 8 + ["Llanowar Elves"] * 4 + ["Plains"] * 30
    cast: set[str] = set()
    for seed, agent in ((1, "heuristic"), (2, "random"), (3, "heuristic"), (4, "random")):
        g = Game.new([list(deck), list(deck)], ["P1", "P2"], seed=seed, turn_cap=24)
        play_checked(g, [make_agent(agent, 100 * seed + p) for p in range(2)])
        cast |= {e.name for e in g.events if e.kind == "spell_cast"}
    assert {"Dusk", "Dawn"} <= cast, cast
