"""The monarch (CR 725).

The monarch is a designation (``State.monarch``: a player index or None); there is none
until an effect makes a player the monarch (CR 725.1), and only one player is the monarch
at a time (CR 725.3). Its two inherent triggered abilities (CR 725.2) have no source and are
controlled by the player who was the monarch when they triggered:

* "At the beginning of the monarch's end step, that player draws a card." — the player
  draws even if someone else has become the monarch before it resolves (ruling 2016-08-23).
* "Whenever a creature deals combat damage to the monarch, its controller becomes the
  monarch." — one trigger per creature (unlike the initiative's one per player, 726.2).

A watcher (:func:`watch`, asked by ``triggers.check``) turns events into waiting triggers. If the
monarch leaves the game, the active player (or the next player in turn order) becomes the
monarch at the same time (CR 725.4, :func:`leaving.successor`; :func:`on_leave`, asked by ``leaving.leave``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from undercity.cards import model as m
from undercity.cards.language import monarch as lm
from undercity.engine import events as ev
from undercity.engine import leaving, resolve, triggers
from undercity.engine.effects import handles, ref_players
from undercity.engine.state import Job, StackItem
from undercity.engine.teams import is_active

if TYPE_CHECKING:
    from undercity.cards.model import Condition
    from undercity.engine.game import Game

SOURCE_NAME = "The monarch"
END_STEP_TEXT = "At the beginning of the monarch's end step, that player draws a card."
DAMAGE_TEXT = "Whenever a creature deals combat damage to the monarch, its controller becomes the monarch."

#: In the combat-damage trigger, "its controller" — of the creature in ``trigger_data["object"]``.
CREATURE_CONTROLLER = m.Ref("creature_controller")

DRAW = (m.Draw(1),)
TAKE_FROM_TRIGGER = (lm.BecomeMonarch(who=CREATURE_CONTROLLER),)


def monarch(g: Game) -> int | None:
    """The player who is the monarch, if any (CR 725.1)."""
    return g.s.monarch


def become_monarch(g: Game, player: int, rule: str = "725.3") -> None:
    """``player`` becomes the monarch; the current monarch ceases to be (CR 725.3). A player
    who already is the monarch doesn't become it again (ruling 2016-08-23)."""
    s = g.s
    if s.players[player].left or s.monarch == player:
        return
    previous = s.monarch
    s.monarch = player
    g.emit(ev.BecameMonarch(rule=rule, player=player, previous=previous))


def _pending(g: Game, controller: int, text: str, effects: tuple[m.Effect, ...], **data: Any) -> None:
    triggers.add_inherent(g, controller, SOURCE_NAME, "monarch", text, effects, "725.2", **data)


@triggers.reads(ev.StepBegan, ev.DamageDealt)
def watch(g: Game, e: ev.Event) -> None:
    """Turn events into the monarch's inherent triggers (CR 725.2)."""
    s = g.s
    holder = s.monarch
    if holder is None:
        return
    if isinstance(e, ev.StepBegan):
        if e.step == "end" and is_active(g, holder):  # the monarch's end step
            _pending(g, holder, END_STEP_TEXT, DRAW)
    elif isinstance(e, ev.DamageDealt):
        if e.combat and e.target_player == holder and e.source in s.objs:
            creature = s.objs[e.source]
            _pending(g, holder, f"{DAMAGE_TEXT} ({creature.name})", TAKE_FROM_TRIGGER,
                     object=creature.id, player=creature.controller)



@handles(lm.BecomeMonarch)
def h_become_monarch(g: Game, job: Job, item: StackItem, e: lm.BecomeMonarch, key: str) -> None:
    if e.who.kind == CREATURE_CONTROLLER.kind:
        # "its controller": the creature's controller now, or as it last existed (CR 608.2h).
        o = g.s.objs.get(item.trigger_data["object"])
        players = [o.controller if o is not None and o.zone == "battlefield" else item.trigger_data["player"]]
    else:
        players = ref_players(g, e.who, item, job)
    for p in players:
        become_monarch(g, p)


@resolve.checks(lm.IsMonarch)
def _is_monarch(g: Game, cond: Condition, controller: int) -> bool:
    return g.s.monarch == controller



def on_leave(g: Game, player: int) -> None:
    """CR 725.4: the monarch leaves: the active player becomes the monarch at the same time;
    if the active player is leaving (or there is none), the next player in turn order does;
    if no one can, the game continues with no monarch."""
    s = g.s
    if s.monarch != player:
        return
    new = leaving.successor(g, player)
    if new is None:
        s.monarch = None
        return
    s.monarch = new
    g.emit(ev.BecameMonarch(rule="725.4", player=new, previous=player))

