"""The card pool: card definitions keyed by name, built from the shipped Oracle data.

:func:`define` takes a card's Oracle fields (cost, type line, text, P/T, keywords) from
``undercity/data/oracle.json`` and adds abilities written in the effect language, so a
definition states only what the card *does*. Tokens are defined with :func:`token`.
"""

from __future__ import annotations

import difflib
from typing import Any

from undercity.cards.model import (
    Activated,
    AddMana,
    CardDef,
    Cost,
    SpellAbility,
    Static,
    Triggered,
    register_ability,
)
from undercity.cards.oracle import OracleCard, find_oracle, load_oracle, lookup_localized
from undercity.errors import UnimplementedCardError, UnknownCardError
from undercity.mana import parse_cost

#: Keyword abilities the engine implements (CR 702); others in Oracle data are ignored
#: only if a definition says so explicitly.
ENGINE_KEYWORDS = frozenset({
    "flying", "reach", "menace", "first strike", "double strike", "trample", "deathtouch",
    "lifelink", "vigilance", "haste", "defender", "flash", "hexproof", "indestructible", "shroud",
    "cascade",  # CR 702.85 (engine/cascade.py)
    "undying",  # CR 702.93a (engine/undying.py), as it last existed (603.10a): granted too
    # evasion checked as blockers are declared (engine/block_restrictions.py; CR 702.13, 702.14, 702.36)
    "fear", "intimidate", "plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk", "skulk",
})
COLOR_OF = {"W": "W", "U": "U", "B": "B", "R": "R", "G": "G"}

_CARDS: dict[str, CardDef] = {}
_TOKENS: dict[str, CardDef] = {}
_loaded = False


def _reg(a: Any) -> Any:
    if a is None:
        return None
    nested_all = [*getattr(a, "abilities", ()),  # the abilities a Grant gives (CR 613.1f)
                  *(x for md in getattr(a, "mods", ()) for x in getattr(md, "abilities", ())),  # a Continuous's
                  # the abilities an effect gives ('it gains "…"', CR 112.4, 613.1f)
                  *(x for e in getattr(a, "effects", ()) for x in getattr(e, "abilities", ()))]
    for nested in nested_all:
        if nested.uid < 0:
            register_ability(nested)
    return register_ability(a) if a.uid < 0 else a


def define(name: str, *, spell: SpellAbility | None = None, triggered: tuple[Triggered, ...] = (),
           activated: tuple[Activated, ...] = (), static: tuple[Static, ...] = (),
           keywords: frozenset[str] | None = None, oracle: OracleCard | None = None,
           also_subtypes: frozenset[str] = frozenset(), **extra: Any) -> CardDef:
    """Define a card from its Oracle data (``oracle``, or the shipped data's card named
    ``name``) plus its abilities; ``also_subtypes``: the creature types a characteristic-defining
    ability adds ("~ is also a Cleric, Rogue, Warrior, and Wizard", CR 604.3)."""
    oc = oracle if oracle is not None else find_oracle(name)
    _refuse_activation_x(oc.name, activated)
    kws = keywords if keywords is not None else frozenset(
        k.lower() for k in oc.keywords if k.lower() in ENGINE_KEYWORDS)
    cost = parse_cost(oc.mana_cost) if oc.mana_cost else None
    for alt in extra.get("alt_costs", ()):
        _reg(alt.spell)  # an overloaded spell (CR 702.96b) is an ability of the card too
    card = CardDef(
        name=oc.name, mana_cost=cost, types=frozenset(oc.types), subtypes=changeling(frozenset(oc.subtypes) | also_subtypes, kws),
        supertypes=frozenset(oc.supertypes), colors=frozenset(oc.colors),
        power=_num(oc.power), toughness=_num(oc.toughness), oracle_text=oc.oracle_text,
        type_line=oc.type_line, keywords=kws, spell=_reg(spell),
        triggered=tuple(_reg(t) for t in triggered), activated=tuple(_reg(a) for a in activated),
        static=tuple(_reg(s) for s in static), **({"loyalty": _num(oc.loyalty)} if oc.loyalty else {}) | extra)
    _CARDS[card.name] = card
    return card


