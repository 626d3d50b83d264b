#!/usr/bin/env python3
"""Build ``undercity/data/oracle.json``, ``undercity/data/dungeons.json`` and
``undercity/data/all-cards.json.gz``.

Reads (never writes) the reference files in ``shared/``:

* ``reference/cards.json``: the initiative and venture cards, current Oracle text;
* ``reference/sets/{CLB,AFR,AFC}.json`` and ``reference/sets/basics.json``: whole sets;
* ``reference/rulings.json``: rulings by card name;
* ``reference/dungeons.json``: copied unchanged;
* ``peers/phase-mtgjson-fixture-plus-clb.json``: MTGJSON data for classic cards.

When a name is in several sources the first wins, in this order: cards.json,
CLB, AFR, AFC, basics, the peers fixture. A cards.json card takes the fields
cards.json has (cost, type line, text, P/T, loyalty, set, number, rarity and,
where given, names in other languages and legalities) and the rest from its
entry in its own set file.

``all-cards.json.gz`` is every card we know (:mod:`undercity.cards.corpus`): the April 2022
corpus (``reference/corpus/oracle-2022-04.json.gz``) with the cards of ``oracle.json`` over it
(the set data wins for the cards it has; legalities, rulings and names it lacks come from the
corpus), and the printed Simplified Chinese and French text of ``reference/printed-i18n.json``
over the corpus's. Each card records where its legalities come from and their date.

The output is deterministic: run it again and the files are byte-identical.

Usage::

    python3 tools/build_card_data.py [--shared DIR]       # build
    python3 tools/build_card_data.py --check NAME...      # which names are in the built data
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import shutil
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from undercity.cards.oracle import parse_type_line  # noqa: E402

DATA_DIR = ROOT / "undercity" / "data"
DEFAULT_SHARED = ROOT.parent / "shared"

SET_FILES = ("CLB", "AFR", "AFC", "basics")  # precedence order among the set files
FIXTURE = "peers/phase-mtgjson-fixture-plus-clb.json"
CORPUS = "reference/corpus/oracle-2022-04.json.gz"
PRINTED = "reference/printed-i18n.json"
ALL_CARDS = "all-cards.json.gz"

# MTGJSON foreignData language -> the codes used by the set files.
LANGUAGE_CODES = {
    "Chinese Simplified": "zh-Hans",
    "Chinese Traditional": "zh-Hant",
    "French": "fr",
    "German": "de",
    "Italian": "it",
    "Japanese": "ja",
    "Korean": "ko",
    "Portuguese (Brazil)": "pt-BR",
    "Russian": "ru",
    "Spanish": "es",
    "Phyrexian": "ph",
}

_SYMBOL = re.compile(r"\{([^}]*)\}")

#: Errata to the source data: Oracle text a source gives wrongly, as (card name, the wrong
#: words, the right words, the evidence). Each is applied to the built card; the build stops
#: if the wrong words are no longer in the source (the source was fixed: drop the erratum).
#: Only words a source demonstrably got wrong belong here, never a rewording.
ORACLE_ERRATA: tuple[tuple[str, str, str, str], ...] = (
    ("Uchuulon", "If you, create", "If you do, create",
     "the Cockatrice spoiler of CLB drops a word; the printed French and Chinese text "
     "(reference/printed-i18n.json: \"Si vous faites ainsi\", \"若你如此作\") say \"If you do\""),
)


# ---------------------------------------------------------------------------
# helpers


def normalize_text(text: str | None) -> str:
    """Oracle text with "\\n" between abilities and no trailing spaces."""
    if not text:
        return ""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = [line.rstrip() for line in text.split("\n")]
    return "\n".join(line for line in lines if line).strip()


def mana_value_of(cost: str | None) -> int:
    """The mana value of a mana cost string (X counts as 0, {2/W} as 2)."""
    if not cost:
        return 0
    total = 0
    for sym in _SYMBOL.findall(cost):
        if sym.isdigit():
            total += int(sym)
        elif sym in ("X", "Y", "Z"):
            continue
        elif "/" in sym and sym.split("/")[0].isdigit():
            total += int(sym.split("/")[0])
        else:
            total += 1
    return total


def as_int_mv(value: Any, cost: str | None, where: str) -> int:
    """MTGJSON gives mana values as floats (4.0); store ints."""
    if value is None:
        return mana_value_of(cost)
    if float(value) != int(value):
        raise SystemExit(f"{where}: mana value {value!r} is not a whole number")
    return int(value)


def blank_to_none(value: Any) -> Any:
    return None if value in ("", None) else value


def type_fields(entry: Mapping[str, Any], type_line: str) -> dict[str, list[str]]:
    """supertypes/types/subtypes: from the entry when it has them, else parsed from the type line."""
    sup, typ, sub = parse_type_line(type_line)
    out = {"supertypes": list(sup), "types": list(typ), "subtypes": list(sub)}
    for key in out:
        if entry.get(key) is not None:
            out[key] = list(entry[key])
    return out


def rulings_list(items: Iterable[Mapping[str, Any]] | None) -> list[dict[str, str]]:
    return [{"date": r["date"], "text": normalize_text(r["text"])} for r in items or ()]


def load_json(path: Path) -> Any:
    with path.open(encoding="utf-8") as fh:
        return json.load(fh)


# ---------------------------------------------------------------------------
# one converter per source format


def face_from_set(face: Mapping[str, Any], where: str) -> dict[str, Any]:
    type_line = face["type_line"]
    return {
        "name": face["name"],
        "side": face.get("side"),
        "mana_cost": blank_to_none(face.get("mana_cost")),
        "mana_value": as_int_mv(face.get("mana_value"), face.get("mana_cost"), where),
        "type_line": type_line,
        **type_fields(face, type_line),
        "oracle_text": normalize_text(face.get("oracle_text")),
        "power": face.get("power"),
        "toughness": face.get("toughness"),
        "loyalty": face.get("loyalty"),
        "colors": list(face.get("colors") or []),
    }


def card_from_set(entry: Mapping[str, Any], set_code: str, source: str) -> dict[str, Any]:
    name = entry["name"]
    type_line = entry["type_line"]
    card: dict[str, Any] = {
        "name": name,
        "mana_cost": blank_to_none(entry.get("mana_cost")),
        "mana_value": as_int_mv(entry.get("mana_value"), entry.get("mana_cost"), f"{source}: {name}"),
        "type_line": type_line,
        **type_fields(entry, type_line),
        "oracle_text": normalize_text(entry.get("oracle_text")),
        "power": entry.get("power"),
        "toughness": entry.get("toughness"),
        "loyalty": entry.get("loyalty"),
        "keywords": list(entry.get("keywords") or []),
        "colors": list(entry.get("colors") or []),
        "color_identity": list(entry.get("color_identity") or []),
        "layout": entry.get("layout") or "normal",
        "faces": [face_from_set(f, f"{source}: {name}") for f in entry.get("faces") or []],
        "names_i18n": dict(entry.get("names_i18n") or {}),
        "legalities": dict(entry.get("legalities") or {}),
        "set": entry.get("set") or set_code,
        "number": entry.get("number"),
        "rarity": entry.get("rarity"),
        "rulings": rulings_list(entry.get("rulings")),
        "source": source,
    }
    return card


def card_from_reference(ref: Mapping[str, Any], set_entry: Mapping[str, Any] | None,
                        set_source: str | None) -> dict[str, Any]:
    """A cards.json card: its own fields over those of its set-file entry."""
    name = ref["name"]
    if set_entry is not None:
        card = card_from_set(set_entry, ref["set"], "")
    else:  # not expected with the current sources; derive what we can
        card = {"keywords": [], "colors": [], "color_identity": [], "layout": "normal", "faces": [],
                "names_i18n": {}, "legalities": {}, "rulings": []}
    type_line = ref["type_line"]
    cost = blank_to_none(ref.get("mana_cost"))
    card.update({
        "name": name,
        "mana_cost": cost,
        "type_line": type_line,
        "oracle_text": normalize_text(ref["oracle_text"]),
        "power": ref.get("power"),
        "toughness": ref.get("toughness"),
        "loyalty": ref.get("loyalty", card.get("loyalty")),
        "set": ref.get("set"),
        "number": ref.get("collector_number"),
        "rarity": ref.get("rarity"),
        "source": "reference/cards.json" + (f" + {set_source}" if set_source else ""),
    })
    if set_entry is None or cost != blank_to_none(set_entry.get("mana_cost")):
        card["mana_value"] = mana_value_of(cost)
    if set_entry is None or type_line != set_entry.get("type_line"):
        sup, typ, sub = parse_type_line(type_line)
        card.update(supertypes=list(sup), types=list(typ), subtypes=list(sub))
    if ref.get("names_i18n"):
        card["names_i18n"] = dict(ref["names_i18n"])
    if ref.get("legalities"):
        card["legalities"] = dict(ref["legalities"])
    return card


def _fixture_face(p: Mapping[str, Any], where: str) -> dict[str, Any]:
    type_line = p["type"]
    cost = blank_to_none(p.get("manaCost"))
    return {
        "name": p.get("faceName") or p["name"],
        "side": p.get("side"),
        "mana_cost": cost,
        "mana_value": as_int_mv(p.get("faceManaValue", p.get("manaValue")), cost, where),
        "type_line": type_line,
        **type_fields(p, type_line),
        "oracle_text": normalize_text(p.get("text")),
        "power": p.get("power"),
        "toughness": p.get("toughness"),
        "loyalty": p.get("loyalty"),
        "colors": list(p.get("colors") or []),
    }


def card_from_fixture(name: str, printings: list[Mapping[str, Any]], source: str) -> dict[str, Any]:
    """An MTGJSON AtomicCards-style entry: a list of faces (one for a normal card)."""
    printings = sorted(printings, key=lambda p: p.get("side") or "")
    front = printings[0]
    where = f"{source}: {name}"
    type_line = front["type"]
    cost = blank_to_none(front.get("manaCost"))
    multi = len(printings) > 1 or " // " in name
    i18n: dict[str, str] = {}
    for fd in front.get("foreignData") or []:
        lang = LANGUAGE_CODES.get(fd.get("language", ""), fd.get("language"))
        if lang and fd.get("name"):
            i18n.setdefault(lang, fd["name"])
    keywords: list[str] = []
    for p in printings:
        for kw in p.get("keywords") or []:
            if kw not in keywords:
                keywords.append(kw)
    return {
        "name": name,
        "mana_cost": cost,
        "mana_value": as_int_mv(front.get("manaValue"), cost, where),
        "type_line": type_line,
        **type_fields(front, type_line),
        "oracle_text": normalize_text(front.get("text")),
        "power": front.get("power"),
        "toughness": front.get("toughness"),
        "loyalty": front.get("loyalty"),
        "keywords": keywords,
        "colors": list(front.get("colors") or []),
        "color_identity": list(front.get("colorIdentity") or []),
        "layout": front.get("layout") or "normal",
        "faces": [_fixture_face(p, where) for p in printings] if multi else [],
        "names_i18n": i18n,
        "legalities": dict(front.get("legalities") or {}),
        "set": None,
        "number": None,
        "rarity": None,
        "rulings": rulings_list(front.get("rulings")),
        "source": source,
    }


def printed_type_lines(printings: list[Mapping[str, Any]], names_i18n: Mapping[str, str]) -> dict[str, str]:
    """Printed type lines in other languages (MTGJSON ``foreignData[].type``), by language code.

    Only for a language whose printed name is the card's name in that language, so the
    type line belongs to the same printing. Empty for cards the fixture doesn't translate.
    """
    front = sorted(printings, key=lambda p: p.get("side") or "")[0]
    out: dict[str, str] = {}
    for fd in front.get("foreignData") or []:
        lang = LANGUAGE_CODES.get(fd.get("language", ""), fd.get("language"))
        if lang and fd.get("type") and names_i18n.get(lang) == fd.get("name"):
            out.setdefault(lang, fd["type"])
    return out


# ---------------------------------------------------------------------------


def build(shared: Path) -> dict[str, dict[str, Any]]:
    ref_dir = shared / "reference"
    sets: dict[str, dict[str, Mapping[str, Any]]] = {}
    for code in SET_FILES:
        data = load_json(ref_dir / "sets" / f"{code}.json")
        sets[code] = {c["name"]: c for c in data["cards"]}
    reference = load_json(ref_dir / "cards.json")
    rulings_by_name = load_json(ref_dir / "rulings.json")
    fixture = load_json(shared / FIXTURE)["data"]

    cards: dict[str, dict[str, Any]] = {}
    for ref in reference:
        code = ref.get("set")
        entry = sets.get(code, {}).get(ref["name"]) if code else None
        if entry is None:  # fall back to any set file holding the name
            for other in SET_FILES:
                if ref["name"] in sets[other]:
                    code, entry = other, sets[other][ref["name"]]
                    break
        cards[ref["name"]] = card_from_reference(ref, entry, f"reference/sets/{code}.json" if entry else None)
    for code in SET_FILES:
        for name, entry in sets[code].items():
            if name not in cards:
                cards[name] = card_from_set(entry, code, f"reference/sets/{code}.json")
    for name, printings in fixture.items():
        if name not in cards:
            cards[name] = card_from_fixture(name, printings, FIXTURE)
        type_lines = printed_type_lines(printings, cards[name]["names_i18n"])
        if type_lines:
            cards[name]["type_lines_i18n"] = type_lines

    for name, items in rulings_by_name.items():
        if name in cards:
            cards[name]["rulings"] = rulings_list(items)
        else:
            print(f"warning: rulings.json names {name!r}, which is in no card source", file=sys.stderr)

    apply_errata(cards)
    _sanity_check(cards)
    return dict(sorted(cards.items()))


def apply_errata(cards: Mapping[str, dict[str, Any]]) -> None:
    """Correct the Oracle text of ``ORACLE_ERRATA`` in place; a stale erratum stops the build."""
    for name, wrong, right, _evidence in ORACLE_ERRATA:
        text = cards[name]["oracle_text"] if name in cards else ""
        if wrong not in text:
            raise SystemExit(f"erratum for {name}: {wrong!r} is not in its source text; drop it")
        cards[name]["oracle_text"] = text.replace(wrong, right)


def _sanity_check(cards: Mapping[str, Mapping[str, Any]]) -> None:
    for name, card in cards.items():
        if not card["faces"] and card["mana_value"] != mana_value_of(card["mana_cost"]):
            print(f"warning: {name}: mana value {card['mana_value']} but cost {card['mana_cost']}",
                  file=sys.stderr)
        if not card["types"]:
            raise SystemExit(f"{name}: no card type in {card['type_line']!r}")


# ---------------------------------------------------------------------------
# every known card: the corpus, with the set data and the printed text over it

#: Where legalities come from. ``formats`` is what the source can say anything about: a
#: format it does not list for a card is "not legal" there only if the source knows the
#: format at all; otherwise the card's status there is unknown.
LEGALITY_SOURCES: dict[str, dict[str, str | None]] = {
    "mtgjson-2022-04-25": {"as_of": "2022-04-25",
                           "description": "MTGJSON 5.2.0+20220425 (AUTRE04216/jsonSets@ca38aa76)"},
    "mtgjson-2023-06-27": {"as_of": "2023-06-27", "description": "MTGJSON 5.2.1+20230627 CLB.json"},
    "mtgjson-2026-03-01": {"as_of": "2026-03-01", "description": "MTGJSON 5.3.0 (2026-03-01)"},
    "scryfall-2026": {"as_of": None, "description": "a 2026 Scryfall dump (wingedsheep/argentum-engine@24c27f10); "
                                                    "lists only the formats where a card is legal"},
}


def _legality_source(card: Mapping[str, Any], set_entry: Mapping[str, Any] | None) -> str:
    """Which of :data:`LEGALITY_SOURCES` a card of ``oracle.json`` has its legalities from."""
    source = card.get("source", "")
    if source.startswith("reference/cards.json") and card.get("legalities"):
        return "mtgjson-2023-06-27"  # SOURCES.md: the seeds' legalities are from MTGJSON 5.2.1
    if source.startswith("peers/"):
        return "mtgjson-2026-03-01"
    detail = (set_entry or {}).get("legalities_source") or ""
    if detail.startswith("wingedsheep"):
        return "scryfall-2026"
    if detail.startswith("MTGJSON 5.2.1"):
        return "mtgjson-2023-06-27"
    return "mtgjson-2022-04-25"


def _corpus_face(face: Mapping[str, Any]) -> dict[str, Any]:
    """A corpus face (MTGJSON keys) in the shape of ``oracle.json`` faces."""
    type_line = face.get("type") or ""
    cost = blank_to_none(face.get("manaCost"))
    sup, typ, sub = parse_type_line(type_line)
    out: dict[str, Any] = {
        "name": face["name"], "side": None, "mana_cost": cost, "mana_value": mana_value_of(cost),
        "type_line": type_line, "supertypes": list(sup), "types": list(typ), "subtypes": list(sub),
        "oracle_text": normalize_text(face.get("text")), "power": face.get("power"),
        "toughness": face.get("toughness"), "loyalty": face.get("loyalty"),
    }
    if cost:  # a face without a cost (a back face) may have a color indicator we don't know
        out["colors"] = [c for c in "WUBRG" if "{" + c in cost or "/" + c in cost]
    return out


def _corpus_card(c: Mapping[str, Any]) -> dict[str, Any]:
    """A corpus card in the field shape of ``all-cards.json.gz``."""
    faces = [_corpus_face(f) for f in c.get("faces") or []]
    type_line = c.get("type_line") or (faces[0]["type_line"] if faces else " ".join(c.get("types") or []))
    # The corpus keeps the newest printing's types, which for some multi-face cards are a
    # back face's; the type line is the front face's, so the types follow it.
    sup, typ, sub = parse_type_line(type_line)
    mv = c.get("mana_value") or 0
    return {
        "name": c["name"], "mana_cost": blank_to_none(c.get("mana_cost")),
        "mana_value": int(mv) if float(mv).is_integer() else mv,
        "colors": list(c.get("colors") or []), "color_identity": list(c.get("color_identity") or []),
        "type_line": type_line, "supertypes": list(sup), "types": list(typ), "subtypes": list(sub),
        "oracle_text": normalize_text(c.get("oracle_text")), "power": c.get("power"),
        "toughness": c.get("toughness"), "loyalty": c.get("loyalty"), "keywords": list(c.get("keywords") or []),
        "layout": c.get("layout") or "normal", "faces": faces,
        "legalities": dict(c.get("legalities") or {}), "legalities_as_of": c.get("legalities_as_of"),
        "legalities_source": "mtgjson-2022-04-25",
        "rulings": rulings_list(c.get("rulings")), "printings": list(c.get("printings") or []),
        "names_i18n": dict(c.get("names_i18n") or {}), "printed": dict(c.get("printed") or {}),
        "set": None, "number": None, "rarity": None, "source": CORPUS,
    }


def build_all_cards(shared: Path, oracle: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """Every known card (see the module docstring), with the legality sources' formats."""
    with gzip.open(shared / CORPUS, "rt", encoding="utf-8") as fh:
        corpus = json.load(fh)
    printed_i18n = load_json(shared / PRINTED)["cards"]
    set_entries: dict[str, Mapping[str, Any]] = {}
    for code in reversed(SET_FILES):  # the first set file wins, as in build()
        for entry in load_json(shared / "reference" / "sets" / f"{code}.json")["cards"]:
            set_entries[entry["name"]] = entry

    cards = {name: _corpus_card(c) for name, c in corpus["cards"].items()}
    for name, card in oracle.items():
        old = cards.get(name)
        new: dict[str, Any] = dict(card)  # with type_lines_i18n: printed type lines in other languages
        new["legalities_source"] = _legality_source(card, set_entries.get(name))
        new["legalities_as_of"] = LEGALITY_SOURCES[new["legalities_source"]]["as_of"]
        new["printings"] = list((old or {}).get("printings") or [])
        if card.get("set") and card["set"] not in new["printings"]:
            new["printings"].append(card["set"])
        new["printed"] = dict((old or {}).get("printed") or {})
        if old is not None:
            if not new["legalities"]:
                for key in ("legalities", "legalities_as_of", "legalities_source"):
                    new[key] = old[key]
            if not new["rulings"]:
                new["rulings"] = old["rulings"]
            new["names_i18n"] = {**old["names_i18n"], **new["names_i18n"]}
        cards[name] = new
    for name, langs in printed_i18n.items():
        if name in cards:
            for lang, fields in langs.items():
                cards[name]["printed"][lang] = dict(fields)
    seen: dict[str, set[str]] = {key: set() for key in LEGALITY_SOURCES}
    for card in cards.values():
        if card["legalities"]:
            seen[card["legalities_source"]].update(card["legalities"])
    # MTGJSON 5.2.1 lists every format 5.2.0 did; only three cards come from it here.
    seen["mtgjson-2023-06-27"] |= seen["mtgjson-2022-04-25"]
    sources = {key: {**meta, "formats": sorted(seen[key])} for key, meta in LEGALITY_SOURCES.items()}
    return {
        "source": {"corpus": corpus["source"], "built_by": "tools/build_card_data.py",
                   "legality_sources": sources},
        "cards": dict(sorted(cards.items())),
    }


