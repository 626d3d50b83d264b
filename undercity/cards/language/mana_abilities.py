"""Mana abilities' effects beyond a fixed amount of mana (CR 605, 106): mana that depends on a
condition, on a count, or on the commander's color identity (CR 903.4). Handled by
:mod:`undercity.engine.mana_abilities`, which also tells the payment planner what they add.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.language.mana_spending import SpendOnly
from undercity.cards.model import CREATURE, Activated, AddMana, Amount, Condition, Count, Effect, Filter


@dataclass(frozen=True, slots=True)
class AddManaIf(AddMana):
    """A mana ability's effect "Add [mana]. If [condition], add [mana_if] instead."
    (Sarevok's Tome, Undermountain Adventurer), decided as it resolves (CR 605.3a)."""

    cond: Condition = Condition("completed_dungeon")
    mana_if: str = ""


@dataclass(frozen=True, slots=True)
class AddManaIdentity(AddMana):
    """"Add one mana of any color in your commander's color identity" (CR 903.4; 903.4f: with
    no commander, or one with a colorless identity, it should add no mana). A mana ability's effect
    (CR 605): with a one-color identity it adds that color; with several, one mana of any
    color (the payment planner cannot yet restrict "any color" to a subset); with none, {C}
    (the planner's mana sources must add at least one mana)."""

    #: What the rest of the engine sees without the game (the AI's color estimates); what it
    #: adds is computed by engine.mana_abilities from the commanders.
    mana: str = "any"


@dataclass(frozen=True, slots=True)
class AddManaPer(AddMana):
    """A mana ability's effect "Add [``mana``] for each [``per``] you control" (Circle of
    Dreams Druid: {G} for each creature, itself included, CR 605.3a)."""

    per: Filter = CREATURE


@dataclass(frozen=True, slots=True)
class AddManaFor(AddMana):
    """"Add {B} for each charge counter on ~" (Black Market's triggered ability, CR 106.4): ``mana``
    as many times as ``n`` counts as it resolves (CR 608.2h). A mana ability's too ("{T}: Add {C}
    for each charge counter on ~", CR 605.3a): the payment planner counts the counters on its
    source (``engine.mana_abilities.produced``)."""

    n: Count | None = None


@dataclass(frozen=True, slots=True)
class AddManaCombination(Effect):
    """"Add X mana in any combination of {R} and/or {G}" (CR 106.1b, 106.4): ``n`` mana, each of
    one of ``colors`` ("of colors": all five), the split chosen by the controller as it resolves
    (CR 608.2d) — an ability on the stack (a loyalty ability is never a mana ability, CR 605.1a).
    ``only``: the "Spend this mana only to cast spells" after it (CR 106.6); ``kept``: "Until end
    of turn, you don't lose this mana as steps and phases end" (CR 106.4)."""

    colors: str
    n: Amount = 1
    only: SpendOnly | None = None
    kept: bool = False


@dataclass(frozen=True, slots=True)
class AddManaOfOneColor(Effect):
    """A spell's "add ``n`` mana of any one color" as it resolves (CR 106.3, 106.1b: the player
    chooses one color for all of it) — only if the spell was cast from ``if_cast_from`` ("If this
    spell was cast from your hand", Apex of Power; a copy wasn't cast, CR 707.10)."""

    n: int = 1
    if_cast_from: str | None = None


@dataclass(frozen=True, slots=True, eq=False)
class ChosenManaAbility(Activated):
    """A mana ability whose mana its controller chooses as it is activated: "{T}, Remove X
    storage counters from ~: Add X mana in any combination of colors." (Crucible of the Spirit
    Dragon). It is a mana ability (CR 605.1a: no target, it adds mana, not a loyalty ability) and
    resolves at once, without the stack (CR 605.3b); its controller activates it while they have
    priority (CR 605.3a) — it is offered in the priority listing, since the payment planner plans
    only mana abilities whose mana is fixed (``mana_ability`` stays False for the planner).
    Activated by :mod:`undercity.engine.mana_abilities` (job ``mana_ability``)."""
