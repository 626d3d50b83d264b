"""The effect language, grown for the venture and completed-dungeon cards of Adventures in
the Forgotten Realms and Forgotten Realms Commander (cards/pool/afr_venture.py).

Everything here is data, like :mod:`undercity.cards.model`; the handlers, trigger watchers,
static-ability functions and conditions live in :mod:`undercity.engine.effects_afr`.

New trigger events (``Trigger.event``), detected by ``effects_afr.watch``:

* ``combat_damage_to_player`` — this creature deals combat damage to a player (once per
  damage event: a double striker triggers in both damage steps).
* ``one_or_more_combat_damage_to_player`` — one or more creatures you control deal combat
  damage to a player: once per damaged player per combat damage step.
* ``dealt_damage`` — this permanent is dealt damage; simultaneous combat damage from several
  sources is one event (one trigger).
* ``complete_dungeon`` — you complete a dungeon (CR 309.7). With :class:`ZoneTrigger`
  ``zone="graveyard"`` it functions while the card is in its owner's graveyard.
* ``equipped_attacks`` — the creature this Equipment is attached to attacks.
* ``you_attack`` — you attack with one or more creatures (once per combat).
* ``sacrifice`` — you sacrifice a permanent matching ``filter``.
* ``creature_cards_to_your_graveyard`` — one or more creature cards are put into your
  graveyard from anywhere (use with ``once_each_turn``).
* ``self_or_other_enters`` — this, or another creature matching ``filter``, enters under
  your control.
* ``cast_once`` — like ``cast`` (a spell matching ``filter`` by you), for abilities that
  trigger only once each turn.
* ``becomes_target`` — this permanent becomes the target of a spell or ability an opponent
  controls (ward, CR 702.21a).

New conditions (``Condition.what``, intervening "if" clauses and "as long as"):
``not_completed`` (with :class:`ConditionOn` ``arg`` = a dungeon's name), ``creature_died_this_turn``,
``land_entered_this_turn`` (under your control), ``pack_tactics`` (you attacked with total
power ``int(arg)`` or more this combat), ``your_turn``; and ``completed_dungeon`` of the core.
"""

from __future__ import annotations

from dataclasses import dataclass

# Ward's counter lives with ward (CR 702.21); the name stays importable from here.
from undercity.cards.language.ward import CounterUnlessPays  # noqa: F401
from undercity.cards.model import (
    CREATURE,
    Condition,
    Effect,
    Filter,
    Ref,
    Static,
    Trigger,
)

# ---------------------------------------------------------------------------------------
# Triggers and conditions.


@dataclass(frozen=True, slots=True)
class ZoneTrigger(Trigger):
    """A trigger that functions from ``zone`` — "you may return this card from your graveyard
    to your hand" functions only in the graveyard (CR 113.6m) — and/or that triggers at most
    once each turn ("This ability triggers only once each turn")."""

    zone: str = "battlefield"
    once_each_turn: bool = False


@dataclass(frozen=True, slots=True)
class ConditionOn(Condition):
    """A condition with an argument: ``not_completed`` a named dungeon, ``pack_tactics`` N."""

    arg: str = ""


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


# ---------------------------------------------------------------------------------------
# Effects.


@dataclass(frozen=True, slots=True)
class ReturnSourceCard(Effect):
    """Return the source card from ``from_zone`` to ``to`` — "return this card from your
    graveyard to your hand" (Dungeon Crawler). Does nothing if it has left that zone
    (CR 400.7: it would be a new object)."""

    from_zone: str = "graveyard"
    to: str = "hand"


@dataclass(frozen=True, slots=True)
class ReturnUpToOne(Effect):
    """Return up to one card matching ``filter`` from your graveyard to ``to`` — not targeted,
    chosen on resolution — if ``if_`` holds then (Barrowin of Clan Undurr)."""

    filter: Filter = CREATURE
    to: str = "battlefield"
    if_: Condition | None = None


@dataclass(frozen=True, slots=True)
class TokenUnlessSacrifice(Effect):
    """For each opponent, you create a ``token`` unless that player sacrifices a permanent
    matching ``filter`` of their choice; opponents decide in turn order, then everything
    happens at once (Acererak the Archlich)."""

    token: str
    filter: Filter = CREATURE


@dataclass(frozen=True, slots=True)
class CantBeBlockedBy(Effect):
    """``what`` can't be blocked by creatures matching ``filter`` this turn (Kick in the Door)."""

    what: Ref
    filter: Filter


@dataclass(frozen=True, slots=True)
class CantBlock(Effect):
    """``what`` can't block this turn (Fifty Feet of Rope — Climb Over)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class DoesntUntapNext(Effect):
    """``what`` doesn't untap during its controller's next untap step (CR 502.3; Tie Up)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class AttachTo(Effect):
    """Attach this Equipment to ``what`` (equip, CR 702.6a, 701.3)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class BecomeUntilEOT(Effect):
    """``what`` becomes a ``creature_type`` with base power and toughness ``base`` and gains
    ``keywords`` until end of turn; it loses its other creature types (CR 205.1b, 613.4b;
    Eccentric Apprentice)."""

    what: Ref
    creature_type: str
    base: tuple[int, int]
    keywords: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class LookRevealToHand(Effect):
    """Look at the top ``n`` cards of your library; you may reveal a card matching ``filter``
    from among them and put it into your hand; if it's legendary you gain ``legendary_life``
    life; put the rest on the bottom of your library in a random order (Ellywick Tumblestrum)."""

    n: int
    filter: Filter = CREATURE
    legendary_life: int = 0


@dataclass(frozen=True, slots=True)
class GetEmblem(Effect):
    """You get an emblem (CR 114.2) of ``kind`` (what it does is in effects_afr), with ``text``."""

    kind: str
    text: str


@dataclass(frozen=True, slots=True)
class LoseAllAbilitiesWhileTapped(Effect):
    """For as long as this permanent remains tapped, ``what`` loses all abilities (layer 6,
    CR 613.1f) and, with ``cant_attack_or_block``, can't attack or block (Immovable Rod).
    The duration ends when this permanent untaps or leaves the battlefield; if it is already
    untapped as the effect would begin, the effect does nothing (CR 611.2b)."""

    what: Ref
    cant_attack_or_block: bool = True
