"""The layer system's cache (``layers.table``) against the layers computed afresh.

A result that read only the battlefield, the effects, the emblems and the attachments,
controllers and timestamps of the permanents involved is kept across events that change none
of those (docs/performance.md); "Commander creatures you own have …" (Cloakwood Hermit, a
layer-6 grant, CR 613.1f, 903.3) is such a result. A static ability's gate that reads no
characteristic — "as long as you've completed a dungeon" (Cloister Gargoyle, CR 309.7, 604.1),
"during your turn" (Triumphant Adventurer) — is kept too, asked again at each look-up (a probe);
so is "Golems you control have first strike" (Blade Splicer, CR 611.3a), whose filter reads only
characteristics and controllers (every permanent is then watched).
In seeded four-player Commander games of the bundled decks, after every decision, what the
cache answers is compared with a fresh computation (``layers.cache_current``, which
``invariants.check`` asks too), and the games are required to reach positions where the grant
applies, where a gate was read and where such a filter applies, each with its result kept
across events.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from undercity.cards.language.continuous import Continuous
from undercity.decks import load_deck
from undercity.engine import layers
from undercity.engine.game import Game

DECKS = ("commander-linden", "commander-erinis", "commander-sefris", "commander-barrowin")


def test_a_kept_layer_result_is_the_fresh_one() -> None:
    decks = [load_deck(d) for d in DECKS]
    granted = kept = gated = gate_kept = filtered = filter_kept = 0
    for seed in (3, 5, 8, 14):
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
                    kept += computed == before
                if t is not None and any(_all_filter(g.s.objs[oid].card) for oid in g.s.battlefield):
                    filtered += 1
                    filter_kept += computed == before
                if t is not None and layers._CACHE.probes:
                    gated += 1
                    gate_kept += computed == before
                assert layers.cache_current(g), f"seed {seed}, turn {g.s.turn}: the cached layers are stale"
        finally:
            layers._compute = real  # type: ignore[assignment]
    assert granted > 100, f"the grant applied in only {granted} positions"
    assert kept > granted // 2, f"the grant's result was kept in only {kept} of {granted} positions"
    assert gated > 50, f"a gate was read in only {gated} positions"
    assert gate_kept > gated // 2, f"a gated result was kept in only {gate_kept} of {gated} positions"
    assert filtered > 20, f"an 'all …' filter applied in only {filtered} positions"
    assert filter_kept > filtered // 2, f"a filtered result was kept in only {filter_kept} of {filtered} positions"


def _all_filter(card: Any) -> bool:
    """Whether ``card`` has a continuous effect on "all" permanents its filter describes."""
    return any(isinstance(st, Continuous) and st.affects.kind == "all" for st in card.static)


def test_a_fixed_effect_depends_on_what_the_full_test_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """CR 613.8a: ``layers._depends`` answers "no" at once for an effect whose objects read no
    characteristic (itself, what its source is attached to) when the other effect neither
    removes abilities nor changes control; in seeded games each such answer is compared with
    the full test (apply the other effect, see whether the objects change)."""
    real = layers._depends
    shortcut = [0]

    def checked(g: Game, a: Any, b: Any, w: Any, now: dict[int, Any]) -> bool:
        r = real(g, a, b, w, now)
        fa = a.affects
        if getattr(fa, "fixed", False) and not isinstance(b.mod, layers._CHANGES_FIXED):
            a.affects = lambda g2, w2: fa(g2, w2)  # the same objects, not marked: the full test
            try:
                # A fresh memo: the full test computes what each effect applies to itself.
                assert real(g, a, b, w, {}) == r, f"{a} on {b}"
            finally:
                a.affects = fa
            shortcut[0] += 1
        return r

    monkeypatch.setattr(layers, "_depends", checked)
    decks = [load_deck(d) for d in DECKS]
    for seed in (3, 8, 55):
        g = Game.new([list(d.main) for d in decks], [f"P{p + 1}" for p in range(4)], seed=seed,
                     variant="commander", turn_cap=30, commanders=[list(d.commanders) for d in decks])
        rng = random.Random(seed)
        while not g.over:
            assert g.pending is not None
            g.apply(rng.randrange(len(g.pending.options)))
    assert shortcut[0] > 100, f"only {shortcut[0]} answers compared"
