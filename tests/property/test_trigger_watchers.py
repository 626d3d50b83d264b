"""The every-event trigger watchers (``triggers._watchers``) are offered only the events they
declare (``triggers.reads``), and the checks of a step's beginning that name their steps
(``triggers.watches(..., steps=…)``) only those steps' beginnings. In seeded games of all four
variants, each watcher and each such check is also offered, after the real check, every event it
is not offered, and must do nothing with it: no waiting triggered ability (CR 603.2), no record
in ``State.extra``, no control change. One that starts reading an event kind (or a step) it
doesn't declare fails here.
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from undercity.agents import make_agent
from undercity.decks import load_deck
from undercity.engine import triggers
from undercity.engine.game import Game

GAMES = [
    ("two-player", ("gruul-stompy", "orzhov-knights"), 30),
    ("free-for-all", ("orzhov-initiative", "simic-initiative", "gruul-stompy"), 20),
    ("commander", ("commander-linden", "commander-erinis", "commander-sefris", "commander-barrowin"), 15),
    ("two-headed-giant", ("simic-initiative", "orzhov-knights", "orzhov-initiative", "gruul-stompy"), 20),
]


def _footprint(g: Game) -> bytes:
    s = g.s
    return pickle.dumps((s.pending_triggers, s.extra, [(o, s.objs[o].controller) for o in s.battlefield]))


@pytest.mark.parametrize(("variant", "decks", "cap"), GAMES, ids=[v for v, _, _ in GAMES])
def test_watchers_ignore_the_events_they_are_not_offered(variant: str, decks: tuple[str, ...], cap: int,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    real = triggers.check
    offered: dict[str, int] = {}
    held_steps: dict[str, int] = {}

    def check(g: Game, e: Any) -> None:
        real(g, e)
        others = [w for w in triggers._watchers() if w not in triggers.watchers_of(e.kind)]
        for w in others:
            before = _footprint(g)
            w(g, e)
            assert _footprint(g) == before, f"{w.__module__}.{w.__name__} acts on {e.kind} events it doesn't declare"
            offered[e.kind] = offered.get(e.kind, 0) + 1
        if e.kind == "step_began":
            for fn in triggers._CHECKS["step_began"]:
                if fn not in triggers._step_checks(e.step):
                    before = _footprint(g)
                    fn(g, e)
                    assert _footprint(g) == before, f"{fn.__module__}.{fn.__name__} acts on the {e.step} step"
                    held_steps[e.step] = held_steps.get(e.step, 0) + 1

    monkeypatch.setattr(triggers, "check", check)
    import undercity.engine.game as game_module

    monkeypatch.setattr(game_module, "_trigger_check", check)
    loaded = [load_deck(d) for d in decks]
    g = Game.new([list(d.main) for d in loaded], [f"P{p + 1}" for p in range(len(loaded))], seed=5,
                 variant=variant, turn_cap=cap,
                 commanders=[list(d.commanders) for d in loaded] if variant == "commander" else None)
    agents = [make_agent("heuristic" if p % 2 else "random", 7000 + p) for p in range(len(loaded))]
    while not g.over:
        d = g.pending
        assert d is not None
        g.apply(agents[d.player].choose(g, d))
    assert offered, "no event was held back from any watcher"
    assert held_steps, "no step's beginning was held back from any check"
