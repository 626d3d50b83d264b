"""The layer system's cache (``layers.table``) against the layers computed afresh.

A result that read only the battlefield, the effects, the emblems and the attachments,
controllers and timestamps of the permanents involved is kept across events that change none
of those (docs/performance.md); "Commander creatures you own have …" (Cloakwood Hermit, a
layer-6 grant, CR 613.1f, 903.3) is such a result. In seeded four-player Commander games of the
bundled decks, after every decision, what the cache answers is compared with a fresh
computation (``layers.cache_current``, which ``invariants.check`` asks too), and the games are
required to reach positions where the grant applies and its result is kept across events.
"""

from __future__ import annotations

import random

from undercity.decks import load_deck
from undercity.engine import layers
from undercity.engine.game import Game

DECKS = ("commander-linden", "commander-erinis", "commander-sefris", "commander-barrowin")


def test_a_kept_layer_result_is_the_fresh_one() -> None:
    decks = [load_deck(d) for d in DECKS]
    granted = kept = 0
    for seed in (2, 5, 9):
        g = Game.new([list(d.main) for d in decks], [f"P{p + 1}" for p in range(4)], seed=seed,
                     variant="commander", turn_cap=30, commanders=[list(d.commanders) for d in decks])
        rng = random.Random(seed)
        computed = 0
        real = layers._compute

        def counting(game: Game, real=real) -> object:  # type: ignore[no-untyped-def]
            nonlocal computed
            computed += 1
            return real(game)

        layers._compute = counting  # type: ignore[assignment]
        try:
            while not g.over:
                before = computed
                assert g.pending is not None
                g.apply(rng.randrange(len(g.pending.options)))
                t = layers.table(g)
                if t is not None and t.gained:
                    granted += 1
                    kept += computed == before and len(g.events) > 0
                assert layers.cache_current(g), f"seed {seed}, turn {g.s.turn}: the cached layers are stale"
        finally:
            layers._compute = real  # type: ignore[assignment]
    assert granted > 50, f"the grant applied in only {granted} positions"
    assert kept > granted // 2, f"the grant's result was kept in only {kept} of {granted} positions"
