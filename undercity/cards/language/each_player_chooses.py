"""Choices every player makes in turn (CR 101.4, 101.4b-c): "starting with you, each player may
choose an artifact or enchantment you don't control. Destroy each permanent chosen this way."
(Druid of Purification) and "each player chooses an artifact, a creature, an enchantment, and a
planeswalker from among the nonland permanents they control, then sacrifices the rest."
(Cataclysmic Gearhulk), and "each player chooses a number of lands they control equal to the
number of lands controlled by the player who controls the fewest, then sacrifices the rest.
Players discard cards and sacrifice creatures the same way." (Magus of the Balance). Each player knows the choices made before theirs; then everything
chosen is destroyed, or everything not chosen sacrificed, at once. Handled by
:mod:`undercity.engine.each_player_chooses`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Filter


@dataclass(frozen=True, slots=True)
class EachMayChooseDestroy(Effect):
    """In turn order starting with the controller, each player may choose one permanent matching
    ``filter`` (and, with ``not_yours``, not controlled by the ability's controller — CR 109.5:
    "you" is the controller); then every permanent chosen is destroyed (CR 701.8a)."""

    filter: Filter
    not_yours: bool = False


@dataclass(frozen=True, slots=True)
class ChooseEachSacrificeRest(Effect):
    """In APNAP order (CR 101.4) each player chooses, for each of ``kinds``, one permanent of
    that kind among the permanents matching ``among`` they control (one permanent may be chosen
    for several kinds; a kind they have none of is skipped); then each sacrifices the other
    permanents matching ``among`` they control, all at once (CR 701.21a)."""

    kinds: tuple[Filter, ...]
    among: Filter


@dataclass(frozen=True, slots=True)
class SacrificeToFewest(Effect):
    """In APNAP order (CR 101.4) each player chooses as many of the permanents matching ``filter``
    they control as the player who controls the fewest controls; then each sacrifices the rest,
    all at once (CR 701.21a) — Magus of the Balance (ruling 2018-07-13)."""

    filter: Filter


@dataclass(frozen=True, slots=True)
class DiscardToFewest(Effect):
    """The same with the cards in each player's hand, the rest discarded at once (CR 701.9a);
    each player chooses without seeing the cards the others chose (ruling 2018-07-13)."""
