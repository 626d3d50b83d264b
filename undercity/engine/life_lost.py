"""Life lost this turn (CR 119.3): how much life a player has lost since the turn began, read from
the turn's life-change events (damage is life loss too), and "each opponent loses life equal to
the life they lost this turn" — each opponent their own amount."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards import model as m
from undercity.cards.language.life_lost import (
    ControllerLosesLife,
    OpponentLostLifeThisTurn,
    OpponentsLoseLifeLostThisTurn,
)
from undercity.cards.model import Condition
from undercity.engine import events as ev
from undercity.engine import resolve, targeting, zones
from undercity.engine.decisions import Option
from undercity.engine.discard import discard as discard_card
from undercity.engine.effects import amount, apnap, change_life, handles, ref_objects, ref_players
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem


def lost_this_turn(g: Game, player: int) -> int:
    """The life ``player`` has lost this turn: the sum of their life losses since the turn began
    (gains don't offset them, CR 119.3)."""
    lost = 0
    for e in reversed(g.events):
        if isinstance(e, ev.TurnBegan):
            break
        if isinstance(e, ev.LifeChanged) and e.player == player and e.amount < 0:
            lost -= e.amount
    return lost


@resolve.checks(OpponentLostLifeThisTurn)
def _opponent_lost_life(g: Game, cond: Condition, controller: int) -> bool:
    """Has an opponent of ``controller`` lost life this turn (CR 119.3)? Every player is looked
    at, those who left the game since too (ruling 2019-01-25, Light Up the Stage)."""
    for e in reversed(g.events):
        if isinstance(e, ev.TurnBegan):
            return False
        if isinstance(e, ev.LifeChanged) and e.amount < 0 and targeting._is_opponent(g, controller, e.player):
            return True
    return False


@handles(OpponentsLoseLifeLostThisTurn)
def h_opponents_lose_life_lost(g: Game, job: Job, item: StackItem, e: OpponentsLoseLifeLostThisTurn,
                               key: str) -> None:
    # The amounts are all measured first: one opponent's loss doesn't count for another.
    amounts = [(p, lost_this_turn(g, p)) for p in g.s.living() if targeting._is_opponent(g, item.controller, p)]
    for p, n in amounts:
        if n > 0:
            change_life(g, p, -n, "119.3")


@handles(m.LoseLifeUnless)
def h_lose_unless(g: Game, job: Job, item: StackItem, e: m.LoseLifeUnless, key: str) -> None:
    """Veils of Fear, Sandfall Cell: each player in APNAP order (CR 101.4) chooses whether to
    discard / sacrifice; then the discards, sacrifices and life losses happen."""
    s = g.s
    n = amount(g, e.n, item, job)
    picks: dict[int, int | None] = {}
    for p in apnap(g, ref_players(g, e.who, item, job)):
        if e.unless == "discard":
            pool = list(s.players[p].hand)
        else:
            pool = targeting.controlled_matching(g, p, e.filter)
        verb = e.unless
        opts = [Option(f"{verb} {s.objs[c].name}", c) for c in pool] + [Option(f"lose {n} life", None)]
        picks[p] = g.ask(job, f"{key}:u{p}", p, "unless_cost", f"{g.player_name(p)}: {verb} or lose {n} life",
                         opts, {"unless": verb, "life": n})
    for p, c in picks.items():
        if c is None:
            change_life(g, p, -n, "119.3")
        elif e.unless == "discard":
            discard_card(g, c)
        else:
            zones.move(g, c, "graveyard", rule="701.21a", verb="is sacrificed")


def _object_or_lki_controller(g: Game, ref: m.Ref, item: StackItem, job: Job) -> list[int]:
    s = g.s
    if ref.kind == "trigger_blocker":
        oid = item.trigger_data.get("blocker")
        if oid in s.objs:
            return [s.objs[oid].controller]
        lki = s.lki.get(oid)
        return [lki["controller"]] if lki else []
    return [s.objs[oid].controller for oid in ref_objects(g, ref, item, job)]


@handles(ControllerLosesLife)
def h_controller_loses(g: Game, job: Job, item: StackItem, e: ControllerLosesLife, key: str) -> None:
    n = amount(g, e.n, item, job)
    for p in _object_or_lki_controller(g, e.of, item, job):
        if not g.s.players[p].left:
            change_life(g, p, -n, "119.3")
