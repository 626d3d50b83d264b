"""Static abilities with a kind and an optional condition (CR 604: "as long as …"): the
rule-modifying static abilities that the rules modules ask for where their rule applies (see
:class:`StaticIf` for each kind and who asks), and "You have no maximum hand size"
(:data:`NO_MAX_HAND_SIZE`, CR 402.2, asked by :mod:`undercity.engine.turn`).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Condition, Filter, Static

# ---------------------------------------------------------------------------------------
# Static abilities.


@dataclass(frozen=True, slots=True, eq=False)
class StaticIf(Static):
    """A static ability with a condition (CR 604, "as long as …").

    kind ``pump_self_if``: this permanent gets +p/+t and ``keywords`` while ``cond`` holds
    (for its controller).
    kind ``anthem_if``: other creatures matching ``filter`` you control get +p/+t while ``cond``.
    kind ``attached_pump_or``: the permanent this is attached to gets +p/+t, or +alt_p/+alt_t
    instead while ``cond`` holds for this permanent's controller (Precipitous Drop).
    kind ``player_hexproof``: you have hexproof (CR 702.11c).
    kind ``opponents_venture_once_each_turn``: each opponent can't venture into the dungeon
    more than once each turn (Keen-Eared Sentry; CR 101.2).
    kind ``room_abilities_trigger_additional_time``: room abilities of dungeons you own
    trigger an additional time (Hama Pashar; CR 603.2d).
    kind ``enters_tapped``: this permanent enters tapped (CR 603.6d, 614.1d).
    kind ``enters_tapped_unless``: this permanent enters tapped unless ``cond`` holds for the
    player it would enter under, checked as it would enter (CR 614.1c, 614.12; Canopy Vista).
    kind ``unblockable_except``: creatures you control can't be blocked except by creatures
    matching ``filter`` (CR 509.1b).
    kind ``unblockable_alone``: this creature can't be blocked as long as it's attacking alone
    (CR 506.5, 509.1b).
    kind ``may_not_untap``: you may choose not to untap this permanent during your untap step
    (CR 502.3; Immovable Rod).

    Trigger event ``becomes_untapped`` (a plain :class:`Trigger`): whenever this permanent
    becomes untapped, for any reason (Immovable Rod; CR 603.2).
    """

    cond: Condition | None = None
    filter: Filter | None = None
    alt_p: int = 0
    alt_t: int = 0

#: ``Static.kind``: "You have no maximum hand size" (CR 402.2).
NO_MAX_HAND_SIZE = "no_max_hand_size"
