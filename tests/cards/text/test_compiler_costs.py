"""Activation costs as the compiler lowers them (CR 118.3, 602.2b): what it reads and what it
still refuses rather than guess."""

from __future__ import annotations

from typing import Any

from undercity.cards import model as m
from undercity.cards.text.compile import Compiled, compile_fields


def _permanent(text: str, *types: str) -> Compiled:
    fields: dict[str, Any] = {"name": "Test Permanent", "oracle_text": text, "types": list(types or ["Artifact"]),
                              "subtypes": [], "layout": "normal"}
    if "Creature" in fields["types"]:
        fields |= {"power": "1", "toughness": "1"}
    return compile_fields(fields)


def test_tap_an_untapped_permanent_you_control_is_a_cost() -> None:
    """Dungeon Descent (CR 602.2b): "Tap an untapped legendary creature you control" — a
    legendary creature of its controller's, chosen and tapped as the ability is activated."""
    c = _permanent("{4}, {T}, Tap an untapped legendary creature you control: Venture into the dungeon. "
                   "Activate only as a sorcery.", "Land")
    assert c.implemented, c.reason
    (a,) = c.lowered.activated
    assert a.cost.tap and a.cost.tap_untapped == m.F("Creature", supertypes={"Legendary"})
    assert a.effects == (m.Venture(),) and a.sorcery_speed


def test_tap_another_untapped_creature_is_not_the_source() -> None:
    """Ranger's Hawk: "another" — the source itself can't pay it (CR 109.1)."""
    c = _permanent("{3}, {T}, Tap another untapped creature you control: Venture into the dungeon. "
                   "Activate only as a sorcery.", "Creature")
    assert c.implemented, c.reason
    assert c.lowered.activated[0].cost.tap_untapped == m.F("Creature", other=True)


def test_tapping_a_permanent_not_said_untapped_stays_refused() -> None:
    """"Tap a creature you control" without "untapped" is not the cost the engine pays."""
    c = _permanent("Tap a creature you control: Draw a card.")
    assert c.stage != "implemented"
