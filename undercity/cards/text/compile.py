"""Compile one card: Oracle fields → parsed form → lowered abilities, or the reason why not.

:func:`compile_fields` takes a card in the field shape of the Oracle data (``name``,
``oracle_text``, ``types``, ``layout``, ``power``, ``toughness``, as in
``undercity/data/oracle.json`` and :func:`undercity.cards.corpus.known_cards`); the result
says whether the card is implemented and, if not, the first phrase that stopped it:
``parse`` (the grammar can't read it) or ``lower`` (the engine has no effect for it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from undercity.cards.text import ast as A
from undercity.cards.text.lower import Lowered, Unsupported, lower_card
from undercity.cards.text.parser import CardParse, parse_card

#: Layouts whose card is one face with one set of characteristics (CR 200.1). Multi-face
#: cards (adventure, split, transform, modal double-faced, flip, meld) need face rules
#: (CR 709-712) the compiler doesn't lower yet.
ONE_FACE_LAYOUTS = frozenset({"normal", "leveler", "saga", "class", "host", "augment"})


@dataclass(frozen=True, slots=True)
class Compiled:
    """The outcome of compiling one card.

    ``stage``: ``implemented``, ``parse`` (not read; ``reason`` is the unread phrase) or
    ``lower`` (read, but ``reason`` names what the engine can't do).
    """

    name: str
    stage: str
    reason: str
    parse: CardParse | None
    lowered: Lowered | None

    @property
    def parsed(self) -> A.ParsedCard | None:
        return self.parse.card if self.parse is not None else None

    @property
    def implemented(self) -> bool:
        return self.stage == "implemented"


def compile_fields(card: Mapping[str, Any]) -> Compiled:
    """Compile a card given as Oracle fields."""
    name = card["name"]
    layout = card.get("layout") or "normal"
    if layout not in ONE_FACE_LAYOUTS or card.get("faces"):
        return Compiled(name, "parse", f"layout: {layout}", None, None)
    types = set(card.get("types") or ())
    is_spell = bool(types & {"Instant", "Sorcery"})
    parsed = parse_card(name, card.get("oracle_text") or "", spell=is_spell)
    if parsed.card is None:
        return Compiled(name, "parse", parsed.failures[0].phrase, parsed, None)
    for stat in ("power", "toughness", "loyalty"):
        v = card.get(stat)
        if v is not None and not str(v).isdigit():
            return Compiled(name, "lower", f"{stat} {v}", parsed, None)
    if "Creature" in types and not is_spell and card.get("power") is None:
        return Compiled(name, "lower", "a creature without power", parsed, None)
    try:
        lowered = lower_card(parsed.card, name, is_spell=is_spell,
                             subtypes=tuple(card.get("subtypes") or ()), mana_cost=card.get("mana_cost") or "")
    except Unsupported as e:
        return Compiled(name, "lower", e.phrase, parsed, None)
    if "Aura" in (card.get("subtypes") or ()) and lowered.enchant is None:
        return Compiled(name, "lower", "an Aura without a supported enchant ability", parsed, None)
    if lowered.enchant is not None and "Aura" not in (card.get("subtypes") or ()):
        return Compiled(name, "lower", "enchant on a non-Aura", parsed, None)
    return Compiled(name, "implemented", "", parsed, lowered)


def oracle_fields(oc: Any) -> dict[str, Any]:
    """The fields :func:`compile_fields` reads, from an :class:`~undercity.cards.oracle.OracleCard`."""
    return {"name": oc.name, "oracle_text": oc.oracle_text, "mana_cost": oc.mana_cost, "types": list(oc.types),
            "subtypes": list(oc.subtypes),
            "layout": oc.layout, "faces": list(oc.faces), "power": oc.power, "toughness": oc.toughness,
            "loyalty": oc.loyalty}
