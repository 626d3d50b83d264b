"""Party (CR 700.8): the size of a player's party — the most creatures they control that can
be one each of a Cleric, a Rogue, a Warrior and a Wizard — read from the creatures' types
after continuous effects (CR 613.1d, layer 4). The language's ``PartySize`` count and
``FullParty`` condition (:mod:`undercity.cards.language.party`), and ``ChooseParty``: each
player choosing a party and sacrificing the rest (CR 700.8d; decision ``choose_party``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.party import PARTY_TYPES, ChooseParty, FullParty, PartySize
from undercity.engine import characteristics as ch
from undercity.engine import zones
from undercity.engine.decisions import Option
from undercity.engine.effects import apnap, card_option, counts, distinct_permanents, handles, ref_players
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


@handles(ChooseParty)
def h_choose_party(g: Game, job: Job, item: StackItem, e: ChooseParty, key: str) -> None:
    """CR 700.8d: in turn order, for each of Cleric, Rogue, Warrior and Wizard, each player
    chooses up to one creature they control of that type not chosen yet (after layer 4); then
    every other creature they control is sacrificed, all at once (CR 701.21a)."""
    s = g.s
    view = ch.viewer(g)
    kept: set[int] = set()
    players = apnap(g, ref_players(g, e.who, item, job))
    for p in players:
        for t in PARTY_TYPES:
            pool = [oid for oid in s.battlefield if s.objs[oid].controller == p and oid not in kept
                    and "Creature" in view(s.objs[oid]).types and t in view(s.objs[oid]).subtypes]
            if not pool:
                continue
            opts = [card_option(g, c) for c in distinct_permanents(g, job, pool)] + [Option(f"no {t}", None)]
            pick = g.ask(job, f"{key}:p{p}:{t}", p, "choose_party",
                         f"{g.player_name(p)}: choose a {t} for your party", opts, {"type": t})
            if pick is not None:
                kept.add(pick)
    rest = [oid for oid in s.battlefield if s.objs[oid].controller in players and oid not in kept
            and "Creature" in view(s.objs[oid]).types]
    with zones.simultaneously(g):
        for oid in rest:
            zones.move(g, oid, "graveyard", rule="701.21a", verb="is sacrificed")
