"""Getting an emblem (CR 114.2: owned and controlled by that player, in the command zone); what
it does is read by the layer system (CR 114.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.emblems import GetEmblem
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine.effects import handles
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game

@handles(GetEmblem)
def h_get_emblem(g: Game, job: Job, item: StackItem, e: GetEmblem, key: str) -> None:
    """CR 114.2: the emblem is owned and controlled by that player, in the command zone."""
    g.s.extra.setdefault(ch.EMBLEMS, []).append((item.controller, e.kind))
    g.emit(ev.Note(rule="114.2", message=f'{g.player_name(item.controller)} gets an emblem with "{e.text}"'))
