"""The initiative (CR 726).

The initiative is a designation (``State.initiative``: a player index or None, CR 726.1);
only one player has it (CR 726.3). Its three inherent triggered abilities (CR 726.2) have no
source and are controlled by the player who had the initiative when they triggered:

* "At the beginning of the upkeep of the player who has the initiative, that player ventures
  into Undercity."
* "Whenever one or more creatures a player controls deal combat damage to the player who has
  the initiative, the controller of those creatures takes the initiative." — one trigger per
  damaging player per combat damage step (first-strike and regular damage are two steps).
* "Whenever a player takes the initiative, that player ventures into Undercity." — also when
  the player who has it takes it again (CR 726.5).

A watcher (:func:`watch`, asked by ``triggers.check``) turns events into waiting triggers; the
venture itself is :func:`undercity.engine.dungeons.venture`. If the player who has the
initiative leaves the game, the active player (or the next player in turn order) takes it at
the same time (CR 726.4): :func:`on_leave`, asked by ``leaving.leave``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from undercity.cards import model as m
from undercity.engine import events as ev
from undercity.engine import leaving, triggers
from undercity.engine.effects import handles, ref_players
from undercity.engine.state import Job, StackItem
from undercity.engine.teams import is_active

if TYPE_CHECKING:
    from undercity.engine.game import Game

SOURCE_NAME = "The initiative"
UPKEEP_TEXT = ("At the beginning of the upkeep of the player who has the initiative, that player ventures "
               "into Undercity.")
DAMAGE_TEXT = ("Whenever one or more creatures a player controls deal combat damage to the player who has "
               "the initiative, the controller of those creatures takes the initiative.")
TAKE_TEXT = "Whenever a player takes the initiative, that player ventures into Undercity."

#: In the combat-damage trigger, "the controller of those creatures" (``trigger_data["player"]``).
TRIGGER_PLAYER = m.Ref("trigger_player")

VENTURE_UNDERCITY = (m.Venture(into="Undercity"),)
TAKE_FROM_TRIGGER = (m.TakeInitiative(who=TRIGGER_PLAYER),)


def take_initiative(g: Game, player: int, rule: str = "726.3") -> None:
    """``player`` takes the initiative; whoever had it ceases to have it (CR 726.3). Taking it
    again triggers again but makes no second designation (CR 726.5)."""
    s = g.s
    if s.players[player].left:
        return
    previous = s.initiative
    s.initiative = player
    if previous == player and rule == "726.3":
        rule = "726.5"
    g.emit(ev.InitiativeTaken(rule=rule, player=player, previous=previous))


def _pending(g: Game, controller: int, text: str, effects: tuple[m.Effect, ...], **data: Any) -> None:
    triggers.add_inherent(g, controller, SOURCE_NAME, "initiative", text, effects, "726.2", **data)


@triggers.reads(ev.InitiativeTaken, ev.StepBegan, ev.CombatDamageDealt)
def watch(g: Game, e: ev.Event) -> None:
    """Turn events into the initiative's inherent triggers (CR 726.2)."""
    s = g.s
    holder = s.initiative
    if isinstance(e, ev.InitiativeTaken):
        _pending(g, e.player, TAKE_TEXT, VENTURE_UNDERCITY)
    elif holder is None:
        return
    elif isinstance(e, ev.StepBegan):
        if e.step == "upkeep" and is_active(g, holder):  # the holder's (team's) upkeep
            _pending(g, holder, UPKEEP_TEXT, VENTURE_UNDERCITY)
    elif isinstance(e, ev.CombatDamageDealt):
        for controller in e.to_players.get(holder, ()):
            name = g.player_name(controller)
            _pending(g, holder, f"{DAMAGE_TEXT} ({name})", TAKE_FROM_TRIGGER, player=controller)



@handles(m.TakeInitiative)
def h_take_initiative(g: Game, job: Job, item: StackItem, e: m.TakeInitiative, key: str) -> None:
    if e.who.kind == "trigger_player":
        players = [item.trigger_data["player"]]
    else:
        players = ref_players(g, e.who, item, job)
    for p in players:
        take_initiative(g, p)


def on_leave(g: Game, player: int) -> None:
    """CR 726.4: the player with the initiative leaves: the active player takes it at the
    same time; if the active player is leaving (or there is none), the next player in turn
    order does."""
    s = g.s
    if s.initiative != player:
        return
    new = leaving.successor(g, player)
    if new is None:
        s.initiative = None
        return
    take_initiative(g, new, rule="726.4")

