"""Conditions (CR 603.4 intervening "if" clauses, "as long as", "Activate only if" 602.5b,
and "if …, instead" 608.2c), evaluated by :func:`undercity.engine.resolve.condition_holds`
with the checks of :mod:`undercity.engine.conditions`.

Each condition here is a type of its own (a ``model.Condition`` whose ``what`` names it in the
log and the parsed form), checked by the function :mod:`undercity.engine.conditions` registers
for that type (``resolve.checks``); build them with keywords (``NotCompleted(dungeon=…)``):

* :class:`NotCompleted` — "if you haven't completed [dungeon]";
* :class:`PackTactics` — "if you attacked with creatures with total power N or greater this
  combat";
* :class:`CreatureDiedThisTurn`, :class:`LandEnteredThisTurn` (under your control),
  :class:`CreatureCardToYourGraveyardThisTurn` — the turn's history;
* :class:`YourTurn`, :class:`YourMainPhase` (addendum, an ability word, CR 207.2c);
* :class:`InitiativeInAttack` — you or a player you're attacking has the initiative;
* :class:`OpponentMoreLands` — an opponent controls more lands than you;
* :class:`TwoOrMoreOpponents` — you have two or more opponents;
* :class:`AtMostHalfStartingLife` — your life total is at most half your starting life total;
* :class:`Controls` ("if you control [n or more] …"), :class:`TotalPower` ("if creatures you
  control have total power N or greater").

``Condition("completed_dungeon")``, ``"have_initiative"`` and ``"revolt"`` are the core's,
checked by :func:`undercity.engine.resolve.condition_holds` itself.

Abilities and effects with a condition: :class:`ActivatedIf`, :class:`IfElse` and
:class:`IfCastFrom` (the zone the resolving spell was cast from).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import CREATURE, Activated, Condition, Effect, Filter


@dataclass(frozen=True, slots=True)
class NotCompleted(Condition):
    """"If you haven't completed ``dungeon``" (Tomb of Annihilation: Acererak)."""

    what: str = "not_completed"
    dungeon: str = ""


@dataclass(frozen=True, slots=True)
class PackTactics(Condition):
    """Pack tactics: "if you attacked with creatures with total power ``power`` or greater this
    combat" — the power they had as they were declared as attackers."""

    what: str = "pack_tactics"
    power: int = 6


@dataclass(frozen=True, slots=True)
class CreatureDiedThisTurn(Condition):
    """"If a creature died this turn" (CR 700.4)."""

    what: str = "creature_died_this_turn"


@dataclass(frozen=True, slots=True)
class LandEnteredThisTurn(Condition):
    """"If a land entered the battlefield under your control this turn"."""

    what: str = "land_entered_this_turn"


@dataclass(frozen=True, slots=True)
class CreatureCardToYourGraveyardThisTurn(Condition):
    """"If a creature card was put into your graveyard from anywhere this turn" (a card, not a
    token, CR 111.7)."""

    what: str = "creature_card_to_your_graveyard_this_turn"


@dataclass(frozen=True, slots=True)
class YourTurn(Condition):
    """"During your turn", "as long as it's your turn"."""

    what: str = "your_turn"


@dataclass(frozen=True, slots=True)
class YourMainPhase(Condition):
    """Addendum: "if you cast this spell during your main phase" (CR 207.2c), checked as it
    resolves."""

    what: str = "your_main_phase"


@dataclass(frozen=True, slots=True)
class InitiativeInAttack(Condition):
    """"If you or a player you're attacking has the initiative" (CR 726)."""

    what: str = "initiative_in_attack"


@dataclass(frozen=True, slots=True)
class OpponentMoreLands(Condition):
    """"If an opponent controls more lands than you"."""

    what: str = "opponent_more_lands"


@dataclass(frozen=True, slots=True)
class TwoOrMoreOpponents(Condition):
    """"If you have two or more opponents" (CR 102.2-102.3: the players still in the game who
    aren't you or a teammate)."""

    what: str = "two_or_more_opponents"


@dataclass(frozen=True, slots=True)
class AtMostHalfStartingLife(Condition):
    """"If your life total is less than or equal to half your starting life total" (CR 103.4:
    the variant's starting life total; in Two-Headed Giant the team's, CR 810.9)."""

    what: str = "at_most_half_starting_life"


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
class IfCastFrom(Effect):
    """"If this spell was cast from ``zone``, [then] instead" (CR 608.2c): ``then`` if the
    resolving spell was cast from that zone (CR 601.2a), else ``otherwise`` — a copy wasn't cast
    at all (CR 707.10)."""

    zone: str
    then: tuple[Effect, ...]
    otherwise: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayedLandThisTurn(Condition):
    """"If you played a land this turn": its controller played a land this turn (CR 305.1) — not
    one put onto the battlefield otherwise (River of Tears, rulings of 2017-11-17)."""

    what: str = "played_land_this_turn"


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


@dataclass(frozen=True, slots=True)
class OpponentDealtDamageThisTurn(Condition):
    """"If an opponent was dealt ``n`` or more damage this turn" (Spinerock Knoll): one
    opponent's total, from any sources, whether or not this permanent was there (rulings
    2007-10-01); one who has left the game counts too."""

    what: str = "opponent_dealt_damage_this_turn"
    n: int = 7


@dataclass(frozen=True, slots=True)
class AttackedWithThisTurn(Condition):
    """"If you attacked with ``n`` or more creatures this turn" (Windbrisk Heights): different
    creatures declared as attackers at any point in the turn; one that entered attacking was
    never declared (CR 508.4; ruling 2007-10-01)."""

    what: str = "attacked_with_this_turn"
    n: int = 3


@dataclass(frozen=True, slots=True)
class CreatureCardsInGraveyard(Condition):
    """"If there are ``n`` or more creature cards in your graveyard" (Sigil of Myrkul, Gray
    Slaad): checked as the ability triggers and again as it resolves (CR 603.4), by the cards'
    types in the graveyard (CR 205.2a)."""

    what: str = "creature_cards_in_graveyard"
    n: int = 4


def at_least(before: str, n: int) -> Condition:
    """The condition an ``AtLeastCondition`` of the compiler names, by the words before its
    number (``Parser._AT_LEAST``): hideaway's "if …" and triggers' intervening "if" (CR 603.4)."""
    if before == "creatures you control have total power":
        return TotalPower(n=n)
    if before == "an opponent was dealt":
        return OpponentDealtDamageThisTurn(n=n)
    if before == "there are":
        return CreatureCardsInGraveyard(n=n)
    if before == "you attacked with creatures with total power":
        return PackTactics(power=n)  # as they were declared (CR 508.1, 603.4)
    return AttackedWithThisTurn(n=n)
