"""Requirements on blocking (CR 509.1c) — the vocabulary of
:mod:`undercity.cards.language.block_requirements`: a creature that "blocks this turn if able"
must be declared as a blocker when it is able to block (``combat.run_declare_blockers`` asks
:func:`must_block`). Only if able: a tapped creature, one that can't block, or one with no
attacker it could block doesn't (ruling 2014-11-07, Domineering Will).

And who declares: "You choose which creatures block this turn and how those creatures block"
makes a player other than the defending player make the declaration (CR 509.1a;
:func:`block_chooser`, asked by ``combat.run_declare_blockers``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.block_requirements import BlocksThisTurn, ChoosesBlocks
from undercity.engine import events as ev
from undercity.engine.effects import handles, ref_objects, ref_players
from undercity.engine.state import ContinuousEffect

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, Obj, StackItem

#: ``ContinuousEffect.kind`` of "blocks this turn if able" (until end of turn, CR 514.2).
MUST_BLOCK = "must_block"
#: ``ContinuousEffect.kind`` of "you choose which creatures block this turn" (its ``player``).
CHOOSES_BLOCKS = "chooses_blocks"


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


@handles(ChoosesBlocks)
def h_chooses_blocks(g: Game, job: Job, item: StackItem, e: ChoosesBlocks, key: str) -> None:
    s = g.s
    for p in ref_players(g, e.who, item, job):
        s.effects.append(ContinuousEffect(CHOOSES_BLOCKS, player=p, timestamp=s.next_timestamp()))
        g.emit(ev.EffectBegan(rule="509.1a", description=f"{g.player_name(p)} chooses which creatures block this "
                                                         "turn and how those creatures block"))


def block_chooser(g: Game) -> int | None:
    """The player who declares blockers for every defending player this turn, if an effect says
    so: the player of the latest such effect (by timestamp, CR 613.7) still in the game."""
    s = g.s
    ps = [e for e in s.effects if e.kind == CHOOSES_BLOCKS and e.player is not None
          and not s.players[e.player].left and not s.players[e.player].lost]
    return max(ps, key=lambda e: e.timestamp).player if ps else None
