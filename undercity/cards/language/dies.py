"""Triggers on creatures dying (CR 700.4, 603.6c, 603.10a): "Whenever another creature dies",
"Whenever a nontoken creature you control dies", "Whenever ~ or another creature you control
dies"; and on permanents leaving the battlefield for any zone, "Whenever a creature you control
leaves the battlefield". Watched by :mod:`undercity.engine.dies_triggers`.

A creature dies when it is put into a graveyard from the battlefield (CR 700.4). These are
leaves-the-battlefield abilities (CR 603.6c): they look back in time (603.10a), so the dying
creature is matched as it last existed on the battlefield (its types, controller, colors), and
a source leaving in the same event as the creature (a Wrath of God) still sees it die.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Count, Filter, Trigger

CREATURE_DIES = "creature_dies"
PUT_INTO_GRAVEYARD_FROM_BATTLEFIELD = "put_into_graveyard_from_battlefield"
PERMANENT_LEAVES = "permanent_leaves"


@dataclass(frozen=True, slots=True)
class CreatureDies(Trigger):
    """A creature matching ``filter`` dies (``filter.other``: not this object; ``controller``:
    relative to this ability's controller); ``self_too``: this object dying triggers it as well
    ("Whenever ~ or another creature you control dies"); ``or_filter``: so does a creature
    matching that ("… or a blocking creature an opponent controls dies")."""

    event: str = CREATURE_DIES
    self_too: bool = False
    or_filter: Filter | None = None
    #: "…, if it had counters on it," (CR 603.4): the creature had one or more counters as it
    #: last existed on the battlefield — which can't change by the time the ability resolves.
    had_counters: bool = False


@dataclass(frozen=True, slots=True)
class PutIntoGraveyardFromBattlefield(Trigger):
    """"Whenever an artifact you control is put into a graveyard from the battlefield"
    (CR 603.6c, 603.10a): a permanent matching ``filter`` as it last existed there — a token
    too, which goes to the graveyard before it ceases to exist (CR 111.7, 704.5d)."""

    event: str = PUT_INTO_GRAVEYARD_FROM_BATTLEFIELD


@dataclass(frozen=True, slots=True)
class PermanentLeaves(Trigger):
    """"Whenever a creature you control leaves the battlefield" (Outpost Siege; CR 603.6c,
    603.10a): a permanent matching ``filter`` as it last existed there goes to any other zone — a
    token too (CR 111.7), and a face-down one, a 2/2 creature as it last existed (CR 708.2)."""

    event: str = PERMANENT_LEAVES


@dataclass(frozen=True, slots=True)
class DiedPower(Count):
    """"that creature's power" of "Whenever a creature … dies": its power as it last existed on
    the battlefield (CR 603.10a, 608.2h)."""

    what: str = "died_power"
