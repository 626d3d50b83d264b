"""Where an ability lives: an address that names the same ability in every process.

An ability's ``uid`` is its place in this process's registry, and cards compiled from Oracle
text register theirs when first asked for — so the same ability has another ``uid`` in a
process that met the cards in another order. A saved snapshot of a game
(:meth:`undercity.engine.game.Game.snapshot`) therefore refers to each ability by the
definition that holds it — a card by name, a token by key, a dungeon by name — and its index
among that definition's abilities in a fixed walk of its fields (depth first, in field order,
each ability counted at its first appearance). Loading the snapshot defines that card if this
process hasn't yet, walks it the same way, and takes the ability at that index.
"""

from __future__ import annotations

import dataclasses
import pickle

from undercity.cards.model import Ability
from undercity.errors import UndercityError

#: uid -> (owner kind, owner key, index) — the first owner found for each ability.
_ADDRESS: dict[int, tuple[str, str, int]] = {}
#: (owner kind, owner key) -> the owner's abilities in walk order.
_WALKED: dict[tuple[str, str], list[Ability]] = {}
_FIELDS: dict[type, tuple[str, ...]] = {}
_LEAVES = (str, int, float, bool, bytes, type(None))


def _attributes(t: type) -> tuple[str, ...]:
    """A dataclass's fields, then the slots its subclasses add (an adventurer card's
    ``adventure``, set after it is made), in a fixed order."""
    names = [f.name for f in dataclasses.fields(t)]
    for k in reversed(t.__mro__):
        for n in getattr(k, "__slots__", ()):
            if n not in names and n not in ("__weakref__", "__dict__"):
                names.append(n)
    return tuple(names)


def abilities_of(root: object) -> list[Ability]:
    """Every ability reachable from ``root`` through dataclass fields, tuples, lists and dict
    values, in depth-first field order, each once (at its first appearance)."""
    out: list[Ability] = []
    seen_abilities: set[int] = set()
    seen_nodes: set[int] = set()

    def walk(x: object) -> None:
        if isinstance(x, _LEAVES) or isinstance(x, type):
            return
        if isinstance(x, Ability) and id(x) not in seen_abilities:
            seen_abilities.add(id(x))
            out.append(x)
        if id(x) in seen_nodes:
            return
        seen_nodes.add(id(x))
        if isinstance(x, (tuple, list)):
            for v in x:
                walk(v)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, (frozenset, set)):
            # Sets of abilities don't occur; a set of other objects is walked in a fixed order.
            if any(not isinstance(v, _LEAVES) for v in x):
                for v in sorted(x, key=repr):
                    walk(v)
        elif dataclasses.is_dataclass(x):
            names = _FIELDS.get(type(x))
            if names is None:
                names = _FIELDS[type(x)] = _attributes(type(x))
            for n in names:
                walk(getattr(x, n, None))

    walk(root)
    return out


def _owner(kind: str, key: str) -> object:
    from undercity.cards import registry
    from undercity.cards.dungeons import get_dungeon_card

    if kind == "card":
        return registry.get_card(key)
    if kind == "token":
        return registry.get_token(key)
    if kind == "dungeon":
        return get_dungeon_card(key)
    raise pickle.UnpicklingError(f"an ability's owner of unknown kind {kind!r}")


def _index(kind: str, key: str, root: object) -> list[Ability]:
    found = _WALKED.get((kind, key))
    if found is None:
        found = _WALKED[(kind, key)] = abilities_of(root)
        for i, a in enumerate(found):
            _ADDRESS.setdefault(a.uid, (kind, key, i))
    return found


def _index_everything_defined() -> None:
    from undercity.cards import registry
    from undercity.cards.dungeons import DUNGEONS

    for name, card in list(registry._CARDS.items()):
        _index("card", name, card)
    for key, token in list(registry._TOKENS.items()):
        _index("token", key, token)
    for name, d in DUNGEONS.items():
        _index("dungeon", name, d.card)


def address(a: Ability) -> tuple[str, str, int]:
    """The stable address of ``a``: (owner kind, owner key, index among its abilities)."""
    found = _ADDRESS.get(a.uid)
    if found is None:
        _index_everything_defined()
        found = _ADDRESS.get(a.uid)
        if found is None:
            raise pickle.PicklingError(f"the ability {a.text!r} belongs to no card, token or dungeon definition")
    return found


def ability_at(kind: str, key: str, index: int) -> Ability:
    """The ability at ``address`` (the inverse of :func:`address`)."""
    try:
        found = _index(kind, key, _owner(kind, key))
        return found[index]
    except (KeyError, IndexError, TypeError, UndercityError) as e:
        raise pickle.UnpicklingError(f"no ability {index} on the {kind} {key!r} ({e})") from None
