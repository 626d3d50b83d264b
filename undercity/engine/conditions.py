"""Conditions (CR 603.4, 608.2c): the checks of the conditions of
:mod:`undercity.cards.language.conditions`, each registered for its type (``resolve.checks``), the turn's
history they read, and "if …, [then] (instead)" (:class:`IfElse`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from undercity.cards import model as m
from undercity.cards.language.conditions import (
    AtMostHalfStartingLife,
    AttackedWithThisTurn,
    Controls,
    CreatureCardsInGraveyard,
    CreatureCardToYourGraveyardThisTurn,
    CreatureDiedThisTurn,
    IfCastFrom,
    IfElse,
    InitiativeInAttack,
    LandEnteredThisTurn,
    NotCompleted,
    OpponentDealtDamageThisTurn,
    OpponentMoreLands,
    PackTactics,
    PlayedLandThisTurn,
    TotalPower,
    TwoOrMoreOpponents,
    YourMainPhase,
    YourTurn,
)
from undercity.cards.model import Condition
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import layers, resolve, targeting, triggers
from undercity.engine.effects import handles, run_in_order
from undercity.engine.state import MAIN_STEPS, Job, StackItem
from undercity.engine.teams import is_active

if TYPE_CHECKING:
    from undercity.engine.game import Game

# ``State.extra`` keys for the turn's history.
DIED = "creature_died_turn"  # the last turn in which a creature died
LAND_ENTERED = "land_entered_turn"  # player -> the last turn a land entered under their control
ATTACK_POWER = "attack_power_this_combat"  # player -> (turn, total power of the creatures they attacked with)


# ----------------------------------------------------------------------------- conditions


@resolve.checks(NotCompleted)
def _cond_not_completed(g: Game, cond: Condition, controller: int) -> bool:
    assert isinstance(cond, NotCompleted)
    return cond.dungeon not in g.s.players[controller].completed


@resolve.checks(PlayedLandThisTurn)
def _cond_played_land(g: Game, cond: Condition, controller: int) -> bool:
    return g.s.players[controller].lands_played > 0  # reset as each turn begins (CR 305.2)


@resolve.checks(CreatureDiedThisTurn)
def _cond_creature_died(g: Game, cond: Condition, controller: int) -> bool:
    return g.s.extra.get(DIED) == g.s.turn


@resolve.checks(LandEnteredThisTurn)
def _cond_land_entered(g: Game, cond: Condition, controller: int) -> bool:
    return g.s.extra.get(LAND_ENTERED, {}).get(controller) == g.s.turn


def attack_power(g: Game, player: int) -> int:
    """The total power of the creatures ``player`` attacked with this combat, as they were
    declared: recorded the first time it is asked after the declaration (all attackers are
    declared before any attack trigger is checked, CR 508.1, 508.2)."""
    s = g.s
    powers = s.extra.setdefault(ATTACK_POWER, {})
    rec = powers.get(player)
    if rec is None or rec[0] != s.turn:
        c = s.combat
        total = sum(ch.power(g, s.objs[a]) for a in c.attackers
                    if a in s.objs and s.objs[a].controller == player) if c is not None else 0
        rec = powers[player] = (s.turn, total)
    return int(rec[1])


@resolve.checks(PackTactics)
def _cond_pack_tactics(g: Game, cond: Condition, controller: int) -> bool:
    """Pack tactics: "if you attacked with creatures with total power N or greater this
    combat" — the power they had as they were declared as attackers."""
    assert isinstance(cond, PackTactics)
    return attack_power(g, controller) >= cond.power


@resolve.checks(YourTurn)
def _cond_your_turn(g: Game, cond: Condition, controller: int) -> bool:
    return is_active(g, controller)


# ----------------------------------------------------------------------------- conditions


@resolve.checks(InitiativeInAttack)
def _initiative_in_attack(g: Game, cond: m.Condition, controller: int) -> bool:
    """"If you or a player you're attacking has the initiative" (Undercellar Sweep): a player
    you're attacking is one a creature you control is attacking (not their planeswalkers)."""
    s = g.s
    holder = s.initiative
    if holder is None:
        return False
    if holder == controller:
        return True
    c = s.combat
    return c is not None and any(d == ("p", holder) and a in s.objs and s.objs[a].controller == controller
                                 for a, d in c.attackers.items())


