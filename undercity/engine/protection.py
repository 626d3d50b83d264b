"""Protection (CR 702.16): "protection from [quality]" — a keyword ability a permanent has
through the layer system (``characteristics.keywords``, so granting it until end of turn
works, CR 613.1f) — and the four things it does (DEBT, CR 702.16b-f):

* **D**amage from sources with the quality is prevented (702.16e; ``effects.deal_damage``
  asks :func:`prevents`);
* it can't be **E**nchanted by Auras, **E**quipped by Equipment or fortified by what has the
  quality (702.16c-d; those become unattached as a state-based action, 704.5m-n:
  ``sba.collect`` asks :func:`illegal_attachment`);
* it can't be **B**locked by creatures with the quality (702.16f; ``combat.can_block`` asks
  :func:`may_block`);
* it can't be the **T**arget of spells with the quality or of abilities whose source has it
  (702.16b; ``targeting`` asks :func:`may_target`).

The qualities read here are the five colors ("protection from red", CR 105.1) and card types
("protection from artifacts"). "Protection from creatures" is answered by
:mod:`undercity.engine.protection_from_creatures` (three of the checks for that one quality),
asked next to these.

"Gains protection from the color of your choice until end of turn" (Mother of Runes) is
:class:`undercity.cards.language.protection.ProtectionFromChosenColor`: the color is chosen as
the ability resolves (decision ``color``), then it is an "until end of turn" grant of the
keyword (CR 611.2a).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from undercity.cards.language.protection import COLOR_WORDS, ProtectionFromChosenColor
from undercity.cards.model import Pump
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.engine.effects import handles, ref_objects

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, Obj, StackItem

PREFIX = "protection from "
#: Card types a "protection from [type]s" names (CR 702.16a: a quality is a characteristic).
TYPE_WORDS = {"artifacts": "Artifact", "enchantments": "Enchantment", "planeswalkers": "Planeswalker",
              "instants": "Instant", "sorceries": "Sorcery", "lands": "Land"}
#: Qualities answered here (the rest are refused by the compiler or answered elsewhere).
QUALITIES = frozenset(COLOR_WORDS) | frozenset(TYPE_WORDS)


def qualities(g: Game, o: Obj) -> tuple[str, ...]:
    """The qualities ``o`` has protection from (after layer 6), e.g. ``("red", "artifacts")``."""
    return _qualities(ch.keywords(g, o))


@lru_cache(maxsize=1024)
def _qualities(keywords: frozenset[str]) -> tuple[str, ...]:
    # Asked for every target, block and damage: a keyword set is nearly always a card's own
    # (the same frozenset, its hash cached), so the answer is looked up, not recomputed.
    return tuple(k[len(PREFIX):] for k in keywords if k.startswith(PREFIX) and k[len(PREFIX):] in QUALITIES)


def _source_traits(g: Game, source: int | None) -> tuple[frozenset[str], frozenset[str]] | None:
    """A source's colors and card types now, or as it last existed (CR 608.2h, 702.16: a
    source that left the battlefield is looked at as it last was)."""
    if source is None:
        return None
    s = g.s
    o = s.objs.get(source)
    if o is not None:
        if o.zone in ("battlefield", "stack"):
            return ch.colors(o, g), frozenset(ch.types(g, o))
        return o.card.colors, frozenset(o.card.types)
    lki = s.lki.get(source)
    if lki:
        card = lki.get("card")
        colors = lki.get("colors", card.colors if card is not None else frozenset())
        return frozenset(colors), frozenset(lki.get("types", ()))
    return None


def _has_quality(traits: tuple[frozenset[str], frozenset[str]], quality: str) -> bool:
    colors, types = traits
    if quality in COLOR_WORDS:
        return COLOR_WORDS[quality] in colors
    return TYPE_WORDS[quality] in types


def protected_from(g: Game, o: Obj, source: int | None) -> bool:
    """Whether ``o`` has protection from a quality the object ``source`` has (CR 702.16a)."""
    qs = qualities(g, o)
    if not qs:
        return False
    traits = _source_traits(g, source)
    return traits is not None and any(_has_quality(traits, q) for q in qs)


def may_target(g: Game, o: Obj, source: int | None) -> bool:
    """CR 702.16b: not the target of a spell with the quality, nor of an ability from a source
    with it."""
    return not protected_from(g, o, source)


def prevents(g: Game, source: int | None, target: Any) -> bool:
    """CR 702.16e: damage from a source with the quality is prevented."""
    if target[0] != "o":
        return False
    o = g.s.objs.get(target[1])
    return o is not None and o.zone == "battlefield" and protected_from(g, o, source)


def may_block(g: Game, blocker: Obj, attacker: Obj) -> bool:
    """CR 702.16f: an attacking creature with protection can't be blocked by creatures with
    the quality."""
    return not protected_from(g, attacker, blocker.id)


def illegal_attachment(g: Game, attachment: Obj, host: Obj) -> bool:
    """CR 702.16c-d: an Aura or Equipment with the quality can't be attached to ``host``
    (state-based actions 704.5m, 704.5n)."""
    return protected_from(g, host, attachment.id)


def color_options(g: Game, o: Obj) -> list[Option]:
    """The five colors to choose from (CR 105.1)."""
    return [Option(word, word) for word in COLOR_WORDS]


@handles(ProtectionFromChosenColor)
def h_protection_from_chosen_color(g: Game, job: Job, item: StackItem, e: ProtectionFromChosenColor,
                                   key: str) -> None:
    """As the ability resolves its controller chooses a color (CR 608.2d); the object gains
    protection from that color until end of turn (CR 611.2a)."""
    from undercity.engine.effects import HANDLERS

    ids = ref_objects(g, e.what, item, job)
    if not ids:
        return
    word = g.ask(job, f"{key}:color", item.controller, "color",
                 f"{g.player_name(item.controller)}: choose a color for {g.s.objs[ids[0]].name}'s protection",
                 color_options(g, g.s.objs[ids[0]]))
    g.emit(ev.Note(rule="608.2d", message=f"{g.player_name(item.controller)} chooses {word}"))
    HANDLERS[Pump](g, job, item, Pump(0, 0, e.what, frozenset({PREFIX + str(word)})), key)
