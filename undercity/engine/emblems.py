"""Getting an emblem (CR 114.2: owned and controlled by that player, in the command zone); what
it does is read by the layer system (CR 114.4), or, for an emblem with triggered abilities
(:class:`~undercity.cards.language.emblems.GetEmblemWith`), by the trigger checks here: its
abilities function in the command zone (114.4), each from its owner's point of view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards import model as m
from undercity.cards.language.emblems import GetEmblem, GetEmblemWith
from undercity.cards.language.event_triggers import ActivatesAbility
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import targeting, triggers
from undercity.engine.effects import handles, ref_players
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game

#: ``State.extra`` key: the emblems with triggered abilities in command zones (CR 114), in the
#: order they were created, as (owner, abilities, text).
TRIGGERED_EMBLEMS = "triggered_emblems"


@handles(GetEmblem)
def h_get_emblem(g: Game, job: Job, item: StackItem, e: GetEmblem, key: str) -> None:
    """CR 114.2: the emblem is owned and controlled by that player, in the command zone."""
    g.s.extra.setdefault(ch.EMBLEMS, []).append((item.controller, e.kind))
    g.emit(ev.Note(rule="114.2", message=f'{g.player_name(item.controller)} gets an emblem with "{e.text}"'))


@handles(GetEmblemWith)
def h_get_emblem_with(g: Game, job: Job, item: StackItem, e: GetEmblemWith, key: str) -> None:
    """CR 114.2: each player named puts an emblem with those abilities into their command zone."""
    for p in ref_players(g, e.player, item, job):
        if g.s.players[p].left:
            continue  # CR 800.4a: a player who left has no command zone in the game
        g.s.extra[TRIGGERED_EMBLEMS] = [*g.s.extra.get(TRIGGERED_EMBLEMS, ()), (p, e.triggered, e.text)]
        g.emit(ev.Note(rule="114.2", player=p, message=f'{g.player_name(p)} gets an emblem with "{e.text}"'))


def triggered_abilities(g: Game) -> list[tuple[int, m.Triggered]]:
    """(owner, ability) for each triggered ability of each emblem in the game (CR 114.4)."""
    return [(owner, a) for owner, abilities, _ in g.s.extra.get(TRIGGERED_EMBLEMS, ())
            if not g.s.players[owner].left for a in abilities]


@triggers.watches("spell_cast")
def _emblem_casts(g: Game, e: ev.SpellCast) -> None:
    """"Whenever you cast an instant or sorcery spell" of an emblem (CR 601.2i, 114.4); a copy
    isn't cast (CR 707.10)."""
    if e.copy or not g.s.extra.get(TRIGGERED_EMBLEMS):
        return
    s = g.s
    spell = s.objs.get(e.obj)
    if spell is None:
        return
    from undercity.engine.copying import snapshot

    for owner, a in triggered_abilities(g):
        w = a.when
        if type(w) is not m.Trigger or w.event != "cast" or owner != e.player or w.nth is not None \
                or w.from_zone is not None or not targeting.matches(g, spell, w.filter, owner, None):
            continue
        item = next((it for it in s.stack if it.obj == e.obj), None)
        triggers.add_pending(g, None, a, owner, "emblem", spell=e.obj,
                             spell_lki=snapshot(item, g) if item is not None else None)


@triggers.watches("ability_activated")
def _emblem_activations(g: Game, e: ev.AbilityActivated) -> None:
    """"Whenever you activate an ability that isn't a mana ability" of an emblem (CR 602.2,
    114.4): the ability just put on the stack is the one its "copy it" copies."""
    if not g.s.extra.get(TRIGGERED_EMBLEMS) or not g.s.stack:
        return
    from undercity.engine.opponent_enters import COPIES

    for owner, a in triggered_abilities(g):
        if isinstance(a.when, ActivatesAbility) and owner == e.player:
            triggers.add_pending(g, None, a, owner, "emblem", **{COPIES: {"item": g.s.stack[-1]}})