#: ``State.extra`` key: player -> the last turn a creature card was put into their graveyard.
CREATURE_CARD_TO_GRAVEYARD = "creature_card_to_graveyard_turn"


@resolve.checks(CreatureCardToYourGraveyardThisTurn)
def _creature_card_to_graveyard(g: Game, cond: m.Condition, controller: int) -> bool:
    """"If a creature card was put into your graveyard from anywhere this turn" (Cloakwood
    Hermit; CR 603.4): a card — not a token (CR 111.7) — from any zone."""
    return g.s.extra.get(CREATURE_CARD_TO_GRAVEYARD, {}).get(controller) == g.s.turn


def record_creature_card_to_graveyard(g: Game, e: ev.ZoneChanged) -> None:
    if e.to_zone != "graveyard" or e.token:
        return
    new = g.s.objs.get(e.new_obj)
    if new is not None and "Creature" in new.card.types:
        g.s.extra.setdefault(CREATURE_CARD_TO_GRAVEYARD, {})[new.owner] = g.s.turn


# ----------------------------------------------------------------------------- effects


@handles(IfElse)
def h_if_else(g: Game, job: Job, item: StackItem, e: IfElse, key: str) -> None:
    """The condition is checked once, as this part of the effect begins (CR 608.2c); the
    chosen effects then run in order, each at most once even if the job runs again."""
    ck = key + ":if"
    if ck not in job.data:
        job.data[ck] = resolve.condition_holds(g, e.cond, item.controller)
    run_in_order(g, job, item, e.then if job.data[ck] else e.otherwise, key)


@handles(IfCastFrom)
def h_if_cast_from(g: Game, job: Job, item: StackItem, e: IfCastFrom, key: str) -> None:
    """The zone the spell was cast from (CR 601.2a, recorded as it was cast), checked as it
    resolves (CR 608.2c); a copy of it wasn't cast (CR 707.10), so it does ``otherwise``."""
    cast_from = not item.is_copy and item.trigger_data.get("from_zone") == e.zone
    run_in_order(g, job, item, e.then if cast_from else e.otherwise, key)


# ----------------------------------------------------------------------------- conditions


@resolve.checks(Controls)
def _controls(g: Game, cond: m.Condition, controller: int) -> bool:
    assert isinstance(cond, Controls)
    s = g.s
    n = sum(1 for oid in s.battlefield if s.objs[oid].controller == controller
            and targeting.matches(g, s.objs[oid], cond.filter, controller))
    return n >= cond.n


@resolve.checks(TotalPower)
def _total_power(g: Game, cond: m.Condition, controller: int) -> bool:
    assert isinstance(cond, TotalPower)
    s = g.s
    total = sum(max(ch.power(g, s.objs[oid]), 0) for oid in s.battlefield
                if s.objs[oid].controller == controller and ch.is_creature(s.objs[oid]))
    return total >= cond.n


# ----------------------------------------------------------------------------- conditions


def _lands(g: Game, player: int) -> int:
    s = g.s
    return sum(1 for oid in s.battlefield if s.objs[oid].controller == player and "Land" in s.objs[oid].card.types)


@resolve.checks(OpponentMoreLands)
def _opponent_more_lands(g: Game, cond: m.Condition, controller: int) -> bool:
    """"If an opponent controls more lands than you" (Loyal Warhound, Scouting Hawk)."""
    mine = _lands(g, controller)
    return any(targeting._is_opponent(g, controller, p) and _lands(g, p) > mine for p in g.s.living())


@resolve.checks(TwoOrMoreOpponents)
def _two_or_more_opponents(g: Game, cond: m.Condition, controller: int) -> bool:
    """"If you have two or more opponents": opponents still in the game (CR 102.3, 800.4a), so
    a battlebond land enters untapped in a multiplayer game and in Two-Headed Giant."""
    return sum(1 for p in g.s.living() if targeting._is_opponent(g, controller, p)) >= 2


@resolve.checks(AtMostHalfStartingLife)
def _at_most_half_starting_life(g: Game, cond: m.Condition, controller: int) -> bool:
    """"your life total is less than or equal to half your starting life total" (CR 103.4,
    107.1a: compared without rounding; 810.9: a team's shared total against its 30)."""
    from undercity.engine.variants import get_variant

    return 2 * g.s.players[controller].life <= get_variant(g.s.variant).starting_life


