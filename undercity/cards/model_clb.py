"""The effect language, grown for the initiative cards of Commander Legends: Battle for
Baldur's Gate (issue 5): effects, triggers and abilities that :mod:`undercity.cards.model`
lacked. Every effect type here has a handler in :mod:`undercity.engine.effects_clb`.

Triggers (their watcher is :func:`undercity.engine.effects_clb.watch`):

* :class:`AttackPlayer` — "Whenever you attack the player who has the initiative"
  (CR 508.3e). (Plain "Whenever you attack", CR 508.3d, and "Whenever you complete a dungeon"
  are ``Trigger("you_attack")`` and ``Trigger("complete_dungeon")`` of
  :mod:`undercity.cards.model_afr`, detected by :mod:`undercity.engine.effects_afr`.)
* :class:`BecomesBlocked` — "Whenever this creature becomes blocked by a creature" (once per
  blocker, CR 509.3d) or "Whenever equipped creature becomes blocked" (once per combat,
  CR 509.3c).
* Ward (CR 702.21a) is ``Trigger("becomes_target")`` with ``CounterUnlessPays`` of
  :mod:`undercity.cards.model_afr`.
* "At the beginning of each opponent's upkeep" is ``Trigger("beginning_of", step="upkeep",
  whose="opponent")`` (CR 805.4d: once per opponent's turn).

Conditions (``Condition.what``) added by :mod:`undercity.engine.effects_clb`:
``initiative_in_attack`` — you or a player you're attacking has the initiative;
``creature_card_to_your_graveyard_this_turn`` (Cloakwood Hermit).

Static ability kinds (``Static.kind``) added here: ``enters_tapped`` (CR 614.1c),
``assigns_damage_by_toughness`` (CR 510.1a, Rasaad yn Bashir). Dungeon Delver's "Commander
creatures you own have …" is a ``model.Grant`` (layer 6, CR 613.1f).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import (
    CREATURE,
    TRIGGER_OBJECT,
    Activated,
    AddMana,
    Amount,
    Condition,
    Effect,
    Filter,
    Ref,
    Trigger,
)

# ---------------------------------------------------------------------------------------
# References.

#: In a "becomes blocked by a creature" trigger: the blocking creature (CR 509.3d).
TRIGGER_BLOCKER = Ref("trigger_blocker")

# ---------------------------------------------------------------------------------------
# Triggers.


@dataclass(frozen=True, slots=True)
class AttackPlayer(Trigger):
    """"Whenever you attack [the player who has the initiative]": one or more creatures you
    control are declared as attackers attacking that player (CR 508.3e) — not their
    planeswalkers, and not creatures put onto the battlefield attacking (CR 508.4).
    ``defender``: ``initiative``."""

    event: str = "you_attack_player"
    defender: str = "initiative"


@dataclass(frozen=True, slots=True)
class BecomesBlocked(Trigger):
    """"Whenever [this creature] becomes blocked by a creature" (``by_each``: once for each
    blocker, CR 509.3d) or "Whenever [it] becomes blocked" (once, CR 509.3c).
    ``equipped``: the creature is the one this Equipment is attached to."""

    event: str = "becomes_blocked"
    by_each: bool = False
    equipped: bool = False


# ---------------------------------------------------------------------------------------
# Abilities.


@dataclass(frozen=True, slots=True, eq=False)
class ActivatedIf(Activated):
    """An activated ability with "Activate only if [condition]" (CR 602.5b)."""

    only_if: Condition | None = None


# ---------------------------------------------------------------------------------------
# Effects.


@dataclass(frozen=True, slots=True)
class IfElse(Effect):
    """"If [condition], [then] (instead)" — checked as this part of the effect happens
    (CR 608.2c): ``then`` if it holds, else ``otherwise``."""

    cond: Condition
    then: tuple[Effect, ...]
    otherwise: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class AddManaIf(AddMana):
    """A mana ability's effect "Add [mana]. If [condition], add [mana_if] instead."
    (Sarevok's Tome, Undermountain Adventurer), decided as it resolves (CR 605.3a)."""

    cond: Condition = Condition("completed_dungeon")
    mana_if: str = ""


@dataclass(frozen=True, slots=True)
class DoubleToughness(Effect):
    """Double the toughness of ``what`` until end of turn: each gets +0/+X, X its toughness
    as this resolves (CR 701.10b-c)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class Explore(Effect):
    """``what`` explores (CR 701.44)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class Untap(Effect):
    """Untap ``what`` (every object it names)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class UntapOne(Effect):
    """Untap a permanent you control matching ``filter``, chosen as this resolves."""

    filter: Filter = CREATURE


@dataclass(frozen=True, slots=True)
class CreateTokensAttacking(Effect):
    """Create ``n`` ``token`` tokens that are tapped and attacking (CR 508.4: their
    controller chooses what each attacks; they never "attacked")."""

    token: str
    n: Amount = 1


@dataclass(frozen=True, slots=True)
class SearchAny(Effect):
    """Search your library for up to ``n`` cards each matching any of ``filters``, put them
    onto the battlefield (``tapped``), then shuffle (CR 701.23). Explore the Underdark."""

    filters: tuple[Filter, ...]
    n: int = 1
    tapped: bool = True


@dataclass(frozen=True, slots=True)
class DamageBlockers(Effect):
    """The attacking creature ``of`` deals ``n`` damage to each creature blocking it
    (Trailblazer's Torch)."""

    n: Amount
    of: Ref = TRIGGER_OBJECT


@dataclass(frozen=True, slots=True)
class ControllerLosesLife(Effect):
    """The controller of the object ``of`` loses ``n`` life (its last known controller if it
    has left the battlefield, CR 608.2h)."""

    n: Amount
    of: Ref = TRIGGER_BLOCKER


@dataclass(frozen=True, slots=True)
class ExileTopPlayThisTurn(Effect):
    """Exile the top card of your library; you may play it this turn — without paying its
    mana cost if ``free_if`` holds as this resolves (Caves of Chaos Adventurer)."""

    free_if: Condition | None = None


@dataclass(frozen=True, slots=True)
class ExileUntilNonlandCastFree(Effect):
    """Exile cards from the top of your library until you exile a nonland card; you may cast
    that card without paying its mana cost (CR 608.2g, 118.9). Sarevok's Tome."""
