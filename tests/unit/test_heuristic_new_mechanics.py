"""The heuristic agent and the new mechanics. Ward's "pay or it's countered" (CR 702.21a): mana is
always worth paying rather than losing the spell; life (CR 119.4) only while enough is left. The
monarch (CR 725.2) is worth attacking."""

from __future__ import annotations

from positions import go, position

from undercity.agents.heuristic import HeuristicAgent
from undercity.cards.registry import get_card
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


def test_unearths_before_combat_not_after() -> None:
    """Unearth (CR 702.84a) gives a hasty creature for one turn: worth its mana in the first
    main phase, when it can attack, not in the second."""
    def choice(step: str) -> str:
        g = position(2, step=step)
        g.create_object(get_card("Dregscape Zombie"), 0, "graveyard")
        g.create_object(get_card("Swamp"), 0, "battlefield")
        go(g)
        d = g.pending
        assert d is not None and d.kind == "priority"
        return d.options[HeuristicAgent(strict=True).choose(g, d)].label

    assert choice("precombat-main").startswith("activate Dregscape Zombie from your graveyard")
    assert choice("postcombat-main") == "pass priority"
