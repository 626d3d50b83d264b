"""London mulligan (CR 103.5): which cards go to the bottom is a choice among kinds of cards.

Identical cards are one option (the scenario format: "Decisions that have exactly one legal
answer are made automatically"), so a hand of seven identical cards puts one on the bottom
without asking.
"""

from __future__ import annotations

from undercity.engine.game import Game


def _labels(g: Game) -> list[str]:
    assert g.pending is not None
    return [o.label for o in g.pending.options]


def _mulligan_then_keep(g: Game) -> None:
    assert g.pending is not None and g.pending.kind == "mulligan" and g.pending.player == 0
    g.apply(_labels(g).index("Mulligan"))
    while g.pending is not None and g.pending.kind == "mulligan" and g.pending.player != 0:
        g.apply(_labels(g).index("Keep 7"))
    assert g.pending is not None and g.pending.kind == "mulligan" and g.pending.player == 0
    g.apply(0)  # keep 6 of these 7 cards


def test_a_hand_of_identical_cards_puts_one_on_the_bottom_without_asking() -> None:
    g = Game.new([["Island"] * 40, ["Island"] * 40], ["Alice", "Bob"], seed=1)
    _mulligan_then_keep(g)
    assert g.pending is not None and g.pending.kind != "bottom"
    assert len(g.s.players[0].hand) == 6  # CR 103.5: one card went to the bottom


def test_the_bottom_choice_offers_one_option_per_kind_of_card() -> None:
    g = Game.new([["Island"] * 20 + ["Mountain"] * 20, ["Island"] * 40], ["Alice", "Bob"], seed=1)
    _mulligan_then_keep(g)
    # Seed 1 deals Alice four Islands and three Mountains: seven cards, two kinds.
    assert sorted({g.s.objs[c].name for c in g.s.players[0].hand}) == ["Island", "Mountain"]
    assert g.pending is not None and g.pending.kind == "bottom"
    assert sorted(_labels(g)) == ["Island", "Mountain"]
