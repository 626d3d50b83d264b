"""Conditions (CR 603.4 intervening "if" clauses, "as long as", "Activate only if" 602.5b,
and "if …, instead" 608.2c), evaluated by :func:`undercity.engine.resolve.condition_holds`
with the checks of :mod:`undercity.engine.conditions`.

Typed conditions: :class:`ConditionOn` (a condition with an argument: ``not_completed`` a
named dungeon, ``pack_tactics`` N), :class:`Controls` ("if you control [n or more] …"),
:class:`TotalPower` ("if creatures you control have total power N or greater").

Named conditions (``Condition.what``): ``completed_dungeon`` (of the core),
``creature_died_this_turn``, ``land_entered_this_turn`` (under your control), ``your_turn``,
``initiative_in_attack`` (you or a player you're attacking has the initiative),
``creature_card_to_your_graveyard_this_turn``, ``opponent_more_lands`` (an opponent controls
more lands than you) and ``your_main_phase`` (addendum, an ability word, CR 207.2c).

Abilities and effects with a condition: :class:`ActivatedIf` and :class:`IfElse`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import CREATURE, Activated, Condition, Effect, Filter


@dataclass(frozen=True, slots=True)
class ConditionOn(Condition):
    """A condition with an argument: ``not_completed`` a named dungeon, ``pack_tactics`` N."""

    arg: str = ""


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
class Controls(Condition):
    """"If you control [``n`` or more] permanents matching ``filter``" (CR 603.4)."""

    what: str = "controls"
    filter: Filter = CREATURE
    n: int = 1


@dataclass(frozen=True, slots=True)
class TotalPower(Condition):
    """"If creatures you control have total power ``n`` or greater" (CR 603.4)."""

    what: str = "total_power"
    n: int = 8
