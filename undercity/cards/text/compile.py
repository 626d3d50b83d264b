"""Compile one card: Oracle fields → parsed form → lowered abilities, or the reason why not.

:func:`compile_fields` takes a card in the field shape of the Oracle data (``name``,
``oracle_text``, ``types``, ``layout``, ``power``, ``toughness``, as in
``undercity/data/oracle.json`` and :func:`undercity.cards.corpus.known_cards`); the result
says whether the card is implemented and, if not, the first phrase that stopped it:
``parse`` (the grammar can't read it) or ``lower`` (the engine has no effect for it).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from undercity.cards.text import ast as A
from undercity.cards.text.lower import Lowered, Unsupported, lower_card
from undercity.cards.text.normalize import short_name
from undercity.cards.text.parser import CardParse, parse_card

#: Layouts whose card is one face with one set of characteristics (CR 200.1). Multi-face
#: cards (transform, modal double-faced, flip, meld) need face rules (CR 710-712) the compiler
#: doesn't lower yet; an adventurer card (CR 715) and a split card (CR 709) compile face by face.
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
    #: An adventurer card's Adventure (CR 715.2): its face compiled as a spell. ``parse`` and
    #: ``lowered`` above are then the main face's (its normal characteristics, 715.4).
    adventure: Compiled | None = None
    #: A split card's two halves (CR 709.1), left then right, each compiled as a spell; ``parse``
    #: and ``lowered`` above are then the left half's.
    halves: tuple[Compiled, Compiled] | None = None

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
    if layout == "adventure":
        return _compile_adventurer(card)
    if layout in ("split", "aftermath"):
        return _compile_split(card)
    if layout not in ONE_FACE_LAYOUTS or card.get("faces"):
        return Compiled(name, "parse", f"layout: {layout}", None, None)
    return _compile_one(card, name)


def _face(face: Any, key: str) -> Any:
    """A field of one face: a dict in the corpus, an OracleFace in the shipped data."""
    return face.get(key) if isinstance(face, Mapping) else getattr(face, key)


def _compile_adventurer(card: Mapping[str, Any]) -> Compiled:
    """An adventurer card (CR 715): the main face compiled as the card (its normal
    characteristics, 715.4) and the Adventure face as an instant or sorcery spell (715.2,
    715.3). Both faces' texts are read with either name as ``~``; the reminder "(Then exile this
    card. …)" is reminder text of the rule (715.3d), gone with the rest (CR 207.2a)."""
    name = card["name"]
    faces = card.get("faces") or ()
    if len(faces) != 2 or "Adventure" not in (_face(faces[1], "subtypes") or ()):
        return Compiled(name, "parse", "layout: adventure", None, None)
    keys = ("oracle_text", "mana_cost", "types", "subtypes", "power", "toughness", "loyalty")
    main, adv = ({"name": name, "layout": "normal", "faces": [], **{k: _face(f, k) for k in keys}}
                 for f in faces)
    m = _compile_one(main, _face(faces[0], "name"))
    a = _compile_one(adv, _face(faces[1], "name"))
    if a.implemented and (a.lowered is None or a.lowered.spell is None or a.lowered.keywords
                          or a.lowered.triggered or a.lowered.activated or a.lowered.static):
        a = Compiled(a.name, "lower", "an Adventure with abilities of its own", a.parse, None)
    stage, reason = (m.stage, m.reason) if not m.implemented else (a.stage, a.reason)
    return Compiled(name, stage, reason, m.parse, m.lowered if stage == "implemented" else None, a)


