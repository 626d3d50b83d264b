"""The productions Eight-and-a-Half-Tails brought: "target spell or permanent" (CR 115.1) and
"[object] becomes [color] until end of turn" (CR 105.3, 611.2a, layer 5) — what each lowers to,
and what each still refuses."""

from __future__ import annotations

from typing import Any

from undercity.cards import model as m
from undercity.cards.language.continuous import SetColors
from undercity.cards.language.stack_targets import SPELL_OR_PERMANENT
from undercity.cards.language.until_end_of_turn import UntilEndOfTurn
from undercity.cards.text.compile import Compiled, compile_fields


def _creature(text: str) -> Compiled:
    fields: dict[str, Any] = {"name": "Test Fox", "oracle_text": text, "types": ["Creature"], "subtypes": [],
                              "layout": "normal", "power": "2", "toughness": "2"}
    return compile_fields(fields)


def test_target_spell_or_permanent_becomes_white() -> None:
    c = _creature("{1}: Target spell or permanent becomes white until end of turn.")
    assert c.implemented, c.reason
    (a,) = c.lowered.activated
    (t,) = a.targets
    assert t.kind == SPELL_OR_PERMANENT and t.text == "target spell or permanent"
    assert a.effects == (UntilEndOfTurn(m.T(0), (SetColors(frozenset({"W"})),), "becomes white"),)


def test_a_permanent_becomes_two_colors() -> None:
    c = _creature("{1}: Target creature becomes blue and black until end of turn.")
    assert c.implemented, c.reason
    (e,) = c.lowered.activated[0].effects
    assert isinstance(e, UntilEndOfTurn) and e.mods == (SetColors(frozenset({"U", "B"})),)


def test_becoming_a_color_without_a_duration_is_refused() -> None:
    """No duration: until the end of the game (CR 611.2a) — not read."""
    assert not _creature("{1}: Target creature becomes white.").implemented


def test_becoming_a_color_until_your_next_turn_is_refused() -> None:
    assert not _creature("{1}: Target creature becomes white until your next turn.").implemented
