"""Starting the game (CR 103): who plays first, opening hands, London mulligans."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.engine import events as ev
from undercity.engine import turn, zones
from undercity.engine.decisions import Option
from undercity.engine.game import job_runner
from undercity.engine.state import Job
from undercity.engine.variants import get_variant

if TYPE_CHECKING:
    from undercity.engine.game import Game

HAND = 7


def begin(g: Game) -> None:
    """CR 103.1-103.4: random starting player, shuffled libraries, opening hands."""
    s = g.s
    s.first_player = s.rng.randrange(len(s.players))
    g.emit(ev.StartingPlayer(rule="103.1", player=s.first_player))
    for p in s.players:
        zones.shuffle(g, p.idx, "103.3")
    for p in s.players:
        for _ in range(HAND):
            zones.draw(g, p.idx, "103.5")
    g.push("mulligan", round=0)


def _order(g: Game) -> list[int]:
    s = g.s
    n = len(s.players)
    return [(s.first_player + k) % n for k in range(n)]


@job_runner("mulligan")
def run_mulligans(g: Game, job: Job) -> None:
    """London mulligan (CR 103.5): in turn order each player keeps or mulligans; repeat
    with those who mulliganed; then each puts that many cards on the bottom. In multiplayer
    games the first mulligan is free (CR 103.5c)."""
    s = g.s
    free = 1 if get_variant(s.variant).free_first_mulligan else 0
    while True:
        rnd = job.data["round"]
        undecided = [i for i in _order(g) if not s.players[i].kept and not s.players[i].left]
        if not undecided:
            break
        for i in undecided:
            p = s.players[i]
            keep_size = HAND - max(0, p.mulligans - free)
            opts = [Option(f"Keep {keep_size}", "keep")]
            if keep_size > 0:
                opts.append(Option("Mulligan", "mulligan"))
            bottom = len(p.hand) - keep_size  # CR 103.5: kept after a mulligan, N cards go to the bottom
            keep = (f"keep this hand of {len(p.hand)}" if bottom <= 0 else
                    f"keep {keep_size} of these {len(p.hand)} cards (then put {bottom} on the bottom)")
            g.ask(job, f"m{rnd}:{i}", i, "mulligan", f"{p.name}: {keep}, or mulligan?", opts)
        for i in undecided:
            p = s.players[i]
            if job.answers[f"m{rnd}:{i}"] == "keep":
                p.kept = True
            else:
                p.mulligans += 1
                g.emit(ev.Mulligan(rule="103.5", player=i, count=p.mulligans))
                for oid in list(p.hand):
                    zones.move(g, oid, "library", rule="103.5", verb="is shuffled back")
                zones.shuffle(g, i, "103.5")
                for _ in range(HAND):
                    zones.draw(g, i, "103.5")
        job.data["round"] = rnd + 1
    # Put cards on the bottom (CR 103.5): one at a time, as ordered choices.
    for i in _order(g):
        p = s.players[i]
        n = max(0, p.mulligans - free)
        done = job.data.setdefault("bottomed", [])
        if i in done or p.left:  # CR 800.4a: a player who conceded during mulligans is gone
            continue
        for k in range(n):
            chosen = {job.answers.get(f"b{i}:{j}") for j in range(k)}
            from undercity.engine.effects import distinct_card_options

            # Identical cards are one choice: which copy goes to the bottom changes nothing.
            opts = distinct_card_options(g, [c for c in p.hand if c not in chosen])
            g.ask(job, f"b{i}:{k}", i, "bottom", f"{p.name}: put a card on the bottom ({k + 1} of {n})", opts)
        for k in range(n):
            zones.move(g, job.answers[f"b{i}:{k}"], "library", rule="103.5", verb="is put on the bottom",
                       to_top=False)
        done.append(i)
        g.emit(ev.HandKept(rule="103.5", player=i, count=len(p.hand)))
    from undercity.engine import opening_hand

    opening_hand.take_actions(g, job, _order(g))  # CR 103.6: after the mulligans, before the first turn
    s.jobs.pop()
    s.started = True
    s.turn = 1
    s.active = s.first_player
    turn.begin_turn(g)
