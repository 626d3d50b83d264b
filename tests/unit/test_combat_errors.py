"""Illegal attack and block declarations are errors (CR 508.1, 509.1).

Scenario files state what happens in legal play; the declarations the rules forbid are
checked here: the scenario runner must refuse them with an error naming the legal options.
"""

from __future__ import annotations

import pytest

from undercity.errors import ScenarioError
from undercity.scenario.runner import run_scenario
from undercity.scenario.schema import parse_scenario


def _run(text: str) -> None:
    run_scenario(parse_scenario(text))


def _attack_with(battlefield: str, attack: str, *, step: str = "declare-attackers") -> str:
    return f"""
format: 1
name: an illegal attack
game: {{active: Alice, step: {step}}}
players:
  - name: Alice
    battlefield: {battlefield}
  - name: Bob
    battlefield: []
actions:
  - attack: {attack}
"""


def test_summoning_sick_creature_cannot_attack() -> None:
    """CR 302.6: a creature that came under its controller's control this turn can't attack."""
    text = _attack_with("[{card: Grizzly Bears, id: bears, sick: true}, {card: Savannah Lions, id: lions}]",
                        "{bears: Bob}")
    with pytest.raises(ScenarioError, match=r"bears cannot attack; legal: attack with Savannah Lions"):
        _run(text)


def test_summoning_sick_creature_without_haste_but_the_other_may() -> None:
    """The same position is legal when only the creature controlled since the turn began attacks."""
    _run(_attack_with("[{card: Grizzly Bears, id: bears, sick: true}, {card: Savannah Lions, id: lions}]",
                      "{lions: Bob}"))


def test_haste_overrides_summoning_sickness() -> None:
    """CR 702.10b."""
    _run(_attack_with("[{card: Monastery Swiftspear, id: spear, sick: true}]", "{spear: Bob}"))


def test_defender_cannot_attack() -> None:
    """CR 702.3b: a creature with defender can't attack."""
    text = _attack_with("[{card: Wall of Omens, id: wall}, {card: Grizzly Bears, id: bears}]", "{wall: Bob}")
    with pytest.raises(ScenarioError, match=r"wall cannot attack; legal: attack with Grizzly Bears"):
        _run(text)


def test_tapped_creature_cannot_attack() -> None:
    """CR 508.1a: only untapped creatures can be declared as attackers."""
    text = _attack_with("[{card: Grizzly Bears, id: bears, tapped: true}, {card: Savannah Lions, id: lions}]",
                        "{bears: Bob}")
    with pytest.raises(ScenarioError, match=r"bears cannot attack"):
        _run(text)


def _block(attacker: str, blockers: str, block: str, *, before: str = "") -> str:
    return f"""
format: 1
name: an illegal block
game: {{active: Alice, step: precombat-main}}
players:
  - name: Alice
    hand: [You Look Upon the Tarrasque]
    battlefield: [Forest*5, {attacker}]
  - name: Bob
    battlefield: {blockers}
actions:
{before}
  - attack: {{att: Bob}}
  - resolve
  - block: {block}
"""


def test_flying_attacker_cannot_be_blocked_by_ground_creature() -> None:
    """CR 702.9b: Grizzly Bears (no flying, no reach) can't block Serra Angel."""
    text = _block("{card: Serra Angel, id: att}", "[{card: Grizzly Bears, id: bears}]", "{bears: att}")
    with pytest.raises(ScenarioError, match=r"bears cannot block|could not declare these blocks: bears"):
        _run(text)


def test_reach_creature_can_block_flier() -> None:
    """CR 702.17b: the same block with a reach creature is legal."""
    _run(_block("{card: Serra Angel, id: att}", "[{card: Elturgard Ranger, id: ranger}]", "{ranger: att}"))


def test_menace_attacker_cannot_be_blocked_by_one_creature() -> None:
    """CR 702.111b: a creature with menace can't be blocked except by two or more creatures."""
    text = _block("{card: Calculating Lich, id: att}",
                  "[{card: Grizzly Bears, id: bears}, {card: Savannah Lions, id: lions}]", "{bears: att}")
    with pytest.raises(ScenarioError, match=r"must block more|also blocked \(a requirement"):
        _run(text)


def test_menace_attacker_with_a_single_possible_blocker_cannot_be_blocked() -> None:
    """CR 702.111b: with only one creature, Bob has no legal block at all."""
    text = _block("{card: Calculating Lich, id: att}", "[{card: Grizzly Bears, id: bears}]", "{bears: att}")
    with pytest.raises(ScenarioError, match=r"could not declare these blocks: bears"):
        _run(text)


_GATHER = """
  - cast: You Look Upon the Tarrasque
    modes: [2]
    targets: [att]
  - resolve"""


def test_gather_your_courage_forces_every_able_creature_to_block() -> None:
    """CR 509.1c: "all creatures able to block it do so" — leaving one out is illegal."""
    text = _block("{card: Grizzly Bears, id: att}",
                  "[{card: Savannah Lions, id: lions}, {card: Elite Vanguard, id: vanguard}]",
                  "{lions: att}", before=_GATHER)
    with pytest.raises(ScenarioError, match=r"must block more|also blocked \(a requirement"):
        _run(text)


def test_gather_your_courage_no_block_is_illegal() -> None:
    """CR 509.1c: with one able creature the engine declares the block; `{}` disagrees."""
    text = _block("{card: Grizzly Bears, id: att}", "[{card: Savannah Lions, id: lions}]", "{}", before=_GATHER)
    with pytest.raises(ScenarioError, match=r"Savannah Lions also blocked"):
        _run(text)


def test_gather_your_courage_does_not_force_a_creature_that_cannot_block() -> None:
    """CR 509.1c: a restriction (flying, CR 702.9b) makes a creature unable; it isn't forced."""
    _run(_block("{card: Serra Angel, id: att}", "[{card: Grizzly Bears, id: bears}]", "{}", before=_GATHER))
