"""What the card pages add to the card database's page data (:meth:`undercity.carddb.CardDB.page`,
the data of ``undercity card --json``): the site's languages, and why a card isn't implemented."""

from __future__ import annotations

import functools
import re

#: The languages the site shows a card in: the printed-text data has French and Simplified
#: Chinese rules text (data/SOURCES.md); English is the Oracle text.
LANGS = {"en": "English", "fr": "Français", "zh-Hans": "简体中文"}
LANG_COOKIE = "lang"


def site_lang(value: str | None) -> str | None:
    """``value`` as one of :data:`LANGS` (case and ``zh-CN``-style aliases accepted), or None."""
    if not value:
        return None
    from undercity.carddb import canonical_lang
    from undercity.errors import UndercityError

    try:
        lang = canonical_lang(value[:20])
    except UndercityError:
        return None
    return lang if lang in LANGS else None


@functools.lru_cache(maxsize=4096)
def unimplemented_reason(name: str) -> str:
    """Why the engine doesn't implement ``name`` (English): the first phrase of its Oracle text
    the compiler can't read, or what it read but the engine can't do (cards/text/compile.py)."""
    from undercity.cards.oracle import load_oracle
    from undercity.cards.text.compile import compile_fields, oracle_fields

    oc = load_oracle().get(name)
    if oc is not None:
        fields = oracle_fields(oc)
    else:
        from undercity.cards.corpus import known_cards

        fields = known_cards().get(name)
    if fields is None:
        return "no Oracle data for it"
    result = compile_fields(fields)
    if result.implemented:
        return "its text compiles, but it is not in the card pool yet"
    if result.stage == "parse":
        if result.reason.startswith("layout: "):
            return f"cards of the {result.reason[8:]} layout (several faces, CR 709-712) are not supported yet"
        return f"the Oracle-text compiler can't read “{result.reason}” yet"
    return f"the engine can't do “{result.reason}” yet"


_LINE_REF = re.compile(r"^lines? (\d+(?:, \d+)*): ")


def problem_lines(problems: list[str]) -> set[int]:
    """The line numbers that deck-check messages (``line 3: …``, ``lines 3, 9: …``) start with."""
    out: set[int] = set()
    for p in problems:
        m = _LINE_REF.match(p)
        if m:
            out.update(int(n) for n in m.group(1).split(", "))
    return out
