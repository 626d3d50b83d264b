"""Land plays (CR 305.2): one land each turn, plus the additional land plays effects allow this
turn (CR 305.2a: "You may play an additional land this turn"). Priority, playing a land from exile
and the scenario runner ask :func:`may_play_land`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.land_plays import AdditionalLandPlay
from undercity.engine import events as ev
from undercity.engine import priority
from undercity.engine.effects import handles

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem

#: ``State.extra`` key: "turn:player" -> additional land plays that player has this turn.
EXTRA_LAND_PLAYS = "extra_land_plays"


def lands_allowed(g: Game, player: int) -> int:
    """How many lands ``player`` may play this turn (CR 305.2, 305.2a)."""

    return priority.LANDS_PER_TURN + g.s.extra.get(EXTRA_LAND_PLAYS, {}).get(f"{g.s.turn}:{player}", 0)


def may_play_land(g: Game, player: int) -> bool:
    """Whether ``player`` has a land play left this turn (timing aside, CR 305.1)."""
    return g.s.players[player].lands_played < lands_allowed(g, player)


@handles(AdditionalLandPlay)
def h_additional_land_play(g: Game, job: Job, item: StackItem, e: AdditionalLandPlay, key: str) -> None:
    s = g.s
    p = item.controller
    extra = s.extra.setdefault(EXTRA_LAND_PLAYS, {})
    k = f"{s.turn}:{p}"
    extra[k] = extra.get(k, 0) + e.n
    g.emit(ev.EffectBegan(rule="305.2a", description=f"{g.player_name(p)} may play an additional land this turn"))
