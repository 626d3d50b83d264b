"""A choice made once for each opponent, each followed by a reflexive triggered ability of its
own (CR 603.12): the handler of
:class:`~undercity.cards.language.each_opponent.TapForEachOpponent` (Nihiloor).

As the ability resolves, its controller chooses up to one untapped creature they control for
each opponent — a creature once for one opponent only, since they are tapped together — then
taps them all at the same time, and one reflexive ability triggers for each creature tapped,
put on the stack in the order its controller chooses (ruling 2021-07-23, Nihiloor). Each
remembers its opponent ("that player") and its creature ("the tapped creature"): its target's
power is compared with that creature's power now, or as it last existed on the battlefield
(CR 608.2h), whether or not it is still tapped (rulings 2021-07-23).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from undercity.cards.language.each_opponent import TapForEachOpponent
from undercity.engine import characteristics as ch
from undercity.engine import targeting, triggers, zones
from undercity.engine.decisions import Option
from undercity.engine.effects import handles

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem

#: The ``PendingTrigger.kind`` of the reflexive abilities (as ``engine.delayed_triggers``'s).
KIND = "delayed"


@handles(TapForEachOpponent)
def h_tap_for_each_opponent(g: Game, job: Job, item: StackItem, e: TapForEachOpponent, key: str) -> None:
    s = g.s
    p = item.controller
    n = len(s.players)
    # CR 101.4: the opponents in turn order from the active player (APNAP), those still in the game
    opponents = [q for q in ((s.active + k) % n for k in range(n))
                 if not s.players[q].left and not s.players[q].lost and targeting._is_opponent(g, p, q)]
    mine = targeting.controlled_matching(g, p, e.filter, item.source)
    chosen: list[tuple[int, int]] = []
    for q in opponents:
        left = [x for x in mine if all(x != c for _, c in chosen)]
        if not left:
            break
        who = g.player_name(q)
        v = g.ask(job, f"{key}:{q}", p, "tap_for_opponent",
                  f"{item.source_name}: tap up to one untapped creature you control for {who}",
                  [Option(f"tap {s.objs[x].name} for {who}", x) for x in left] + [Option(f"tap nothing for {who}", None)],
                  {"opponent": q})
        if v is not None:
            chosen.append((q, v))
    for _, x in chosen:  # all at the same time (ruling 2021-07-23)
        zones.set_tapped(g, s.objs[x], True, "701.26a")
    for q, x in chosen:
        triggers.add_inherent(g, p, item.source_name, KIND, e.then.text, e.then.effects, "603.12",
                              source=item.source, targets=e.then.targets, opponent=q, tapped=x)


def tapped_power(g: Game, data: Mapping[str, Any]) -> int | None:
    """The power of the creature the ability remembers, now or as it last existed on the
    battlefield (CR 608.2h; ruling 2021-07-23, Nihiloor)."""
    oid = data.get("tapped")
    if oid is None:
        return None
    o = g.s.objs.get(oid)
    if o is not None and o.zone == "battlefield":
        return ch.power(g, o)
    return (g.s.lki.get(oid) or {}).get("power")


def within_tapped_power(g: Game, t: tuple[str, int], data: Mapping[str, Any]) -> bool:
    """"with power less than or equal to the tapped creature's power" (CR 115.1, 608.2b)."""
    o = g.s.objs.get(t[1]) if t[0] == "o" else None
    limit = tapped_power(g, data)
    return o is not None and o.zone == "battlefield" and limit is not None and ch.power(g, o) <= limit
