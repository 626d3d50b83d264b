"""Fabricate (CR 702.123a): as the ability resolves, its controller puts N +1/+1 counters on the
permanent or creates N Servos — only the Servos if the permanent is no longer on the
battlefield (rulings 2016-09-20). No player acts between the choice and the result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.fabricate import Fabricate
from undercity.engine import zones
from undercity.engine.decisions import Option
from undercity.engine.effects import HANDLERS, handles

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem


@handles(Fabricate)
def h_fabricate(g: Game, job: Job, item: StackItem, e: Fabricate, key: str) -> None:
    s = g.s
    o = s.objs.get(item.source) if item.source is not None else None
    here = o is not None and o.zone == "battlefield"
    counters = here and g.ask(
        job, key + ":fabricate", item.controller, "yes_no",
        f"{g.player_name(item.controller)}: fabricate {e.n} — put {e.n} +1/+1 counters on {item.source_name}?",
        [Option(f"put {e.n} +1/+1 counters on {item.source_name}", True),
         Option(f"create {e.n} Servo tokens", False)])
    if counters and o is not None:
        zones.add_counters(g, o, "+1/+1", e.n, "702.123a")
        return
    HANDLERS[type(e.servos)](g, job, item, e.servos, key + ":servos")
