"""The heuristic agent and the new mechanics. Ward's "pay or it's countered" (CR 702.21a): mana is
always worth paying rather than losing the spell; life (CR 119.4) only while enough is left. The
monarch (CR 725.2) is worth attacking."""

from __future__ import annotations

from undercity.agents.heuristic import HeuristicAgent
from undercity.engine.decisions import Decision, Option
from undercity.engine.game import Game


def _ward(g: Game, life: int, mana: str = "") -> Decision:
    return Decision(0, "pay_unless", "pay or it is countered", [Option("pay", True), Option("don't pay", False)],
                    key="", context={"mana": mana, "life": life})


def test_pays_mana_for_ward() -> None:
    g = Game.empty(["Alice", "Bob"])
    assert HeuristicAgent(strict=True).choose(g, _ward(g, 0, "{4}")) == 0


def test_pays_life_for_ward_while_it_can_afford_it() -> None:
    g = Game.empty(["Alice", "Bob"])
    assert HeuristicAgent(strict=True).choose(g, _ward(g, 3)) == 0
    g.s.players[0].life = 8  # 8 - 3 = 5: too low
    assert HeuristicAgent(strict=True).choose(g, _ward(g, 3)) == 1


def test_attacks_the_monarch_to_take_it() -> None:
    """Combat damage to the monarch makes the attacker's controller the monarch (CR 725.2):
    the monarch is the default defender even when another opponent has less life."""
    from undercity.agents.tactics import default_defender

    g = Game.empty(["Alice", "Bob", "Carol"], variant="free-for-all")
    g.s.players[1].life = 5
    assert default_defender(g, 0, [("p", 1), ("p", 2)]) == ("p", 1)
    g.s.monarch = 2
    assert default_defender(g, 0, [("p", 1), ("p", 2)]) == ("p", 2)