def token(name: str, type_line: str, *, power: int | None = None, toughness: int | None = None,
          colors: str = "", keywords: frozenset[str] = frozenset(), text: str = "",
          activated: tuple[Activated, ...] = (), static: tuple[Static, ...] = (),
          triggered: tuple[Triggered, ...] = ()) -> CardDef:
    """Define a token (CR 111.4): its characteristics come from the effect that creates it,
    abilities included (a quoted ability it is created with, CR 113.1a)."""
    from undercity.cards.oracle import parse_type_line

    sup, types, sub = parse_type_line(type_line)
    _refuse_activation_x(name, activated)
    card = CardDef(name=name, mana_cost=None, types=frozenset(types), subtypes=changeling(frozenset(sub), keywords),
                   supertypes=frozenset(sup), colors=frozenset(colors), power=power, toughness=toughness,
                   oracle_text=text, type_line=type_line, keywords=keywords,
                   activated=tuple(_reg(a) for a in activated), static=tuple(_reg(a) for a in static),
                   triggered=tuple(_reg(a) for a in triggered), token=True)
    _TOKENS[name] = card
    return card


def changeling(subtypes: frozenset[str], keywords: frozenset[str]) -> frozenset[str]:
    """An object's subtypes with changeling: "this object is every creature type", a
    characteristic-defining ability that works in every zone (CR 702.73a, 604.3) — so it is part
    of the card's own characteristics, which later layer-4 effects may still change (613.3)."""
    if "changeling" not in keywords:
        return subtypes
    from undercity.cards.text.creature_types import CREATURE_TYPES

    return subtypes | CREATURE_TYPES


def _refuse_activation_x(name: str, activated: tuple[Activated, ...]) -> None:
    """X is chosen as an ability is activated (CR 602.2b, 601.2b), but a mana ability isn't
    activated that way: the payment planner activates it with no X to choose. A mana ability
    with {X} in its cost is refused when the card is defined, as the compiler refuses it."""
    for a in activated:
        if a.mana_ability and a.cost.mana is not None and a.cost.mana.x:
            raise ValueError(f"{name}: {{X}} in the activation cost of the mana ability {a.text!r} is not "
                             f"supported (the payment planner chooses no X, CR 605.3a, 107.3)")


def _num(v: str | None) -> int | None:
    if v is None:
        return None
    try:
        return int(v)
    except ValueError:
        return 0  # "*" is defined by a characteristic-defining ability (CR 604.3)


def mana_ability(mana: str, *, sacrifice: bool = False, text: str | None = None, tap: bool = True) -> Activated:
    sym = "one mana of any color" if mana == "any" else "".join("{" + c + "}" for c in mana)
    return Activated(text or f"{{T}}: Add {sym}.", cost=Cost(tap=tap, sacrifice_self=sacrifice),
                     effects=(AddMana(mana),), mana_ability=True)


def _ensure_loaded() -> None:
    global _loaded, _HAND_WRITTEN
    if not _loaded:
        _loaded = True
        import undercity.cards.pool  # noqa: F401  (defines every card)

        _HAND_WRITTEN = frozenset(_CARDS)


_HAND_WRITTEN: frozenset[str] = frozenset()
#: Cards the compiler was asked for: name -> its compiled definition, or None if it doesn't
#: implement the card (undercity.cards.text; the first phrase that stopped it is in
#: :func:`not_implemented_reason`).
_COMPILED: dict[str, CardDef | None] = {}
#: Why the compiler doesn't implement a card it was asked for: "parse: PHRASE" or "lower: PHRASE".
_REASONS: dict[str, str] = {}


def hand_written() -> frozenset[str]:
    """The cards defined by hand in ``cards/pool`` (they win over compiled definitions)."""
    _ensure_loaded()
    return _HAND_WRITTEN


