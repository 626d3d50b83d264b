"""A spell's targets as the compiler lowers them (CR 115.1, 601.2c, 608.2b): what it reads
and what it still refuses rather than guess."""

from __future__ import annotations

from typing import Any

from undercity.cards import model as m
from undercity.cards.text.compile import Compiled, compile_fields


def _spell(text: str, kind: str = "Sorcery") -> Compiled:
    fields: dict[str, Any] = {"name": "Test Spell", "oracle_text": text, "types": [kind], "subtypes": [],
                              "layout": "normal"}
    return compile_fields(fields)


def test_a_spells_one_target_may_be_up_to_one() -> None:
    """Fates' Reversal (CR 115.1a, 608.2b): with its one "up to one" target not chosen the
    spell has no targets and still resolves; no other target's place moves."""
    c = _spell("Return up to one target creature card from your graveyard to your hand. Venture into the dungeon.")
    assert c.implemented, c.reason
    sa = c.lowered.spell
    (t,) = sa.targets
    assert t.optional and t.zone == "graveyard" and t.filter == m.F("Creature", controller="you")
    assert sa.effects == (m.ReturnToHand(m.T(0)), m.Venture())


def test_an_up_to_one_target_beside_another_target_stays_refused() -> None:
    """Two target words, the second one optional: which effect reads which target would move
    when it isn't chosen, so the compiler doesn't read it."""
    c = _spell("Target player draws a card. Up to one target creature gets -1/-1 until end of turn.", "Instant")
    assert c.stage == "lower"


def test_you_and_target_opponent_each_draw() -> None:
    """Your Temple Is Under Attack, Flumph (CR 101.4, 608.2b): each of the two draws; the target
    illegal as it resolves, the whole spell or ability does nothing — neither draws (ruling
    2021-07-23, Flumph)."""
    c = _spell("You and target opponent each draw two cards.", "Instant")
    assert c.implemented, c.reason
    sa = c.lowered.spell
    assert [t.kind for t in sa.targets] == ["opponent"]
    assert sa.effects == (m.Draw(2, m.YOU), m.Draw(2, m.T(0)))


def test_you_and_two_target_players_each_stays_refused() -> None:
    c = _spell("You and up to two target players each draw a card.", "Instant")
    assert c.stage != "implemented"