@resolve.checks(YourMainPhase)
def _your_main_phase(g: Game, cond: m.Condition, controller: int) -> bool:
    """Addendum (an ability word, CR 207.2c): "if you cast this spell during your main phase".
    A spell resolves in the step it was cast in (a step can't end with objects on the stack,
    CR 500.2), so this is checked as it resolves."""
    return is_active(g, controller) and g.s.step in MAIN_STEPS



# ----------------------------------------------------------------------------- damage and attacks this turn

#: ``State.extra`` keys: (turn, player -> damage dealt to them this turn) and (turn, player ->
#: the creatures they declared as attackers this turn).
DAMAGE_TO_PLAYERS = "damage_to_players_this_turn"
ATTACKED_WITH = "attacked_with_this_turn"
#: ``State.extra`` key: (turn, source object id -> the players it dealt combat damage to this turn).
COMBAT_DAMAGED_BY = "combat_damage_by_source_this_turn"


def _this_turn(g: Game, key: str) -> dict[int, Any]:
    rec = g.s.extra.get(key)
    if rec is None or rec[0] != g.s.turn:
        rec = g.s.extra[key] = (g.s.turn, {})
    return rec[1]  # type: ignore[no-any-return]


@triggers.watches("damage_dealt")
def record_damage_to_player(g: Game, e: ev.DamageDealt) -> None:
    """Damage dealt to a player this turn, by any source (CR 120.3)."""
    if e.target_player is not None and e.amount > 0:
        dealt = _this_turn(g, DAMAGE_TO_PLAYERS)
        dealt[e.target_player] = dealt.get(e.target_player, 0) + e.amount


@triggers.watches("damage_dealt")
def record_combat_damage_to_player(g: Game, e: ev.DamageDealt) -> None:
    """The players a source dealt combat damage to this turn (CR 510.2), by the source's object:
    the same card back on the battlefield is a new object that dealt none (CR 400.7)."""
    if e.combat and e.target_player is not None and e.source is not None and e.amount > 0:
        _this_turn(g, COMBAT_DAMAGED_BY).setdefault(e.source, set()).add(e.target_player)


def dealt_combat_damage_by(g: Game, source: int | None) -> set[int]:
    """The players ``source`` dealt combat damage to this turn ("whose controller was dealt
    combat damage by ~ this turn")."""
    rec = g.s.extra.get(COMBAT_DAMAGED_BY)
    if rec is None or rec[0] != g.s.turn or source is None:
        return set()
    return rec[1].get(source, set())  # type: ignore[no-any-return]


@triggers.watches("attack_declared")
def record_attacker(g: Game, e: ev.AttackDeclared) -> None:
    """A creature declared as an attacker this turn (CR 508.1a); the same one declared in a
    second combat is still one creature."""
    _this_turn(g, ATTACKED_WITH).setdefault(e.player, set()).add(e.attacker)


@resolve.checks(OpponentDealtDamageThisTurn)
def _cond_opponent_dealt_damage(g: Game, cond: Condition, controller: int) -> bool:
    assert isinstance(cond, OpponentDealtDamageThisTurn)
    rec = g.s.extra.get(DAMAGE_TO_PLAYERS)
    if rec is None or rec[0] != g.s.turn:
        return False
    return any(n >= cond.n and targeting._is_opponent(g, controller, p) for p, n in rec[1].items())


@resolve.checks(CreatureCardsInGraveyard)
def _cond_creature_cards_in_graveyard(g: Game, cond: Condition, controller: int) -> bool:
    assert isinstance(cond, CreatureCardsInGraveyard)
    return layers.COUNTS[cond.what](g, controller) >= cond.n  # the count "for each" of them reads too


@resolve.checks(AttackedWithThisTurn)
def _cond_attacked_with(g: Game, cond: Condition, controller: int) -> bool:
    assert isinstance(cond, AttackedWithThisTurn)
    rec = g.s.extra.get(ATTACKED_WITH)
    return rec is not None and rec[0] == g.s.turn and len(rec[1].get(controller, ())) >= cond.n
