"""A search agent: flat Monte Carlo tree search (UCB1 at the root) over copies of the game.

For each decision worth searching (priority, declaring attackers and blockers and what they
attack and block, targets, modes, dungeon rooms) the agent runs playouts: it copies the game
(:meth:`Game.copy`), **determinizes** the copy — the cards it cannot see (each opponent's
hand and library, shuffled together, and its own library) are shuffled among themselves
with a per-decision RNG, and the copy's own RNG is reseeded, so that the search neither
sees hidden cards nor knows the order of any library — applies one option, and lets
heuristic agents play on for a few turns (``horizon``), then scores the position with a
static evaluation (:func:`evaluation.static_eval`: a logistic model of life, board, cards
in hand, the initiative and dungeon progress; 1 for a win, 0 for a loss).

Options are chosen by UCB1. The j-th playout of every option is played in the same
determinized world (world j), so options are compared on the same deals; the heuristic's
own choice is kept unless another option beats it, on the worlds both were played in, by
more than ``margin``. Other decisions (mulligans, discards, searches, scry …) and every
decision in the playouts are answered by the heuristic agent.

The budget is ``playouts`` per decision (default 32) and, optionally, ``seconds``; playouts
look ``horizon`` turns ahead (default 3). Playing a land is never searched.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from undercity.agents.evaluation import static_eval
from undercity.agents.heuristic import HeuristicAgent
from undercity.engine.decisions import Decision
from undercity.engine.game import Game
from undercity.engine.teams import teammates

#: Decision kinds the agent searches; the heuristic answers the others.
SEARCHED = frozenset({"priority", "attacker", "attack_target", "blocker", "block_target", "target", "mode",
                      "room"})
#: A playout stops after this many decisions even if the horizon isn't reached.
MAX_PLAYOUT_DECISIONS = 2000


@dataclass
class SearchStats:
    """What the agent has done so far (for benchmarks)."""

    decisions: int = 0  # decisions answered
    searched: int = 0  # decisions searched
    playouts: int = 0
    seconds: float = 0.0  # time spent searching
    changed: int = 0  # searched decisions where the answer differs from the heuristic's
    per_kind: dict[str, int] = field(default_factory=dict)


def determinize(g: Game, me: int, rng: random.Random) -> None:
    """Shuffle what ``me`` can't see, in place: each other player's hand and library among
    themselves (teammates' hands stay as they are), ``me``'s library; reseed the game's RNG.
    The result depends on ``rng`` and on which cards are unseen, not on where they are."""
    s = g.s
    mates = set(teammates(g, me))
    for p in s.players:
        # Sorted first, so that the world depends only on which cards are unseen, not on
        # where they really are.
        if p.idx == me or p.idx in mates:
            lib = sorted(p.library)
            rng.shuffle(lib)
            p.library[:] = lib
            continue
        pool = sorted(p.hand + p.library)
        rng.shuffle(pool)
        n = len(p.hand)
        p.hand[:] = pool[:n]
        p.library[:] = pool[n:]
        for oid in p.hand:
            s.objs[oid].zone = "hand"
        for oid in p.library:
            s.objs[oid].zone = "library"
    s.rng = random.Random(rng.getrandbits(64))


def _is_pending(g: Game, d: Decision) -> bool:
    """Is ``d`` the game's open decision (the one a copy of the game can answer)?"""
    p = g.pending
    return p is d or (p is not None and p.kind == d.kind and p.player == d.player and p.key == d.key
                      and p.options == d.options)


class MCTSAgent:
    def __init__(self, seed: int = 0, playouts: int = 32, seconds: float | None = None, horizon: int = 3,
                 max_options: int = 6, exploration: float = 0.5, margin: float = 0.01) -> None:
        self.seed = seed
        self.playouts = playouts
        self.seconds = seconds
        self.horizon = horizon
        self.max_options = max_options
        self.exploration = exploration
        self.margin = margin
        self.heuristic = HeuristicAgent(seed)
        self.stats = SearchStats()
        #: If a list, each searched decision appends (turn, kind, [(label, mean, n)], picked label).
        self.trace: list[tuple] | None = None
        #: Called as a search goes: (playouts done, playout budget); a terminal shows it
        #: (undercity/ui/thinking.py) so that a long search is not mistaken for a hang.
        self.on_progress: Callable[[int, int], None] | None = None

    # ------------------------------------------------------------------ answering
    def choose(self, game: Game, d: Decision) -> int:
        self.stats.decisions += 1
        if len(d.options) <= 1:
            return 0
        base = self.heuristic.decide(game, d)
        pick = base
        if d.kind in SEARCHED and _is_pending(game, d) and not (
                d.kind == "priority" and d.options[base].value[0] == "play"):
            cands = self._candidates(game, d, base)
            if len(cands) > 1:
                pick = self._search(game, d, cands, base)
        self.heuristic.note(game, d, pick)
        return pick

    def _candidates(self, g: Game, d: Decision, base: int) -> list[int]:
        """The options worth searching: the heuristic's choice first, then the ones it likes
        best (priority) or all of them in order, at most ``max_options``."""
        n = len(d.options)
        if d.kind == "priority":
            scores = self.heuristic.priority_scores(g, d)
            order = sorted(range(n), key=lambda i: (-scores[i], i))
            passes = [i for i in range(n) if d.options[i].value[0] == "pass"]
            order = [base] + passes + [i for i in order if i != base and i not in passes]
        elif d.kind == "target":
            scores = self.heuristic.target_scores(g, d)
            order = [base] + sorted((i for i in range(n) if i != base), key=lambda i: (-scores[i], i))
        else:
            order = [base] + [i for i in range(n) if i != base]
        out: list[int] = []
        for i in order:
            if i not in out:
                out.append(i)
        return out[: self.max_options]

    def _rng(self, g: Game) -> random.Random:
        """The per-decision RNG: depends on the agent's seed and the point in the game only."""
        return random.Random(f"mcts:{self.seed}:{len(g.choices)}:{g.s.turn}:{g.s.step}")

    def _search(self, g: Game, d: Decision, cands: list[int], base: int) -> int:
        t0 = time.perf_counter()
        rng = self._rng(g)
        k = len(cands)
        worlds: list[int] = []
        results: list[list[float]] = [[] for _ in range(k)]
        total = 0
        deadline = t0 + self.seconds if self.seconds is not None else None
        budget = max(self.playouts, k)
        while total < budget:
            if self.on_progress is not None:
                self.on_progress(total, budget)
            if deadline is not None and total >= k and time.perf_counter() > deadline:
                break
            untried = [i for i in range(k) if not results[i]]
            if untried:
                i = untried[0]
            else:
                logn = math.log(total)
                i = max(range(k), key=lambda j: sum(results[j]) / len(results[j])
                        + self.exploration * math.sqrt(logn / len(results[j])))
            w = len(results[i])
            while len(worlds) <= w:
                worlds.append(rng.getrandbits(48))
            results[i].append(self.playout(g, d, cands[i], worlds[w]))
            total += 1
        self.stats.searched += 1
        self.stats.playouts += total
        self.stats.per_kind[d.kind] = self.stats.per_kind.get(d.kind, 0) + 1
        best = max(range(k), key=lambda j: (sum(results[j]) / len(results[j]), j == 0))
        pick = cands[best]
        if best != 0:  # cands[0] is the heuristic's choice: keep it unless clearly beaten
            common = min(len(results[best]), len(results[0]))
            diff = (sum(results[best][:common]) - sum(results[0][:common])) / common
            if diff <= self.margin:
                pick = base
        if pick != base:
            self.stats.changed += 1
        if self.trace is not None:
            self.trace.append((g.s.turn, g.s.step, d.kind, [(d.options[cands[j]].label, round(sum(results[j]) / len(results[j]), 3),
                                                len(results[j])) for j in range(k)], d.options[pick].label))
        self.stats.seconds += time.perf_counter() - t0
        return pick

    def playout(self, g: Game, d: Decision, option: int, world: int) -> float:
        """Play ``option`` in world ``world`` (a determinization seed) and a few turns on; the
        value of the position reached for the deciding player."""
        me = d.player
        c = g.copy()
        rng = random.Random(world)
        determinize(c, me, rng)
        c.apply(option)
        agents = [HeuristicAgent(world + k) for k in range(len(c.s.players))]
        stop = c.s.turn + self.horizon
        n = 0
        while not c.over and c.s.turn < stop and n < MAX_PLAYOUT_DECISIONS:
            dd = c.pending
            assert dd is not None
            c.apply(agents[dd.player].choose(c, dd))
            n += 1
        return static_eval(c, me)
