"""What mana may be spent on, and what happens when it is spent (CR 106.6): "Spend this mana
only to cast a Dragon creature spell." (Haven of the Spirit Dragon) and "When that mana is
spent to cast a creature spell that shares a creature type with your commander, scry 1." (Path
of Ancestry). Both follow the "Add …" of the ability that makes the mana and say something of
that mana only; :mod:`undercity.engine.mana_spending` keeps them with the mana in the pool and
the payment planner (``costs.mana_sources``, ``costs.pool_of``) offers such mana only to what it
may pay for.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Filter


@dataclass(frozen=True, slots=True)
class SpendOnly(Effect):
    """"Spend this mana only to cast [``spells``] [or activate abilities of ``abilities_of``]"
    (CR 106.6): the mana the ability adds may pay only for casting a spell ``spells`` matches —
    any of its costs, additional and alternative ones included (ruling 2015-02-25) — or for
    activating an ability of a permanent ``abilities_of`` matches."""

    spells: Filter
    abilities_of: Filter | None = None


@dataclass(frozen=True, slots=True)
class WhenSpent(Effect):
    """"When that mana is spent to cast [``spell``], [``effects``]" (CR 106.6, 603.7a): an ability
    that triggers once for each such mana spent on a spell ``spell`` matches — one with a
    creature type of its controller's commander, as that commander is right after the spell is
    cast (ruling 2020-11-10), if ``shares_type_with_commander``."""

    spell: Filter
    effects: tuple[Effect, ...]
    shares_type_with_commander: bool = False
    #: The sentence, for the triggered ability on the stack.
    text: str = ""
