"""Teams and shared team turns (CR 805, 810: Two-Headed Giant).

Without teams every player is their own team and the "active team" is the active player.
In Two-Headed Giant the team whose turn it is is the active team and each of its players
is an active player (CR 805.4a); its players share a life total (810.4) and poison
counters (810.10), and win and lose together (810.8a). A team puts all the triggered
abilities its players control on the stack together, in the order it chooses (805.7); the
team's first player in APNAP order makes that choice, standing in for its primary player
(805.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from undercity.engine.game import Game


def teammates(g: Game, player: int) -> list[int]:
    """``player`` and the other players on their team, in turn order (CR 810.1)."""
    s = g.s
    team = s.players[player].team
    if team is None:
        return [player]
    return [p.idx for p in s.players if p.team == team]


def active_players(g: Game) -> list[int]:
    """The active player, or every player of the active team (CR 805.4a)."""
    return [p for p in teammates(g, g.s.active) if not g.s.players[p].left]


def is_active(g: Game, player: int) -> bool:
    s = g.s
    if player == s.active:
        return True
    team = s.players[s.active].team
    return team is not None and s.players[player].team == team


def next_team_start(g: Game, idx: int) -> int:
    """The first player of the next team in turn order after ``idx``'s team (CR 805.4)."""
    s = g.s
    n = len(s.players)
    mine = set(teammates(g, idx))
    for k in range(1, n + 1):
        j = (idx + k) % n
        if j not in mine and not s.players[j].left:
            return j
    return idx