def _compile_split(card: Mapping[str, Any]) -> Compiled:
    """A split card (CR 709): each half compiled as an instant or sorcery spell of its own (its
    face's name, mana cost, types and text, 709.3b), read with that half's name as ``~``. A half
    may have the keyword aftermath (CR 702.127a: the layout ``aftermath``, its right half);
    nothing else but its spell ability. Fused halves (702.102) and split permanents (709.5)
    are refused."""
    name = card["name"]
    layout = card.get("layout")
    faces = card.get("faces") or ()
    keys = ("oracle_text", "mana_cost", "types", "subtypes", "supertypes")
    if len(faces) != 2 or any(not set(_face(f, "types") or ()) <= {"Instant", "Sorcery"} or not _face(f, "types")
                              for f in faces):
        return Compiled(name, "parse", f"layout: {layout}", None, None)
    halves = []
    for f in faces:
        fields = {"name": _face(f, "name"), "layout": "normal", "faces": [], **{k: _face(f, k) for k in keys}}
        h = _compile_one(fields, _face(f, "name"), split_half=True)
        low = h.lowered
        if h.implemented and low is not None and (low.spell is None or low.keywords - {"aftermath"} or low.triggered
                                                  or low.activated or low.static or low.alt_costs
                                                  or low.additional_costs):
            h = Compiled(h.name, "lower", "a split card's half with abilities besides its spell", h.parse, None)
        elif h.implemented and low is not None and ("aftermath" in low.keywords) != (layout == "aftermath"
                                                                                   and f is faces[1]):
            # CR 702.127a: aftermath is the right half's keyword on an aftermath card, no other's.
            h = Compiled(h.name, "lower", "aftermath on a half other than an aftermath card's right half", h.parse, None)
        halves.append(h)
    left, right = halves
    stage, reason = next(((h.stage, h.reason) for h in halves if not h.implemented), ("implemented", ""))
    return Compiled(name, stage, reason, left.parse, left.lowered if stage == "implemented" else None,
                    halves=(left, right))


def _compile_one(card: Mapping[str, Any], text_name: str, *, split_half: bool = False) -> Compiled:
    """One set of characteristics; ``card["name"]`` is read as ``~`` in the text, ``text_name``
    is the name the lowered abilities' texts say."""
    name = card["name"]
    types = set(card.get("types") or ())
    is_spell = bool(types & {"Instant", "Sorcery"})
    legendary = "Legendary" in (card.get("supertypes") or ())
    parsed = parse_card(name, card.get("oracle_text") or "", spell=is_spell, legendary=legendary)
    if parsed.card is None:
        return Compiled(name, "parse", parsed.failures[0].phrase, parsed, None)
    for stat in ("power", "toughness", "loyalty"):
        v = card.get(stat)
        if v is not None and not str(v).isdigit() and not (v == "*" and stat != "loyalty"):
            return Compiled(name, "lower", f"{stat} {v}", parsed, None)
    if "Creature" in types and not is_spell and card.get("power") is None:
        return Compiled(name, "lower", "a creature without power", parsed, None)
    text = card.get("oracle_text") or ""
    if (short := short_name(text_name, legendary)) is not None and text_name not in text \
            and re.search(r"(?<![\w])" + re.escape(short) + r"(?![\w])", text):
        text_name = short  # "Whenever Nadaar enters or attacks": a legend's texts say its short name
    try:
        lowered = lower_card(parsed.card, text_name, is_spell=is_spell,
                             subtypes=tuple(card.get("subtypes") or ()), mana_cost=card.get("mana_cost") or "")
    except Unsupported as e:
        return Compiled(name, "lower", e.phrase, parsed, None)
    if "aftermath" in lowered.keywords and not split_half:
        return Compiled(name, "lower", "aftermath on a card that isn't a split card", parsed, None)  # CR 702.127a
    if "Aura" in (card.get("subtypes") or ()) and lowered.enchant is None:
        return Compiled(name, "lower", "an Aura without a supported enchant ability", parsed, None)
    if lowered.enchant is not None and "Aura" not in (card.get("subtypes") or ()):
        return Compiled(name, "lower", "enchant on a non-Aura", parsed, None)
    for stat in ("power", "toughness"):
        if card.get(stat) == "*" and not _defines(lowered, stat):
            # CR 604.3: a "*" is what a characteristic-defining ability of the card says.
            return Compiled(name, "lower", f"{stat} *", parsed, None)
    return Compiled(name, "implemented", "", parsed, lowered)


def _defines(lowered: Lowered, stat: str) -> bool:
    """Whether a characteristic-defining ability of the card defines its ``stat``."""
    from undercity.cards.language.continuous import Continuous, DefinePT

    return any(isinstance(st, Continuous) and st.is_cda and any(
        isinstance(md, DefinePT) and getattr(md, stat) is not None for md in st.mods) for st in lowered.static)


def oracle_fields(oc: Any) -> dict[str, Any]:
    """The fields :func:`compile_fields` reads, from an :class:`~undercity.cards.oracle.OracleCard`."""
    return {"name": oc.name, "oracle_text": oc.oracle_text, "mana_cost": oc.mana_cost, "types": list(oc.types),
            "subtypes": list(oc.subtypes), "supertypes": list(oc.supertypes),
            "layout": oc.layout, "faces": list(oc.faces), "power": oc.power, "toughness": oc.toughness,
            "loyalty": oc.loyalty}
