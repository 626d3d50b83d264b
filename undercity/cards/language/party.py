"""Party (CR 700.8): "the number of creatures in your party", "if you have a full party", choosing a party (Stick Together).

A player's party is the largest set of creatures they control made of up to one each of a
Cleric, a Rogue, a Warrior and a Wizard (CR 700.8a-b: each creature of it counts for one of
those types it has; a creature with several of them still counts once). Counted by
:mod:`undercity.engine.party`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import EACH_PLAYER, Condition, Count, Effect, Ref

#: The creature types of a party (CR 700.8).
PARTY_TYPES = ("Cleric", "Rogue", "Warrior", "Wizard")


@dataclass(frozen=True, slots=True)
class PartySize(Count):
    """The number of creatures in the ability's controller's party (0 to 4)."""

    what: str = "party_size"


@dataclass(frozen=True, slots=True)
class FullParty(Condition):
    """"if you have a full party": four creatures in it (CR 700.8c)."""

    what: str = "full_party"


@dataclass(frozen=True, slots=True)
class ChooseParty(Effect):
    """"Each player choose a party from among creatures they control, then sacrifices the rest"
    (Stick Together; CR 700.8d): for each party type, each player chooses up to one creature
    they control of that type; then every other creature they control is sacrificed."""

    who: Ref = EACH_PLAYER


PARTY_SIZE = PartySize()
FULL_PARTY = FullParty()
