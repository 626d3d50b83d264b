"""Commander deck construction (CR 903.3-903.5, 702.124).

:func:`validate_commander_deck` checks a decklist and its commander(s) against the deck
construction rules and returns every violation as a message naming the card and the rule:

* 903.3 / 903.3a: each commander is a legendary creature, Vehicle or Spacecraft (with a
  power/toughness box) card, or says it can be your commander;
* 702.124: two commanders only as a legal pair — both with partner, both with the same
  partner—[text], "partner with" each other, "Choose a Background" plus a legendary
  Background enchantment, or "Doctor's companion" plus a Time Lord Doctor;
* 903.5a: exactly 100 cards, the commander(s) included;
* 903.5b: singleton, except basic lands (and cards that say a deck can have any number);
* 903.5c: every card's color identity within the commander's (903.4, 702.124c: both
  commanders' together);
* 903.5d: a card with a basic land type only if each color of mana it could produce is in
  the commander's color identity;
* 903.5e: no sideboard.

Card data comes from the Oracle data (:mod:`undercity.cards.oracle`), so any real card can be
checked, implemented or not. :func:`color_identity` uses the Oracle ``color_identity``
field and falls back to reading the mana symbols of the card's costs and rules text (reminder
text ignored, 903.4c; every face, 903.4d-e) and its color indicator.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import cache

from undercity.cards.oracle import OracleCard, find_card
from undercity.errors import UnknownCardError

DECK_SIZE = 100  # CR 903.5a
COLOR_ORDER = "WUBRG"
#: CR 305.6: the mana a basic land type's intrinsic ability produces.
BASIC_LAND_COLORS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}

_SYMBOL = re.compile(r"\{([^{}]+)\}")
_REMINDER = re.compile(r"\([^()]*\)")
_ANY_NUMBER = re.compile(r"A deck can have any number of cards named", re.IGNORECASE)
_UP_TO = re.compile(r"A deck can have up to (\w+) cards named", re.IGNORECASE)
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10}


# ----------------------------------------------------------------------------- color identity


def symbol_colors(text: str) -> frozenset[str]:
    """The colors of the mana symbols in ``text``: ``{W}``, hybrid ``{R/G}``, ``{2/W}``,
    Phyrexian ``{B/P}``; ``{C}``, ``{X}``, ``{T}`` and generic symbols have none."""
    out: set[str] = set()
    for sym in _SYMBOL.findall(text):
        for part in sym.upper().split("/"):
            if part in COLOR_ORDER:
                out.add(part)
    return frozenset(out)


def _rules_text(text: str) -> str:
    return _REMINDER.sub("", text or "")  # CR 903.4c: reminder text is ignored


def computed_color_identity(oc: OracleCard) -> frozenset[str]:
    """CR 903.4 from the card's parts: mana symbols in its mana cost and rules text, its
    colors (color indicator, characteristic-defining abilities), on every face (903.4d-e)."""
    out: set[str] = set(symbol_colors(oc.mana_cost or "")) | symbol_colors(_rules_text(oc.oracle_text))
    out |= set(oc.colors)
    for f in oc.faces:
        out |= symbol_colors(f.mana_cost or "") | symbol_colors(_rules_text(f.oracle_text)) | set(f.colors)
    # A basic land type gives an intrinsic mana ability (CR 305.6), whose reminder text is
    # ignored above; Scryfall counts it, and so does 903.5d.
    out |= {BASIC_LAND_COLORS[t] for t in oc.subtypes if t in BASIC_LAND_COLORS}
    return frozenset(out)


@cache
def color_identity(name: str) -> frozenset[str]:
    """The color identity of the card named ``name`` (CR 903.4)."""
    oc = find_card(name)
    if oc.color_identity:
        return frozenset(oc.color_identity)
    return computed_color_identity(oc)


def identity_text(colors: Iterable[str]) -> str:
    cs = "".join(c for c in COLOR_ORDER if c in set(colors))
    return cs or "colorless"


# ----------------------------------------------------------------------------- commanders


def _lines(oc: OracleCard) -> list[str]:
    texts = [oc.oracle_text] + [f.oracle_text for f in oc.faces]
    return [ln.strip() for t in texts for ln in _rules_text(t).split("\n") if ln.strip()]


def _is_legendary(oc: OracleCard) -> bool:
    return "Legendary" in oc.supertypes


def can_be_commander_alone(oc: OracleCard) -> bool:
    """CR 903.3: a legendary creature, Vehicle, or Spacecraft with a power/toughness box;
    903.3a: or a card that says it can be your commander."""
    if any(re.fullmatch(rf"{re.escape(n)} can be your commander\.?", ln) for ln in _lines(oc)
           for n in (oc.name, *oc.face_names)):
        return True
    if not _is_legendary(oc):
        return False
    if "Creature" in oc.types or "Vehicle" in oc.subtypes:
        return True
    return "Spacecraft" in oc.subtypes and oc.power is not None


def _is_background(oc: OracleCard) -> bool:
    return _is_legendary(oc) and "Enchantment" in oc.types and "Background" in oc.subtypes


def partner_abilities(oc: OracleCard) -> set[tuple[str, str]]:
    """The card's partner abilities (CR 702.124a) as (kind, detail): ("partner", ""),
    ("partner-text", TEXT), ("partner-with", NAME), ("background", ""), ("doctor", "")."""
    out: set[tuple[str, str]] = set()
    for ln in _lines(oc):
        low = ln.casefold()
        if low == "partner":
            out.add(("partner", ""))
        elif low.startswith("partner with "):
            out.add(("partner-with", ln[len("partner with "):].strip().rstrip(".")))
        elif low.startswith(("partner\u2014", "partner - ", "partner—")):
            out.add(("partner-text", ln.split("\u2014", 1)[-1].strip().casefold()))
        elif low == "choose a background":
            out.add(("background", ""))
        elif low == "doctor\u2019s companion" or low == "doctor's companion":
            out.add(("doctor", ""))
    return out


def _is_time_lord_doctor(oc: OracleCard) -> bool:
    """702.124m: a legendary Time Lord Doctor creature card with no other creature types."""
    return _is_legendary(oc) and "Creature" in oc.types and _creature_types(oc) == {"Time Lord", "Doctor"}


def _creature_types(oc: OracleCard) -> set[str]:
    subs = list(oc.subtypes)
    out: set[str] = set()
    i = 0
    while i < len(subs):  # "Time Lord" is one creature type written as two words
        if subs[i] == "Time" and i + 1 < len(subs) and subs[i + 1] == "Lord":
            out.add("Time Lord")
            i += 2
        else:
            out.add(subs[i])
            i += 1
    return out


def pair_problem(a: OracleCard, b: OracleCard) -> str | None:
    """Why ``a`` and ``b`` can't be designated together as commanders (CR 702.124), or None."""
    pa, pb = partner_abilities(a), partner_abilities(b)
    if ("partner", "") in pa and ("partner", "") in pb:  # 702.124h
        return None
    if ("partner-with", b.name) in pa and ("partner-with", a.name) in pb:  # 702.124j
        return None
    texts_a = {d for k, d in pa if k == "partner-text"}
    if texts_a & {d for k, d in pb if k == "partner-text"}:  # 702.124i
        return None
    for x, px, y in ((a, pa, b), (b, pb, a)):
        if ("background", "") in px and _is_background(y) and can_be_commander_alone(x):  # 702.124k
            return None
        if ("doctor", "") in px and _is_time_lord_doctor(y):  # 702.124m
            return None
    if not pa and not pb:
        return (f"{a.name} and {b.name} can't both be commanders: neither has a partner ability "
                "(CR 702.124a)")
    return (f"{a.name} and {b.name} can't both be commanders: their partner abilities don't pair them "
            "(CR 702.124f-m)")


