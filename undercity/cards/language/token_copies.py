"""Tokens that are copies of objects (CR 707.2, 111.1): "Create a token that's a copy of target
creature you control", "create two tokens that are copies of …, except they're 3/3 Dragon
creatures in addition to their other types, and they have flying" — the exceptions are part
of the copy's copiable values (CR 707.9b). The handler is :mod:`undercity.engine.token_copies`."""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import YOU, Amount, Effect, Ref


@dataclass(frozen=True, slots=True)
class CreateTokenCopy(Effect):
    """``who`` creates ``n`` tokens that are copies of the object ``what`` names (its copiable
    values, CR 707.2: as modified by other copy effects, 707.3), with the exceptions (707.9b):
    the card types ``add_types`` and subtypes ``add_subtypes`` in addition to its others, the
    keyword abilities ``add_keywords``, and base power and toughness ``power``/``toughness``."""

    what: Ref
    n: Amount = 1
    who: Ref = YOU
    add_types: frozenset[str] = frozenset()
    add_subtypes: frozenset[str] = frozenset()
    add_keywords: frozenset[str] = frozenset()
    power: int | None = None
    toughness: int | None = None
    #: "a tapped and attacking token" (CR 508.4): a creature token attacks what its controller
    #: chooses; any other enters tapped, not attacking (CR 506.3)
    attacking: bool = False


@dataclass(frozen=True, slots=True)
class CopyOfCardExiledAsCost(Effect):
    """Eternalize's "Create a token that's a copy of it, except it's black, it's 4/4, it has no
    mana cost, and it's a Zombie in addition to its other types" (CR 702.129a): ``it`` is the card
    exiled from its owner's graveyard to pay the ability's cost, copied as printed (CR 707.2; ruling
    2017-07-14, Champion of Wits), with the exceptions — the colors ``colors``, base power and
    toughness ``power``/``toughness``, no mana cost, the subtypes ``add_subtypes`` — as copiable
    values (CR 707.9b)."""

    colors: frozenset[str]
    power: int
    toughness: int
    add_subtypes: frozenset[str]


#: "that token": the tokens this ability has created so far as it resolves (CR 608.2c).
CREATED_TOKENS = Ref("created_tokens")
