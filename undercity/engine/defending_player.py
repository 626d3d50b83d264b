"""Being the defending player (CR 506.2, 603.4): the resolution half of "if you're the defending
player" (:class:`undercity.cards.language.defending_player.WhileDefending`); the trigger half is
checked by ``triggers`` as attackers are declared."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.defending_player import WhileDefending
from undercity.engine.effects import handles, run_in_order
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game


def defending_player_of(g: Game, attacker: int) -> int | None:
    """The player ``attacker`` is attacking, or whose planeswalker it attacks; None when it
    isn't attacking (CR 506.2, 508.1b)."""
    s = g.s
    d = s.combat.attackers.get(attacker) if s.combat else None
    if d is None:
        return None
    if d[0] == "p":
        return d[1]
    o = s.objs.get(d[1])
    return o.controller if o is not None and o.zone == "battlefield" else None


@handles(WhileDefending)
def h_while_defending(g: Game, job: Job, item: StackItem, e: WhileDefending, key: str) -> None:
    # CR 603.4: the intervening "if" again as the ability resolves (checked once: a re-run of
    # the job after a question inside keeps its answer).
    ck = key + ":defending"
    if ck not in job.data:
        job.data[ck] = defending_player_of(g, item.trigger_data.get("object", -1)) == item.controller
    if job.data[ck]:
        run_in_order(g, job, item, e.effects, key)
