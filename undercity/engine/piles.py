"""Separating cards into piles (CR 700.3): the language's
:class:`~undercity.cards.language.piles.RevealIntoPiles`.

The separating player answers one ``separate_piles`` decision: each option is one way to split
the cards, named by the first pile (the one holding the top card, so that a split and its
mirror image are one option; CR 700.3a: a pile may be empty). Cards with the same name and
characteristics are interchangeable, so splits differing only in which of them goes where are
one option too. The spell's controller then answers ``choose_pile``.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from undercity.cards.language.piles import RevealIntoPiles
from undercity.engine import events as ev
from undercity.engine import targeting, zones
from undercity.engine.decisions import Option
from undercity.engine.effects import card_identity, handles

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem

_PLACES = {"hand": "into its owner's hand", "graveyard": "into its owner's graveyard"}


def splits(g: Game, ids: list[int]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every way to separate ``ids`` into two piles, the first holding ``ids[0]`` (all of them
    when the other pile is empty), identical cards interchangeable (CR 700.3)."""
    if not ids:
        return [((), ())]
    out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    seen: set[tuple[tuple[object, ...], tuple[object, ...]]] = set()
    rest = ids[1:]
    for k in range(len(rest) + 1):
        for extra in combinations(rest, k):
            first = (ids[0], *extra)
            other = tuple(c for c in rest if c not in extra)
            sig = (tuple(sorted(map(repr, (card_identity(g, c) for c in first)))),
                   tuple(sorted(map(repr, (card_identity(g, c) for c in other)))))
            if sig not in seen and sig[::-1] not in seen:
                seen.add(sig)
                out.append((first, other))
    return out


def _names(g: Game, pile: tuple[int, ...]) -> str:
    return ", ".join(g.s.objs[c].name for c in pile) or "nothing"


@handles(RevealIntoPiles)
def h_piles(g: Game, job: Job, item: StackItem, e: RevealIntoPiles, key: str) -> None:
    s = g.s
    me = item.controller
    if job.data.get(key + ":done"):
        return
    ids = list(s.players[me].library[:e.n])
    if key + ":revealed" not in job.data:
        g.emit(ev.Revealed(rule="701.20a", player=me, cards=tuple(s.objs[c].name for c in ids)))
        job.data[key + ":revealed"] = True
    opponents = [p for p in s.living() if targeting._is_opponent(g, me, p)]
    if not opponents:
        separator = me  # no opponent left to separate them (CR 800.4a): its controller does
    else:
        separator = g.ask(job, key + ":who", me, "choose_player", "choose an opponent to separate the piles",
                          [Option(g.player_name(p), p) for p in opponents])
    opts = [Option(f"{_names(g, a)} | {_names(g, b)}", (a, b)) for a, b in splits(g, ids)]
    first, other = g.ask(job, key + ":split", separator, "separate_piles",
                         f"{g.player_name(separator)}: separate {_names(g, tuple(ids))} into two piles (CR 700.3)",
                         opts, {"for": me})
    first, other = tuple(first), tuple(other)
    g.emit(ev.Note(rule="700.3", message=f"{g.player_name(separator)} separates the cards into piles: "
                                         f"{_names(g, first)} | {_names(g, other)}"))
    take = g.ask(job, key + ":pile", me, "choose_pile", f"choose the pile to put into your {e.to}",
                 [Option(_names(g, first), 0), Option(_names(g, other), 1)],
                 {"piles": [list(first), list(other)], "to": e.to})
    chosen, rest = (first, other) if take == 0 else (other, first)
    job.data[key + ":done"] = True
    with zones.simultaneously(g):  # one instruction (CR 608.2c)
        for c in chosen:
            zones.move(g, c, e.to, rule="700.3", verb=f"is put {_PLACES[e.to]}")
        for c in rest:
            zones.move(g, c, e.other_to, rule="700.3", verb=f"is put {_PLACES[e.other_to]}")