def dumps_all_cards(data: Mapping[str, Any]) -> bytes:
    """Compact JSON, gzip-compressed without a timestamp (so a rebuild is byte-identical)."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)


def dumps(cards: Mapping[str, Mapping[str, Any]]) -> str:
    """Compact JSON with sorted keys, one card per line (small diffs)."""
    lines = [
        json.dumps(name, ensure_ascii=False)
        + ":"
        + json.dumps(card, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        for name, card in sorted(cards.items())
    ]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def write(shared: Path, out_dir: Path = DATA_DIR) -> dict[str, dict[str, Any]]:
    cards = build(shared)
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "oracle.json").write_text(dumps(cards), encoding="utf-8")
    shutil.copyfile(shared / "reference" / "dungeons.json", out_dir / "dungeons.json")
    (out_dir / ALL_CARDS).write_bytes(dumps_all_cards(build_all_cards(shared, cards)))
    return cards


def check(names: list[str]) -> int:
    """Print, for each name, whether the shipped data has it. Returns the number missing."""
    from undercity.cards.oracle import find_oracle, load_oracle
    from undercity.errors import UnknownCardError

    load_oracle.cache_clear()
    missing = 0
    for name in names:
        try:
            card = find_oracle(name)
        except UnknownCardError as err:
            missing += 1
            hint = f" (close: {', '.join(err.suggestions)})" if err.suggestions else ""
            print(f"MISSING  {name}{hint}")
            continue
        pt = f" {card.power}/{card.toughness}" if card.power is not None else ""
        print(f"ok       {card.name}  {card.mana_cost or ''}  {card.type_line}{pt}  [{card.source}]")
    return missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED,
                        help=f"the shared/ folder (default: {DEFAULT_SHARED})")
    parser.add_argument("--check", nargs="+", metavar="NAME",
                        help="report which names are in the built data instead of building")
    args = parser.parse_args(argv)
    if args.check:
        return 1 if check(args.check) else 0
    cards = write(args.shared)
    print(f"wrote {len(cards)} cards to {DATA_DIR / 'oracle.json'}, {DATA_DIR / 'dungeons.json'} "
          f"and every known card to {DATA_DIR / ALL_CARDS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
