"""Hideaway (CR 702.75): the trigger's face-down exile and the linked "you may play the exiled
card without paying its mana cost if …" (CR 607.2a, 118.9) — the handlers of
:mod:`undercity.cards.language.hideaway`.

The card is exiled face down (:mod:`undercity.engine.face_down`): its controller may look at
it (CR 702.75a, 406.3), nobody else. It is recorded as exiled with the permanent
(``exiled_with.EXILED_WITH``, by the permanent's object id): the permanent that leaves and
returns is a new object and no longer finds it (CR 400.7, 607.2a).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.hideaway import Hideaway, PlayExiledFree
from undercity.engine import casting, face_down, land_plays, priority, resolve, zones
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.engine.effects import handles
from undercity.engine.exiled_with import EXILED_WITH
from undercity.engine.state import Job, StackItem
from undercity.engine.teams import is_active

if TYPE_CHECKING:
    from undercity.engine.game import Game


@handles(Hideaway)
def h_hideaway(g: Game, job: Job, item: StackItem, e: Hideaway, key: str) -> None:
    """Look at the top ``n`` cards, exile one face down, the rest on the bottom of the library
    in a random order (CR 702.75a, 401.4)."""
    s = g.s
    p = item.controller
    top = list(s.players[p].library[:e.n])
    if not top:
        return
    pick = face_down.look_and_pick(g, job, key, p, top, "702.75a", " (hideaway)")
    new = face_down.exile(g, pick, p, rule="702.75a")
    if new is not None and item.source is not None:
        s.extra.setdefault(EXILED_WITH, {}).setdefault(item.source, []).append(new.id)
    rest = [c for c in top if c != pick and c in s.objs and s.objs[c].zone == "library"]
    s.rng.shuffle(rest)  # "in a random order"
    for c in rest:
        zones.move(g, c, "library", rule="702.75a", to_top=False, verb="is put on the bottom of its owner's library")


@handles(PlayExiledFree)
def h_play_exiled_free(g: Game, job: Job, item: StackItem, e: PlayExiledFree, key: str) -> None:
    """If the condition holds as this resolves, the controller may play the card exiled with
    the source (CR 607.2a): a land as a land play — only on their turn with one left (CR 305.2b,
    305.3) — or a spell cast without paying its mana cost, timing ignored (CR 608.2g, 118.9)."""
    s = g.s
    p = item.controller
    if not resolve.condition_holds(g, e.only_if, p):
        g.emit(ev.Note(rule="608.2c", message=f"{item.source_name}: the condition doesn't hold; nothing is played"))
        return
    ids = [c for c in s.extra.get(EXILED_WITH, {}).get(item.source, []) if c in s.objs and s.objs[c].zone == "exile"]
    if not ids:
        return
    o = s.objs[ids[0]]
    if "Land" in o.card.types:
        if not (is_active(g, p) and land_plays.may_play_land(g, p)):
            g.emit(ev.Note(rule="305.2b", message=f"{item.source_name}: the exiled card, a land, can't be played now"))
            return
        if g.ask(job, key + ":play", p, "yes_no", f"{g.player_name(p)}: play {o.name} from exile?",
                 [Option(f"play {o.name}", True), Option("don't play it", False)]):
            priority.play_land(g, p, o.id)  # CR 305.2a: it counts as the turn's land play
        return
    if not casting.castable(g, p, o, free=True):
        g.emit(ev.Note(rule="608.2g", message=f"{item.source_name}: the exiled card can't be cast now; it stays exiled"))
        return
    if casting.ask_cast_free(g, job, key, p, o):
        g.push("cast", player=p, obj=o.id, alt=None, free=True)  # CR 608.2g, 118.9
