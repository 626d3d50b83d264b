"""The heuristic agent and alternative costs paid from the hand (CR 118.9): it evokes Mulldrifter
(CR 702.74a) for its draw when it can't pay the mana cost, casts it normally when it can, and
prefers keeping a creature to dashing it (CR 702.109a)."""

from __future__ import annotations

from undercity.agents.heuristic import HeuristicAgent
from undercity.scenario.runner import build_game

_SETUP = """
format: 1
name: heuristic and alternative costs
game: {turn: 3, active: Alice}
players:
  - name: Alice
    library: [Island*5]
    hand: [%s]
    battlefield: [%s]
  - name: Bob
    library: [Island*5]
"""


def _pick(hand: str, lands: str) -> str:
    g = build_game(_SETUP % (hand, lands))
    d = g.pending
    assert d is not None and d.kind == "priority"
    return d.options[HeuristicAgent(strict=True).choose(g, d)].label


def test_evokes_for_the_draw_when_the_mana_cost_is_out_of_reach() -> None:
    assert _pick("Mulldrifter", "Island*3") == "cast Mulldrifter (evoke)"


def test_casts_for_the_mana_cost_when_it_can() -> None:
    assert _pick("Mulldrifter", "Island*5") == "cast Mulldrifter"


def test_prefers_casting_to_dashing() -> None:
    assert _pick("Mardu Strike Leader", "Swamp*4") == "cast Mardu Strike Leader"


def test_dashing_is_worth_something_before_combat() -> None:
    """The dash option is scored above passing in the precombat main phase (a hasty attacker),
    below the normal cast."""
    g = build_game(_SETUP % ("Mardu Strike Leader", "Swamp*4"))
    d = g.pending
    assert d is not None
    scores = HeuristicAgent(strict=True).priority_scores(g, d)
    labels = [o.label for o in d.options]
    dash, cast = labels.index("cast Mardu Strike Leader (dash)"), labels.index("cast Mardu Strike Leader")
    assert 0 < scores[dash] < scores[cast]



_BOB_HAS = """
format: 1
name: heuristic and overload
game: {turn: 3, active: Alice}
players:
  - name: Alice
    library: [Mountain*5]
    hand: [Vandalblast]
    battlefield: [Mountain*5]
  - name: Bob
    library: [Island*5]
    battlefield: [%s]
"""


def test_overloads_when_each_is_worth_more_than_one_target() -> None:
    """Vandalblast (CR 702.96b): with three artifacts of Bob's to destroy, the overload cost;
    with one, the mana cost (the same for less)."""
    for bob, label in (("Sol Ring, Ornithopter, Wayfarer's Bauble", "cast Vandalblast (overload)"),
                       ("Solemn Simulacrum", "cast Vandalblast")):
        g = build_game(_BOB_HAS % bob)
        d = g.pending
        assert d is not None
        assert d.options[HeuristicAgent(strict=True).choose(g, d)].label == label, bob


_BESTOW = """
format: 1
name: heuristic and bestow
game: {turn: 3, active: Alice}
players:
  - name: Alice
    library: [Swamp*5]
    hand: [Nighthowler]
    graveyard: [%s]
    battlefield: [%s]
  - name: Bob
    library: [Island*5]
    graveyard: [Hill Giant]
"""


#: Bob has a creature too.
_WITH_GIANT = _BESTOW.replace("    battlefield: [%s]\n  - name: Bob", "    battlefield: [%s]\n  - name: Bob\n"
                              "    battlefield: [{card: Hill Giant, id: giant}]")


def test_bestows_on_a_creature_of_its_own() -> None:
    """Nighthowler (CR 702.103a-b): with Grizzly Bears to put it on, the bestow cost — the Bears
    get +X/+X now and Nighthowler stays when they go (702.103f); without a creature, the mana cost."""
    for battlefield, label in (("Grizzly Bears, Swamp*4", "cast Nighthowler (bestow)"),
                               ("Swamp*4", "cast Nighthowler")):
        g = build_game(_BESTOW % ("Goblin Piker", battlefield))
        d = g.pending
        assert d is not None
        assert d.options[HeuristicAgent(strict=True).choose(g, d)].label == label, battlefield


def test_bestow_targets_its_own_creature() -> None:
    """The target of the bestowed Aura spell (CR 702.103b, 601.2c): Alice's creature, not Bob's."""
    g = build_game(_WITH_GIANT % ("Goblin Piker", "{card: Grizzly Bears, id: bears}, Swamp*4"))
    agent = HeuristicAgent(strict=True)
    d = g.pending
    assert d is not None
    g.apply(next(i for i, o in enumerate(d.options) if o.label == "cast Nighthowler (bestow)"))
    d = g.pending
    assert d is not None and d.kind == "target"
    assert d.options[agent.choose(g, d)].label.startswith("Grizzly Bears")


def test_the_random_agent_may_bestow() -> None:
    """The random agent answers the bestow option and its target like any other (no new kind)."""
    from undercity.agents.random_agent import RandomAgent

    g = build_game(_WITH_GIANT % ("Goblin Piker", "Grizzly Bears, Swamp*4"))
    d = g.pending
    assert d is not None
    g.apply(next(i for i, o in enumerate(d.options) if o.label == "cast Nighthowler (bestow)"))
    d = g.pending
    assert d is not None and d.kind == "target"
    assert 0 <= RandomAgent(seed=1).choose(g, d) < len(d.options)
