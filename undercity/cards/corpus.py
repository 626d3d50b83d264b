"""Every real card we know, as data: the shipped ``undercity/data/all-cards.json.gz``.

That file is built by ``tools/build_card_data.py`` from the April 2022 card corpus (every card
to Streets of New Capenna, MTGJSON 5.2.0) and the set data of CLB, AFR and AFC (the set data
wins for the cards it has), with the printed Simplified Chinese and French text of
``printed-i18n.json``. Its sources are listed in ``undercity/data/SOURCES.md``.

Nothing here is read until asked: :func:`known_cards` loads the file once per process (about a
second) and caches it, so ``undercity play`` never pays for it.

Each card is a dict with these keys (the corpus's field shape):

* ``name``, ``mana_cost`` (``None`` for no cost), ``mana_value`` (int, or float for the rare
  half-mana card), ``colors``, ``color_identity`` (WUBRG letters), ``type_line``,
  ``supertypes``, ``types``, ``subtypes``, ``oracle_text`` (``""`` when none; abilities
  separated by ``"\\n"``), ``power``, ``toughness``, ``loyalty`` (strings as printed, or
  ``None``), ``keywords``, ``layout`` (``normal``, ``adventure``, ``split``, ``transform``…);
* ``faces``: for a multi-face card, one dict per face with ``name``, ``mana_cost``,
  ``mana_value``, ``type_line``, ``supertypes``, ``types``, ``subtypes``, ``oracle_text``,
  ``power``, ``toughness``, ``loyalty`` (and ``colors`` where known); the top-level fields are
  the front face's; ``[]`` for a one-face card;
* ``legalities`` (format → ``"Legal"`` / ``"Banned"`` / ``"Restricted"``; a format not listed
  is not legal *if the source knows the format*, see :func:`legality_sources`),
  ``legalities_as_of`` (a date, or ``None`` when the source is undated), ``legalities_source``;
* ``rulings`` (``[{"date", "text"}]``), ``printings`` (set codes), ``names_i18n`` (language →
  printed name);
* ``printed``: language (``"zh-Hans"``, ``"fr"``) → ``{"name", "type", "text"}`` as printed,
  or for some multi-face cards ``{"faces": {face name: {"name", "type", "text"}}}``;
* ``set``, ``number``, ``rarity`` (for cards of the set data; ``None`` for corpus-only cards),
  ``source`` (the file the card's characteristics come from).

Oracle wording differs by source: the corpus and AFR/AFC use the April 2022 templates
("enters the battlefield", the card's own name); the set data of the initiative cards uses the
current ones ("enters", "this creature").
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["DATA_FILE", "known_card", "known_cards", "legality_sources"]

DATA_FILE = "all-cards.json.gz"


@cache
def _load() -> dict[str, Any]:
    raw = resources.files("undercity.data").joinpath(DATA_FILE).read_bytes()
    data: dict[str, Any] = json.loads(gzip.decompress(raw))
    return data


def known_cards() -> dict[str, dict[str, Any]]:
    """Every known card by English name (22,998 corpus cards and the newer set cards).

    Loaded once, then cached: the dict and its cards are shared, do not modify them.
    """
    cards: dict[str, dict[str, Any]] = _load()["cards"]
    return cards


def legality_sources() -> dict[str, dict[str, Any]]:
    """Where legalities come from: source key → ``{"as_of", "description", "formats"}``.

    ``formats`` are the formats the source says anything about: a card whose legalities come
    from it is not legal in such a format when the format is not in its ``legalities``; in any
    other format its status is unknown.
    """
    sources: dict[str, dict[str, Any]] = _load()["source"]["legality_sources"]
    return sources


@cache
def _face_index() -> dict[str, str]:
    """Face name → card name, for multi-face cards ("Fire" → "Fire // Ice")."""
    index: dict[str, str] = {}
    cards = known_cards()
    for name in sorted(cards):
        for face in cards[name]["faces"]:
            if face["name"] not in cards:
                index.setdefault(face["name"], name)
        if " // " in name:
            for part in name.split(" // "):
                if part not in cards:
                    index.setdefault(part, name)
    return index


def known_card(name: str) -> dict[str, Any] | None:
    """The card with exactly this English name, ``"A // B"`` name or face name; else ``None``."""
    cards = known_cards()
    card = cards.get(name)
    if card is None:
        full = _face_index().get(name)
        card = cards.get(full) if full is not None else None
    return card