def _compile(name: str) -> CardDef | None:
    """The definition compiled from the card's Oracle text, if the compiler reads and lowers
    every ability of it; compiled once per process."""
    if name in _COMPILED:
        return _COMPILED[name]
    from undercity.cards.text.compile import compile_fields, oracle_fields

    oc = load_oracle().get(name)
    fields = oracle_fields(oc) if oc is not None else _known(name)
    card = None
    if fields is not None:
        result = compile_fields(fields)
        adv = result.adventure.lowered if result.adventure is not None else None
        if result.lowered is not None and adv is not None:
            from undercity.cards.language.adventure import adventurer

            for spec in (*result.lowered.tokens, *adv.tokens):
                _define_token(spec)
            # CR 715: the main face's abilities and the Adventure's spell.
            card = adventurer(name, adventure=adv.spell, oracle=oc or OracleCard.from_json(fields),
                              **result.lowered.define_kwargs())
        elif result.lowered is not None and result.halves is not None:
            from undercity.cards.language.split_cards import split_card

            halves = tuple(h.lowered for h in result.halves)
            for spec in (t for h in halves if h is not None for t in h.tokens):
                _define_token(spec)
            # CR 709: each half's spell; 702.127a: the half with aftermath.
            card = split_card(name, halves=tuple(h.spell for h in halves),  # type: ignore[union-attr,arg-type]
                              aftermath=tuple("aftermath" in h.keywords for h in halves),  # type: ignore[union-attr,arg-type]
                              oracle=oc or OracleCard.from_json(fields))
        elif result.lowered is not None:
            for spec in result.lowered.tokens:
                _define_token(spec)
            card = define(name, oracle=oc or OracleCard.from_json(fields), **result.lowered.define_kwargs())
        else:
            _REASONS[name] = f"{'not read' if result.stage == 'parse' else 'not supported'}: {result.reason}"
    _COMPILED[name] = card
    return card


def _define_token(spec: Any) -> None:
    """Define a token a compiled card creates (CR 111.4), once, under its key."""
    if spec.key in _TOKENS:
        return
    from undercity.cards.tokens import keyed_token

    keyed_token(spec.key, spec.name, spec.type_line, power=spec.power, toughness=spec.toughness,
                colors=spec.colors, keywords=spec.keywords, activated=spec.activated, static=spec.static,
                triggered=spec.triggered)


def _known(name: str) -> dict[str, Any] | None:
    """A card of the full corpus (undercity.cards.corpus) missing from the shipped Oracle data."""
    from undercity.cards.corpus import known_cards

    return known_cards().get(name)


def get_card(name: str) -> CardDef:
    """The implemented card with this name (English, or a printed name in another language)."""
    _ensure_loaded()
    card = _CARDS.get(name)
    if card is not None:
        return card
    low = name.casefold().strip()
    for n, c in _CARDS.items():
        if n.casefold() == low:
            return c
    oc = lookup_localized(name)
    if oc is not None and oc.name in _CARDS:
        return _CARDS[oc.name]
    if oc is not None or name in load_oracle():
        real = oc.name if oc is not None else name
        compiled = _compile(real)
        if compiled is not None:
            return compiled
        raise UnimplementedCardError(real)
    if _known(name) is not None:
        compiled = _compile(name)
        if compiled is not None:
            return compiled
        raise UnimplementedCardError(name)
    raise UnknownCardError(name, suggest(name))


def suggest(name: str) -> list[str]:
    _ensure_loaded()
    return difflib.get_close_matches(name, list(_CARDS), n=3, cutoff=0.5)


def get_token(name: str) -> CardDef:
    _ensure_loaded()
    return _TOKENS[name]


def all_cards() -> dict[str, CardDef]:
    """Every implemented card: hand-written, and compiled from the shipped Oracle data."""
    _ensure_loaded()
    oracle = load_oracle()
    for name in oracle:
        if name not in _CARDS:
            _compile(name)
    # Cards of the full corpus compiled on request are implemented too (is_implemented), but
    # this list doesn't depend on what was asked for before.
    return {n: c for n, c in _CARDS.items() if n in _HAND_WRITTEN or n in oracle}


def not_implemented_reason(name: str) -> str | None:
    """Why a real card is not implemented — the first phrase of its Oracle text the compiler
    could not read ("not read: …") or the engine can't do ("not supported: …") — or None if
    it is implemented or is no known card."""
    if is_implemented(name):
        return None
    return _REASONS.get(name)


def is_implemented(name: str) -> bool:
    _ensure_loaded()
    return name in _CARDS or ((name in load_oracle() or _known(name) is not None) and _compile(name) is not None)
