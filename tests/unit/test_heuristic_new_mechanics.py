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


def test_chooses_an_opponents_creature_it_can_kill_to_block_never_its_own() -> None:
    """"Choose any number of creatures. They block this turn if able." (Berserker's Frenzy,
    CR 509.1c, 608.2d): an opponent's creature one of ours would kill in a block; not one of ours,
    nor one too big to kill."""
    g = position(2)
    giant = g.create_object(get_card("Hill Giant"), 0, "battlefield")
    dreadmaw = g.create_object(get_card("Colossal Dreadmaw"), 1, "battlefield")
    lions = g.create_object(get_card("Savannah Lions"), 1, "battlefield")

    def pick(*ids: int) -> object:
        d = Decision(0, "choose_object", "choose any number",
                     [*(Option(f"choose {g.s.objs[i].name}", i) for i in ids), Option("none", None)], key="")
        return d.options[HeuristicAgent(strict=True).choose(g, d)].value

    assert pick(giant.id, dreadmaw.id, lions.id) == lions.id
    assert pick(giant.id, dreadmaw.id) is None


def test_declaring_an_opponents_blockers_it_blocks_only_where_they_die_for_nothing() -> None:
    """"You choose which creatures block this turn and how those creatures block." (Berserker's
    Frenzy, CR 509.1a): declaring Bob's blockers, Alice has his creature block where it dies
    without killing — or not block at all."""
    from undercity.engine.state import Combat

    g = position(2, step="declare-blockers")
    giant = g.create_object(get_card("Hill Giant"), 0, "battlefield")
    bears = g.create_object(get_card("Grizzly Bears"), 0, "battlefield")
    lions = g.create_object(get_card("Savannah Lions"), 1, "battlefield")
    wall = g.create_object(get_card("Colossal Dreadmaw"), 1, "battlefield")
    g.s.combat = Combat(attackers={giant.id: ("p", 1), bears.id: ("p", 1)})

    def blocker(*ids: int) -> object:
        d = Decision(0, "blocker", "Bob: declare blockers (chosen by Alice)",
                     [*(Option(f"block with {g.s.objs[i].name}", i) for i in ids), Option("no more blockers", None)],
                     key="blk1:0")
        return d.options[HeuristicAgent(strict=True).choose(g, d)].value

    assert blocker(wall.id, lions.id) == lions.id  # the Lions die to the Giant without killing it
    assert blocker(wall.id) is None  # the Dreadmaw would kill what it blocks: no block


def test_removes_storage_counters_to_cast_a_dragon_it_could_not_cast_otherwise() -> None:
    """Crucible of the Spirit Dragon's "Remove X storage counters: add X mana in any combination
    of colors; spend it only on Dragon spells" (CR 605.3b, 106.6): with two Mountains and Furnace
    Whelp ({2}{R}{R}) in hand, the counters are worth removing; with only Grizzly Bears, not."""
    def best(card: str) -> str:
        g = position(2)
        crucible = g.create_object(get_card("Crucible of the Spirit Dragon"), 0, "battlefield")
        crucible.counters["storage"] = 3
        for _ in range(2):
            g.create_object(get_card("Mountain"), 0, "battlefield")
        g.create_object(get_card(card), 0, "hand")
        go(g)
        d = g.pending
        assert d is not None and d.kind == "priority"
        return d.options[HeuristicAgent(strict=True).choose(g, d)].label

    assert best("Furnace Whelp").startswith("activate Crucible of the Spirit Dragon: {T}, Remove X storage counters")
    assert not best("Grizzly Bears").startswith("activate Crucible")