# ----------------------------------------------------------------------------- the deck


def _copies_allowed(oc: OracleCard) -> int | None:
    """None for any number (basic lands, 903.5b; "a deck can have any number of cards named …")."""
    if "Basic" in oc.supertypes and "Land" in oc.types:
        return None
    text = oc.oracle_text or ""
    if _ANY_NUMBER.search(text):
        return None
    m = _UP_TO.search(text)
    if m:
        word = m.group(1).casefold()
        return int(word) if word.isdigit() else _NUMBERS.get(word, 1)
    return 1


def validate_commander_deck(main: list[str], commanders: list[str],
                            sideboard: list[str] | None = None) -> list[str]:
    """Every way the deck breaks the Commander deck construction rules (CR 903.5), as
    messages; an empty list means the deck is legal.

    ``main`` is the rest of the deck; if it also lists a commander, that entry is taken to be
    the commander card itself (a 100-card list with the commander in it is fine too).
    """
    problems: list[str] = []
    if not commanders:
        problems.append("the deck has no commander (CR 903.3)")
    if len(commanders) > 2:
        problems.append(f"{len(commanders)} commanders: a deck has one commander, or two with a partner "
                        "ability (CR 903.3, 702.124g)")
    known: dict[str, OracleCard] = {}

    def lookup(name: str, where: str) -> OracleCard | None:
        if name in known:
            return known[name]
        try:
            oc = find_card(name)
        except UnknownCardError as e:
            problems.append(f"{where}: {e}")
            return None
        known[name] = oc
        return oc

    cmd_cards = [oc for n in commanders if (oc := lookup(n, "commander")) is not None]
    # Commanders themselves (903.3, 903.3a, 702.124).
    for oc in cmd_cards:
        if _is_background(oc) and not can_be_commander_alone(oc):
            others = [x for x in cmd_cards if x is not oc]
            if not any(("background", "") in partner_abilities(x) for x in others):
                problems.append(f"{oc.name} is a Background: it can be a commander only alongside a commander with "
                                "\"Choose a Background\" (CR 702.124k)")
        elif not can_be_commander_alone(oc):
            problems.append(f"{oc.name} can't be a commander: it is not a legendary creature (or Vehicle or "
                            "Spacecraft) and doesn't say it can be your commander (CR 903.3)")
    if len(cmd_cards) == 2:
        why = pair_problem(cmd_cards[0], cmd_cards[1])
        if why:
            problems.append(why)
    # The rest of the deck: a commander listed in it is that card, not another copy.
    rest: list[OracleCard] = []
    pending = [oc.name for oc in cmd_cards]
    for n in main:
        oc = lookup(n, "deck")
        if oc is None:
            continue
        if oc.name in pending:
            pending.remove(oc.name)
            continue
        rest.append(oc)
    total = len(main) + len(commanders) - (len(cmd_cards) - len(pending))
    if total != DECK_SIZE:
        problems.append(f"the deck has {total} cards including its commander"
                        f"{'s' if len(commanders) > 1 else ''}; a Commander deck has exactly {DECK_SIZE} "
                        "(CR 903.5a)")
    # 903.5b: singleton.
    counts = Counter(oc.name for oc in [*cmd_cards, *rest])
    for name, n in sorted(counts.items()):
        allowed = _copies_allowed(known[name])
        if allowed is not None and n > allowed:
            problems.append(f"{n} copies of {name}: other than basic lands, each card in a Commander deck must "
                            f"have a different name (CR 903.5b)")
    # 903.5c-d: color identity.
    if cmd_cards:
        identity = frozenset().union(*(color_identity(oc.name) for oc in cmd_cards))  # 702.124c
        for name in sorted({oc.name for oc in rest}):
            oc = known[name]
            ci = color_identity(name)
            land_colors = {BASIC_LAND_COLORS[t] for t in oc.subtypes if t in BASIC_LAND_COLORS}
            if land_colors - identity:
                problems.append(f"{name} has a basic land type that produces {identity_text(land_colors)} mana, "
                                f"outside the commander's color identity ({identity_text(identity)}) "
                                "(CR 903.5d)")
            elif ci - identity:
                problems.append(f"{name} (color identity {identity_text(ci)}) is outside the commander's color "
                                f"identity ({identity_text(identity)}) (CR 903.5c)")
    for oc in [*cmd_cards, *rest]:
        if oc.legalities.get("commander", "").casefold() == "banned":
            problems.append(f"{oc.name} is banned in Commander")
    if sideboard:
        problems.append(f"the deck has a sideboard of {len(sideboard)} cards; Commander games don't use "
                        "sideboards (CR 903.5e)")
    return problems
