"""Tokens registered under a key that differs from their name (CR 111.4: two different
"Skeleton" tokens exist, a 1/1 and a 4/1 with menace): the pools and the Oracle-text compiler
define such tokens with :func:`keyed_token`."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from undercity.cards import registry
from undercity.cards.model import CardDef


class KeyedToken(CardDef):
    """A token whose registry key differs from its name (CR 111.4: two different 'Skeleton'
    tokens exist). Pickles by key."""

    __slots__ = ("key",)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (registry.get_token, (self.key,))


def keyed_token(key: str, name: str, type_line: str, **kw: Any) -> CardDef:
    """Define a token registered under ``key`` but named ``name``."""
    base = registry.token(key, type_line, **kw)
    card = KeyedToken(**{f.name: getattr(base, f.name) for f in fields(CardDef)} | {"name": name})
    object.__setattr__(card, "key", key)
    registry._TOKENS[key] = card  # replaces the plain definition made by token()
    return card
