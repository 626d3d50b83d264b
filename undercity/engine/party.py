"""Party (CR 700.8): the size of a player's party — the most creatures they control that can
be one each of a Cleric, a Rogue, a Warrior and a Wizard — read from the creatures' types
after continuous effects (CR 613.1d, layer 4). The language's ``PartySize`` count and
``FullParty`` condition (:mod:`undercity.cards.language.party`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.party import PARTY_TYPES, FullParty, PartySize
from undercity.engine import characteristics as ch
from undercity.engine.effects import counts
from undercity.engine.resolve import checks

if TYPE_CHECKING:
    from undercity.cards.model import Condition
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem


def size(g: Game, player: int) -> int:
    """The number of creatures in ``player``'s party (CR 700.8a), from the party types each
    creature they control has after layer 4."""
    s = g.s
    view = ch.viewer(g)
    roles: list[set[str]] = []
    for oid in s.battlefield:
        o = s.objs[oid]
        c = view(o)
        if o.controller == player and "Creature" in c.types:
            roles.append({t for t in PARTY_TYPES if t in c.subtypes})
    return count(roles)


def count(roles: list[set[str]]) -> int:
    """The largest number of creatures that can each be counted for a different one of the
    party types they have (a maximum matching): "the highest such number is used" — a Cleric
    and a Cleric Wizard make a party of two (CR 700.8a; ruling 2020-09-25)."""
    match: dict[str, int] = {}  # party type -> index of the creature counted for it

    def place(k: int, seen: set[str]) -> bool:
        for t in PARTY_TYPES:
            if t in roles[k] and t not in seen:
                seen.add(t)
                if t not in match or place(match[t], seen):
                    match[t] = k
                    return True
        return False

    return sum(1 for k in range(len(roles)) if roles[k] and place(k, set()))


@counts(PartySize)
def _party_size(g: Game, a: PartySize, item: StackItem, job: Job) -> int:
    return size(g, item.controller)


@checks(FullParty)
def _full_party(g: Game, cond: Condition, controller: int) -> bool:
    return size(g, controller) == len(PARTY_TYPES)  # CR 700.8c
