"""Replacement and prevention effects of static abilities (CR 614, 615), each a type of its own,
read by the rules module where the event they replace happens:

* :class:`ExileWithCounterInsteadOfDying` — "If a creature an opponent controls would die,
  instead exile it and put a [``counter``] counter on it" (Calculating Lich; CR 614.1a, 614.6),
  read by ``zones.replacements_for``;
* :class:`ExileInsteadOfDying` — "If a Warlock you control would die, exile it instead" (Lorcan,
  Warlock Collector; CR 614.1a, 614.6, 700.4), read by ``zones.replacements_for``;
* :class:`ExileInsteadOfGraveyard` — "If a card or token would be put into a graveyard from
  anywhere, exile it instead" (CR 614.1a, 614.6), read by ``zones.replacements_for``;
* :class:`AdditionalTreasure` — "If you would create one or more Treasure tokens, instead create
  those tokens plus an additional Treasure token" (Xorn; CR 614.1a), read by the handler of
  ``CreateToken``;
* :class:`PreventDamageToSelfYourTurn` — "As long as it's your turn, prevent all damage that would
  be dealt to this" (CR 615.1), read by ``effects.deal_damage``.
* :class:`PreventDamageToAttached` — "As long as you have a full party, prevent all damage that
  would be dealt to equipped creature" (CR 615.1), read by ``effects.deal_damage``.
* :class:`DoubleDamage` — "If a creature you control would deal damage to a permanent or player,
  it deals double that damage to that permanent or player instead" (CR 614.1a), read by
  ``effects.deal_damage``.

Their ``kind`` names them in the log and in the keys of applied replacements (CR 614.5).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Condition, Filter, Static


@dataclass(frozen=True, slots=True, eq=False)
class ExileWithCounterInsteadOfDying(Static):
    """A creature an opponent controls that would die is exiled with a ``counter`` counter instead."""

    kind: str = "replace_dies_exile_counter"


@dataclass(frozen=True, slots=True, eq=False)
class ExileInsteadOfDying(Static):
    """"If a Warlock you control would die, exile it instead" (Lorcan, Warlock Collector): a
    creature matching ``filter`` (from this permanent's controller's point of view) that would be
    put into a graveyard from the battlefield is exiled instead (CR 614.1a, 614.6, 700.4)."""

    kind: str = "replace_dies_exile"
    filter: Filter = Filter()


@dataclass(frozen=True, slots=True, eq=False)
class ExileInsteadOfGraveyard(Static):
    """A card or token that would be put into a graveyard is exiled instead."""

    kind: str = "replace_graveyard_exile"


@dataclass(frozen=True, slots=True, eq=False)
class AdditionalTreasure(Static):
    """Creating one or more Treasure tokens creates one more."""

    kind: str = "replace_treasure_plus_one"


@dataclass(frozen=True, slots=True, eq=False)
class PreventDamageToSelfYourTurn(Static):
    """Damage that would be dealt to this permanent during its controller's turn is prevented."""

    kind: str = "prevent_damage_to_self_your_turn"


@dataclass(frozen=True, slots=True, eq=False)
class PreventDamageToAttached(Static):
    """Damage that would be dealt to the permanent this Equipment or Aura is attached to is
    prevented, while ``cond`` holds for this permanent's controller (None: always)."""

    kind: str = "prevent_damage_to_attached"
    cond: Condition | None = None


@dataclass(frozen=True, slots=True, eq=False)
class DoubleDamage(Static):
    """"If a creature you control would deal damage to a permanent or player, it deals double
    that damage to that permanent or player instead" (CR 614.1a): damage from a source
    ``source`` matches (from this permanent's controller's point of view) is doubled as it would
    be dealt. Handled by :mod:`undercity.engine.damage_replacement`."""

    kind: str = "double_damage"
    source: Filter = Filter()
