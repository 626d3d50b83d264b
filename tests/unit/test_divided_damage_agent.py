"""The heuristic agent divides damage (CR 601.2d) sensibly: an opponent's creature gets what
kills it, a player only what is left."""

from __future__ import annotations

from undercity.agents.heuristic import HeuristicAgent
from undercity.scenario.runner import build_game

_SETUP = """
format: 1
game: {turn: 3, active: Alice}
players:
  - name: Alice
    library: [Mountain*5]
    hand: [Arc Lightning]
    battlefield: [Mountain*3]
  - name: Bob
    library: [Mountain*5]
    battlefield: [{card: %s, id: target}]
"""


def _divide(creature: str, first_target: str) -> str:
    g = build_game(_SETUP % creature)
    d = g.pending
    assert d is not None
    g.apply(next(o for o in d.options if o.value[0] == "cast"))
    bob = ("p", 1)
    target = next(oid for oid in g.s.battlefield if g.s.objs[oid].name == creature)
    order = [("o", target), bob] if first_target == "creature" else [bob, ("o", target)]
    for t in order:
        d = g.pending
        assert d is not None and d.kind == "target"
        g.apply(next(o for o in d.options if o.value == t))
    d = g.pending
    assert d is not None and d.kind == "target"
    g.apply(next(o for o in d.options if o.value is None))  # no third target
    d = g.pending
    assert d is not None and d.kind == "divide"
    return d.options[HeuristicAgent(strict=True).choose(g, d)].label


def test_an_opponents_creature_gets_what_kills_it() -> None:
    assert _divide("Grizzly Bears", "creature") == "2 to Grizzly Bears"
    assert _divide("Savannah Lions", "creature") == "1 to Savannah Lions"


def test_a_player_gets_the_least_while_a_creature_still_waits() -> None:
    assert _divide("Grizzly Bears", "player") == "1 to Bob"
