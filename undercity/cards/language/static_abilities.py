"""Static abilities with a kind and an optional condition (CR 604: "as long as …"): the
rule-modifying static abilities that change a rule, each a type of its own, asked by the rules module where
that rule applies through :mod:`undercity.engine.static_abilities`: :class:`PlayerHexproof`
(CR 702.11c, targeting), :class:`CantBeTargetedByOpponents` (CR 115.1, targeting),
:class:`VentureOnceEachTurn` (CR 101.2, dungeons),
:class:`RoomAbilitiesTriggerAgain` (CR 603.2d, dungeons), :class:`AssignsDamageByToughness`
(CR 510.1a, combat), :class:`AssignsAsThoughUnblocked` (CR 510.1b-c, combat), :class:`NoMaximumHandSize` (CR 402.2, turn),
:class:`ChosenNameCantActivate` (CR 602.5, casting and costs), :class:`UnblockableExcept` and
:class:`UnblockableAlone` (CR 509.1b, 506.5, combat through block_restrictions). :class:`StaticIf`
holds the kinds the layer system and zones read (conditional P/T and keywords, entering
tapped).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Condition, Filter, Static

# ---------------------------------------------------------------------------------------
# Static abilities.


@dataclass(frozen=True, slots=True, eq=False)
class StaticIf(Static):
    """A static ability with a condition (CR 604, "as long as …").

    kind ``anthem_if``: other creatures matching ``filter`` you control get +p/+t while ``cond``.
    kind ``attached_pump_or``: the permanent this is attached to gets +p/+t, or +alt_p/+alt_t
    instead while ``cond`` holds for this permanent's controller (Precipitous Drop).
    kind ``enters_tapped``: this permanent enters tapped (CR 603.6d, 614.1d).
    kind ``enters_tapped_unless``: this permanent enters tapped unless ``cond`` holds for the
    player it would enter under, checked as it would enter (CR 614.1c, 614.12; Canopy Vista).
    kind ``enters_tapped_if``: this permanent enters tapped if ``cond`` holds, likewise (Den of
    the Bugbear).
    kind ``may_not_untap``: you may choose not to untap this permanent during your untap step
    (CR 502.3; Immovable Rod).

    Trigger event ``becomes_untapped`` (a plain :class:`Trigger`): whenever this permanent
    becomes untapped, for any reason (Immovable Rod; CR 603.2).
    """

    cond: Condition | None = None
    filter: Filter | None = None
    alt_p: int = 0
    alt_t: int = 0



@dataclass(frozen=True, slots=True, eq=False)
class PlayerHexproof(Static):
    """"You have hexproof" (CR 702.11c: you can't be the target of spells or abilities your
    opponents control)."""

    kind: str = "player_hexproof"


@dataclass(frozen=True, slots=True, eq=False)
class CantBeTargetedByOpponents(Static):
    """"Enchanted creature can't be the target of spells or abilities your opponents control"
    (Shielding Plax; CR 115.1, 601.2c): no opponent of this permanent's controller may choose
    ``affects`` as a target — whoever controls it (not hexproof, CR 702.11b: a ruling of
    Shielding Plax)."""

    kind: str = "cant_be_targeted_by_opponents"


@dataclass(frozen=True, slots=True, eq=False)
class VentureOnceEachTurn(Static):
    """"Each opponent can't venture into the dungeon more than once each turn" (Keen-Eared
    Sentry; CR 101.2)."""

    kind: str = "opponents_venture_once_each_turn"


@dataclass(frozen=True, slots=True, eq=False)
class RoomAbilitiesTriggerAgain(Static):
    """"Room abilities of dungeons you own trigger an additional time" (Hama Pashar; CR 603.2d)."""

    kind: str = "room_abilities_trigger_additional_time"


@dataclass(frozen=True, slots=True, eq=False)
class AssignsDamageByToughness(Static):
    """"Each creature you control assigns combat damage equal to its toughness rather than its
    power" (Rasaad yn Bashir; CR 510.1a)."""

    kind: str = "assigns_damage_by_toughness"


@dataclass(frozen=True, slots=True, eq=False)
class AssignsAsThoughUnblocked(Static):
    """"Enchanted creature's controller may have it assign its combat damage as though it weren't
    blocked" (Indomitable Might): a blocked attacker this Aura or Equipment is attached to may
    assign all its combat damage to what it attacks, as an unblocked one does (CR 510.1b) instead
    of to its blockers (510.1c) — all or nothing (ruling 2021-07-23)."""

    kind: str = "assigns_as_though_unblocked"


@dataclass(frozen=True, slots=True, eq=False)
class NoMaximumHandSize(Static):
    """"You have no maximum hand size" (CR 402.2: no discard in the cleanup step, 514.1)."""

    kind: str = "no_max_hand_size"


@dataclass(frozen=True, slots=True, eq=False)
class CastAsThoughFlash(Static):
    """"You may cast spells as though they had flash" (CR 702.8a, 307.1): its controller may cast
    spells any time they could cast an instant (asked by ``casting.timing_ok``) — only spells of
    one of the card types ``spells`` if any ("creature spells", Vivien, Champion of the Wilds)."""

    kind: str = "cast_as_though_flash"
    spells: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True, eq=False)
class UnblockableExcept(Static):
    """"Creatures you control can't be blocked except by creatures matching ``filter``" (CR 509.1b)."""

    kind: str = "unblockable_except"
    filter: Filter | None = None


@dataclass(frozen=True, slots=True, eq=False)
class UnblockableAlone(Static):
    """"This creature can't be blocked as long as it's attacking alone" (CR 506.5, 509.1b)."""

    kind: str = "unblockable_alone"


@dataclass(frozen=True, slots=True, eq=False)
class ChosenNameCantActivate(Static):
    """"Activated abilities of sources with the chosen name can't be activated" (Phyrexian
    Revoker): the card name this permanent chose as it entered (CR 201.3, 614.12a); in every
    zone, mana abilities and loyalty abilities too (CR 602.1, 605.1a, 606.3; ruling 2020-08-07)."""

    kind: str = "chosen_name_cant_activate"
