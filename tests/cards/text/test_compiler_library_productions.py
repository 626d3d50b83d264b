"""Productions of searches, looks at the top of a library, mana and amounts that moved
hand-written cards to the compiler: what each lowers to, and what each refuses rather than
guess."""

from __future__ import annotations

from typing import Any

from undercity.cards import model as m
from undercity.cards.text.compile import Compiled, compile_fields


def _card(text: str, *types: str, subtypes: tuple[str, ...] = (), name: str = "Test Card") -> Compiled:
    fields: dict[str, Any] = {"name": name, "oracle_text": text, "types": list(types or ["Sorcery"]),
                              "subtypes": list(subtypes), "layout": "normal"}
    if "Creature" in fields["types"]:
        fields |= {"power": "2", "toughness": "2"}
    return compile_fields(fields)


_SPLIT = ("Search your library for up to two basic land cards, reveal those cards, put one onto the battlefield "
          "tapped and the other into your hand, then shuffle.")


def test_put_one_and_the_other_splits_the_cards_found() -> None:
    """Cultivate (CR 701.23, 608.2c): the two cards found, one onto the battlefield tapped and
    the other into the hand — one split Search."""
    c = _card(_SPLIT)
    assert c.implemented, c.reason
    assert c.lowered.spell.effects == (m.Search(m.F("Land", basic=True), n=2, to="battlefield", tapped=True,
                                                split=True),)


def test_put_one_and_the_other_to_zones_the_split_search_lacks_is_refused() -> None:
    c = _card(_SPLIT.replace("onto the battlefield tapped and the other into your hand",
                             "into your hand and the other onto the battlefield tapped"))
    assert c.stage == "lower"
    c = _card(_SPLIT.replace("up to two", "up to three"))
    assert c.stage == "lower"
