"""Bestow (CR 702.103): what the layer effect of a spell cast bestowed leaves alone — its mana
value (702.103c's note: the bestow cost is an alternative cost, CR 118.9c) — and what it changes
on the stack and the battlefield (702.103b)."""

from __future__ import annotations

from undercity.engine import characteristics as ch
from undercity.scenario.runner import build_game

_SETUP = """
format: 1
name: bestow
game: {turn: 3, active: Alice}
players:
  - name: Alice
    library: [Swamp*5]
    hand: [Nighthowler]
    graveyard: [Hill Giant]
    battlefield: [Grizzly Bears, Swamp*4]
  - name: Bob
    library: [Island*5]
"""


def _bestow() -> tuple:
    g = build_game(_SETUP)
    d = g.pending
    assert d is not None
    g.apply(next(i for i, o in enumerate(d.options) if o.label == "cast Nighthowler (bestow)"))
    return g, next(o for o in g.s.objs.values() if o.name == "Nighthowler")


def test_the_mana_value_is_the_mana_costs_on_the_stack_and_the_battlefield() -> None:
    """CR 702.103c (note), 202.3: {1}{B}{B} — 3, not the {2}{B}{B} paid."""
    g, spell = _bestow()
    assert spell.zone == "stack"
    assert ch.view(g, spell).mana_value == 3
    assert ch.types(g, spell) == frozenset({"Enchantment"}) and ch.subtypes(g, spell) == frozenset({"Aura"})
    assert ch.view(g, spell).enchant is not None  # CR 702.103b: it gains enchant creature
    while g.s.stack:
        g.apply(0)  # pass until it resolves
    howler = next(o for o in g.s.objs.values() if o.name == "Nighthowler")
    assert howler.zone == "battlefield" and howler.attached_to is not None
    assert ch.view(g, howler).mana_value == 3
    assert ch.view(g, howler).enchant is not None
    assert not ch.is_creature(howler, g)


def test_the_card_in_hand_keeps_its_printed_characteristics() -> None:
    """CR 702.103b: only the spell cast bestowed, and the permanent it becomes, are Auras; the
    card in hand, and a Nighthowler cast for its mana cost, are enchantment creatures."""
    g = build_game(_SETUP)
    howler = next(o for o in g.s.objs.values() if o.name == "Nighthowler")
    assert ch.types(g, howler) == frozenset({"Enchantment", "Creature"})
    assert ch.view(g, howler).enchant is None
