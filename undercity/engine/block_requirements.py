"""Requirements on blocking (CR 509.1c) — the vocabulary of
:mod:`undercity.cards.language.block_requirements`: a creature that "blocks this turn if able"
must be declared as a blocker when it is able to block (``combat.run_declare_blockers`` asks
:func:`must_block`). Only if able: a tapped creature, one that can't block, or one with no
attacker it could block doesn't (ruling 2014-11-07, Domineering Will)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.block_requirements import BlocksThisTurn
from undercity.engine import events as ev
from undercity.engine.effects import handles, ref_objects
from undercity.engine.state import ContinuousEffect

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, Obj, StackItem

#: ``ContinuousEffect.kind`` of "blocks this turn if able" (until end of turn, CR 514.2).
MUST_BLOCK = "must_block"


@handles(BlocksThisTurn)
def h_blocks_this_turn(g: Game, job: Job, item: StackItem, e: BlocksThisTurn, key: str) -> None:
    s = g.s
    for oid in ref_objects(g, e.what, item, job):
        if s.objs[oid].zone != "battlefield":
            continue
        s.effects.append(ContinuousEffect(MUST_BLOCK, oid, player=item.controller, timestamp=s.next_timestamp()))
        g.emit(ev.EffectBegan(rule="509.1c", description=f"{s.objs[oid].name} blocks this turn if able"))


def must_block(g: Game, o: Obj) -> bool:
    """Whether a requirement to block applies to ``o`` now (CR 509.1c)."""
    return any(e.kind == MUST_BLOCK and e.obj == o.id for e in g.s.effects)
