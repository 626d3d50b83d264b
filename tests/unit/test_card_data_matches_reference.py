"""Every implemented card carries exactly the reference data: its Oracle text, mana cost, type
line and power/toughness equal those of undercity/data/oracle.json (built from
shared/reference/cards.json and the set files) — and, where the card is in
shared/reference/cards.json, those of that file too. A card definition can't drift from its
Oracle wording (CLB initiative cards, seeds, venture cards, the core pool)."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from undercity.cards.model import CardDef
from undercity.cards.registry import all_cards
from undercity.mana import parse_cost

ROOT = Path(__file__).resolve().parents[2]
REFERENCE_CARDS = ROOT.parent / "shared" / "reference" / "cards.json"


def _oracle() -> dict[str, dict[str, Any]]:
    data: dict[str, dict[str, Any]] = json.loads(
        resources.files("undercity.data").joinpath("oracle.json").read_text(encoding="utf-8"))
    return data


ORACLE = _oracle()
CARDS = all_cards()


def _pt(value: str | None) -> int | None:
    """The printed power or toughness as the card definition holds it ("*" is defined by a
    characteristic-defining ability, CR 604.3, and is 0 before it applies)."""
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        return 0


def _fields(card: CardDef) -> dict[str, Any]:
    return {"oracle_text": card.oracle_text, "mana_cost": str(card.mana_cost) if card.mana_cost else "",
            "type_line": card.type_line, "power": card.power, "toughness": card.toughness}


def _expected(ref: dict[str, Any]) -> dict[str, Any]:
    if ref.get("layout") in ("split", "aftermath") and len(ref.get("faces") or ()) == 2:
        # CR 709.4: off the stack a split card has its two halves' characteristics combined — both
        # texts, both type lines, the mana costs together (709.4b); each half is checked on its own.
        left, right = ref["faces"]
        return _expected({"oracle_text": f"{left['oracle_text']}\n//\n{right['oracle_text']}",
                          "mana_cost": (left.get("mana_cost") or "") + (right.get("mana_cost") or ""),
                          "type_line": f"{left['type_line']} // {right['type_line']}"})
    # The definition holds the parsed cost, written in canonical WUBRG order ("{3}{R}{W}" is
    # "{3}{W}{R}"; CR 107.4 gives the symbols, not their order).
    cost = ref.get("mana_cost") or ""
    return {"oracle_text": ref["oracle_text"], "mana_cost": str(parse_cost(cost)) if cost else "",
            "type_line": ref["type_line"], "power": _pt(ref.get("power")), "toughness": _pt(ref.get("toughness"))}


def test_every_implemented_card_is_in_the_oracle_data() -> None:
    missing = sorted(n for n in CARDS if n not in ORACLE)
    assert not missing, f"implemented cards without Oracle data: {missing}"


@pytest.mark.parametrize("name", sorted(CARDS))
def test_card_matches_the_shipped_oracle_data(name: str) -> None:
    assert _fields(CARDS[name]) == _expected(ORACLE[name])
    halves = getattr(CARDS[name], "halves", None)
    if halves is not None:  # a split card's halves (CR 709.1): each face's own data
        for half, face in zip(halves, ORACLE[name]["faces"], strict=True):
            assert _fields(half) == _expected(face), face["name"]


def _reference() -> dict[str, dict[str, Any]]:
    if not REFERENCE_CARDS.exists():
        return {}
    return {c["name"]: c for c in json.loads(REFERENCE_CARDS.read_text(encoding="utf-8"))}


REFERENCE = _reference()


@pytest.mark.skipif(not REFERENCE, reason=f"no reference data at {REFERENCE_CARDS}")
@pytest.mark.parametrize("name", sorted(n for n in CARDS if n in REFERENCE))
def test_card_matches_shared_reference_cards(name: str) -> None:
    assert _fields(CARDS[name]) == _expected(REFERENCE[name])


def test_the_clb_initiative_cards_are_implemented() -> None:
    """Issue 5: every CLB card of the reference data that takes the initiative or cares about it
    or about completed dungeons is implemented."""
    if not REFERENCE:
        pytest.skip(f"no reference data at {REFERENCE_CARDS}")
    clb = sorted(n for n, c in REFERENCE.items() if c.get("set") == "CLB")
    assert len(clb) == 27
    assert [n for n in clb if n not in CARDS] == []


def test_every_card_of_the_reference_card_list_is_implemented() -> None:
    """Issue 5: every card of shared/reference/cards.json (the initiative cards, the cards that
    care about the initiative or completed dungeons, the venture cards) is implemented."""
    listed = sorted(n for n, c in ORACLE.items() if "reference/cards.json" in c.get("source", ""))
    assert len(listed) == 68
    implemented = set(CARDS)
    assert [n for n in listed if n not in implemented] == []
