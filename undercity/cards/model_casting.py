"""The effect language, grown for casting: cost changes, permissions to cast from a graveyard,
and amounts that look at a spell (CR 601.2b, 601.2f, 118.8, 202.3). Handled by
:mod:`undercity.engine.casting_more`.

* :class:`CostChange` — a static ability "[Spells] you cast cost {N} more / less to cast
  [for each …]" (CR 601.2f: increases are added to the mana cost or alternative cost being
  paid, then reductions are applied; the mana value doesn't change, CR 202.3).
* :class:`MayCastFromGraveyard` — "you may cast [target card] from your graveyard", as the
  ability resolves (CR 608.2g: timing permissions are ignored; its costs are paid), with
  "if a spell cast this way would be put into your graveyard, exile it instead".
* Additional costs are :class:`undercity.cards.model.AdditionalCost` (on the card);
  flashback is an :class:`undercity.cards.model.AltCost` with ``exile_leaving_stack``.
* Amounts: :data:`SPELL_MANA_VALUE` (the mana value of the spell that triggered the ability,
  CR 202.3) and :class:`PaidCostPower` (the power of the card revealed or the creature chosen
  for an additional cost — Dragon's Fire — or ``default`` if none was).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Count, Effect, Filter, Ref, Static, T

#: ``Static.kind`` of :class:`CostChange`.
COST_CHANGE = "cost_change"


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


@dataclass(frozen=True, slots=True)
class MayCastFromGraveyard(Effect):
    """"You may cast ``what`` from your graveyard" while this resolves (CR 608.2g, 601.2),
    paying its costs. ``exile_instead``: "If a spell cast from your graveyard this way would
    be put into your graveyard, exile it instead" (CR 614.1a)."""

    what: Ref = T(0)
    exile_instead: bool = False


#: "That spell's mana value" — the spell that triggered the ability (CR 202.3).
SPELL_MANA_VALUE = Count("spell_mana_value")


@dataclass(frozen=True, slots=True)
class PaidCostPower(Count):
    """The power of the card revealed or the creature chosen as an additional cost of this
    spell (its power as the spell resolves, or as it last existed on the battlefield), or
    ``default`` if neither was (Dragon's Fire)."""

    what: str = "additional_cost_power"
    default: int = 0
