"""Changes to the total cost of a spell (CR 601.2f): "[spells] cost {N} more / less to cast". The
mana value doesn't change (CR 202.3). Read by :mod:`undercity.engine.spell_costs`. Additional
costs are :class:`undercity.cards.model.AdditionalCost` (on the card); flashback is an
:class:`undercity.cards.model.AltCost` with ``exile_leaving_stack``.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import AdditionalCost, Count, Effect, Filter, Ref, Static

#: ``Static.kind`` of :class:`CostChange`.
COST_CHANGE = "cost_change"


@dataclass(frozen=True, slots=True, eq=False)
class SelfCostChange(Static):
    """"This spell costs {``generic``} less (negative) or more to cast for each ``per``" — a
    permanent on the battlefield matching the filter, seen by the caster (CR 601.2f): an
    ability of the spell itself, which works while it is being cast (CR 113.6)."""

    kind: str = "self_cost_change"
    generic: int = 0
    per: Filter = Filter()
    #: Count the creature types among the matching permanents instead of the permanents
    #: ("for each creature type among creatures you control", CR 205.3m).
    creature_types: bool = False
    #: "This effect can't reduce the amount of mana this spell costs by more than {N}."
    cap: int | None = None
    #: "for each creature in your party" (CR 700.8): the caster's party size instead of ``per``.
    party: bool = False


@dataclass(frozen=True, slots=True, eq=False)
class CostChange(Static):
    """"[``spells``] [``caster``] cast cost {``generic``} more (positive) or less (negative)
    to cast [for each ``per``]" (CR 601.2f). ``caster``: ``you``, ``opponent`` or ``any``
    (relative to the controller of the permanent with this ability); ``nth``: only the nth
    spell that player casts each turn (Monk Class: 2); ``per``: a count the change is
    multiplied by — ``commander_casts`` (times you've cast a commander from the command zone
    this game)."""

    kind: str = COST_CHANGE
    spells: Filter = Filter()
    caster: str = "you"
    generic: int = 0
    nth: int | None = None
    per: str | None = None
    #: ``nth`` counts only the spells matching ``spells`` (by card type): "the first artifact
    #: spell you cast each turn" (Artificer Class), not every spell (Monk Class).
    nth_matching: bool = False
    #: "Spells your opponents cast that target ~ cost {3} more to cast" (Pursued Whale): only for
    #: a spell one of whose targets is this permanent, known once targets are chosen (CR 601.2c,
    #: 601.2f) — once however many of its targets it is.
    targeting_self: bool = False


@dataclass(frozen=True, slots=True)
class CostChangeUntilYourNextTurn(Effect):
    """"Until your next turn, [``spells``] that player casts cost {N} less to cast" (CR 601.2f,
    611.2b): a resolved effect on the spells each player ``player`` names casts, until this
    effect's controller's next turn; ``generic`` negative for less. It changes a rule, so it
    applies to every such spell cast while it lasts (CR 611.2c)."""

    player: Ref
    spells: Filter
    generic: int


@dataclass(frozen=True, slots=True)
class CostChoice:
    """One of the costs of a :class:`ChooseOneCost`: sacrifice a permanent matching
    ``sacrifice``, discard a card matching ``discard``, or pay ``life`` life (CR 119.4)."""

    sacrifice: Filter | None = None
    discard: Filter | None = None
    life: int = 0


@dataclass(frozen=True, slots=True)
class ChooseOneCost(AdditionalCost):
    """"As an additional cost to cast this spell, sacrifice a creature, discard a card, or pay 4
    life" (CR 118.8, 601.2b): the caster chooses one of ``choices`` and pays it (601.2h)."""

    kind: str = "choose_one"
    filter: Filter = Filter()
    optional: bool = False
    choices: tuple[CostChoice, ...] = ()


@dataclass(frozen=True, slots=True)
class TargetPower(Count):
    """"where X is the power of the creature it targets" of "This ability costs {X} less to
    activate" (Belt of Giant Strength): the power of the ability's first target as its cost is
    determined, after its targets are chosen (CR 601.2f, 602.2b)."""

    what: str = "target_power"
