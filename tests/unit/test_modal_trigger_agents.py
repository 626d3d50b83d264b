"""The heuristic agent answers a modal triggered ability's mode (CR 603.3c) by what each mode
does now: Knight of Autumn destroys an opponent's artifact creature,
and otherwise takes one of the modes that help its controller."""

from __future__ import annotations

from undercity.agents.heuristic import HeuristicAgent
from undercity.scenario.runner import build_game

_SETUP = """
format: 1
name: heuristic and modal triggers
game: {turn: 3, active: Alice}
players:
  - name: Alice
    library: [Forest*5]
    hand: [Knight of Autumn]
    battlefield: [Forest*2, Plains*2]
  - name: Bob
    library: [Island*5]
    battlefield: [%s]
"""


def _mode_chosen(bob: str) -> str:
    g = build_game(_SETUP % bob)
    agent = HeuristicAgent(strict=True)
    for _ in range(50):
        d = g.pending
        assert d is not None
        if d.kind == "mode":
            return d.options[agent.choose(g, d)].label
        if d.kind == "priority":
            cast = [o for o in d.options if o.label == "cast Knight of Autumn"]
            g.apply(cast[0] if cast else next(o for o in d.options if o.label.startswith("pass")))
        else:
            g.apply(d.options[agent.choose(g, d)])
    raise AssertionError("no mode decision")


def test_destroys_an_opponents_artifact() -> None:
    assert _mode_chosen("Solemn Simulacrum") == "Destroy target artifact or enchantment."


def test_without_a_target_a_helpful_mode() -> None:
    assert _mode_chosen("Grizzly Bears") in ("Put two +1/+1 counters on Knight of Autumn.", "You gain 4 life.")
