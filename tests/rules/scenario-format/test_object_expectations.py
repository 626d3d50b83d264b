"""The expectations about single objects (docs/scenarios.md, "Expectations") compare what the
engine computes: each fails, naming the field, the expected and the found value, when the
position differs. Characteristics are those after continuous effects (CR 613)."""

from __future__ import annotations

import pytest

from undercity.errors import ScenarioError
from undercity.scenario.runner import run_scenario
from undercity.scenario.schema import parse_scenario

BOARD = """\
format: 1
name: objects
game: {variant: commander, turn: 3}
players:
  - name: Alice
    battlefield:
      - {card: Grizzly Bears, id: bears, counters: {"+1/+1": 1}, damage: 1,
         pumped: {power: 1, toughness: 1, keywords: [flying]}}
      - {card: Rancor, id: rancor, attached_to: bears}
      - {card: Serra Angel, id: angel, owner: Bob}
      - {card: "Linden, the Steadfast Queen", id: linden, commander: true}
    graveyard: [{card: Hill Giant, id: giant}]
  - name: Bob
    commander_damage: {linden: 5}
"""


def failures(expect: str) -> list[str]:
    result = run_scenario(parse_scenario(BOARD + "expect:\n" + expect))
    return result.failures


def test_the_board_as_it_is_passes() -> None:
    """2/2 + Rancor's +2/+0 (layer 7c) + the pump's +1/+1 + a +1/+1 counter (7d) = 6/4, with
    trample from Rancor and flying from the pump (layer 6)."""
    assert failures("""\
  characteristics:
    bears: {power: 6, toughness: 4, types: [Creature], subtypes: [Bear], supertypes: [], colors: [G],
            name: Grizzly Bears, abilities: [trample, flying]}
    linden: {supertypes: [Legendary], colors: [white], abilities: [vigilance, "you gain 1 life"]}
    giant: {abilities: []}
  attached_to: {rancor: bears, bears: null}
  controller: {angel: Alice, rancor: Alice}
  owner: {angel: Bob, bears: Alice}
  damage: {bears: 1, angel: 0}
  commander_damage: {Bob: {linden: 5}, Alice: {linden: 0}}
""") == []


@pytest.mark.parametrize(("expect", "message"), [
    ("characteristics: {bears: {power: 2}}", "characteristics of bears: power: expected 2, found 6"),
    ("characteristics: {bears: {toughness: 2}}", "characteristics of bears: toughness: expected 2, found 4"),
    ("characteristics: {bears: {types: [Creature, Artifact]}}", "types: expected ['Artifact', 'Creature'], found ['Creature']"),
    ("characteristics: {bears: {subtypes: [Elf]}}", "subtypes: expected ['Elf'], found ['Bear']"),
    ("characteristics: {linden: {supertypes: []}}", "supertypes: expected [], found ['Legendary']"),
    ("characteristics: {bears: {colors: [white]}}", "colors: expected ['W'], found ['G']"),
    ("characteristics: {bears: {name: Hill Giant}}", "name: expected 'Hill Giant', found 'Grizzly Bears'"),
    ("characteristics: {bears: {abilities: [haste]}}", "abilities: expected 'haste', found ['flying', 'trample']"),
    ("characteristics: {bears: {abilities: {excludes: [flying]}}}", "abilities: expected no 'flying'"),
    ("characteristics: {bears: {abilities: []}}", "abilities: expected none, found ['flying', 'trample']"),
    ("characteristics: {rancor: {abilities: [\"return it to the battlefield\"]}}",
     "abilities: expected 'return it to the battlefield', found [\"When Rancor is put into a graveyard"),
    ("attached_to: {rancor: angel}", "attached_to of rancor: expected angel, found bears"),
    ("attached_to: {rancor: null}", "attached_to of rancor: expected None, found bears"),
    ("attached_to: {bears: rancor}", "attached_to of bears: expected rancor, found None"),
    ("attached_to: {rancor: Plains}", "attached_to of rancor: Plains: no object with that id or name"),
    ("controller: {angel: Bob}", "controller of angel: expected Bob, found Alice"),
    ("controller: {giant: Alice}", "found none: it is in a graveyard, and only permanents and spells have "
                                   "controllers (CR 108.4a)"),
    ("owner: {angel: Alice}", "owner of angel: expected Alice, found Bob"),
    ("owner: {nobody: Alice}", "owner of nobody: no object with that id or name is in the game"),
    ("damage: {bears: 0}", "damage on bears: expected 0, found 1"),
    ("commander_damage: {Bob: {linden: 6}}", "commander damage dealt to Bob by linden: expected 6, found 5"),
    ("commander_damage: {Bob: {Linden: 5}}", "'Linden' is not a card id of the scenario"),
])
def test_a_wrong_expectation_fails_naming_what_was_found(expect: str, message: str) -> None:
    got = failures(f"  {expect}\n")
    assert len(got) == 1 and message in got[0], got
    assert got[0].startswith("line "), got


def test_a_name_standing_for_several_objects_asks_for_an_id() -> None:
    text = BOARD.replace("    graveyard: [{card: Hill Giant, id: giant}]\n", "    graveyard: [Hill Giant*2]\n")
    got = run_scenario(parse_scenario(text + "expect:\n  owner: {Hill Giant: Alice}\n")).failures
    assert len(got) == 1 and "2 objects are called 'Hill Giant'; give the card an id" in got[0], got


def test_playing_a_land_from_a_zone_without_permission_is_an_error() -> None:
    """CR 305.1: a land is played from the hand unless an effect allows another zone."""
    text = """\
format: 1
name: no permission
players:
  - name: Alice
    hand: [Mountain]
    exile: [Mountain]
  - name: Bob
actions:
  - play: Mountain
    from: exile
"""
    with pytest.raises(ScenarioError) as info:
        run_scenario(parse_scenario(text, file="p.yaml"))
    assert str(info.value).startswith("p.yaml:9: Alice cannot play 'Mountain' from exile now (playing a land "
                                      "from exile needs an effect that allows it, CR 305.1); legal: "), info.value
    assert "play Mountain" in str(info.value)


def test_an_unknown_keyword_of_pumped_is_an_error() -> None:
    text = """\
format: 1
name: bad keyword
players:
  - name: Alice
    battlefield:
      - {card: Grizzly Bears, pumped: {keywords: [flyng]}}
  - name: Bob
"""
    with pytest.raises(ScenarioError) as info:
        run_scenario(parse_scenario(text, file="k.yaml"))
    assert str(info.value).startswith("k.yaml:6: pumped.keywords: unknown keyword 'flyng'; did you mean "
                                      "'flying'?"), info.value


def test_a_third_commander_is_an_error_naming_its_line() -> None:
    """CR 702.124g: at most two commanders (partner), counting those on the battlefield."""
    text = """\
format: 1
name: three commanders
game: {variant: commander}
players:
  - name: Alice
    battlefield: [{card: Grizzly Bears, commander: true}, {card: Hill Giant, commander: true}]
    command: [Serra Angel]
  - name: Bob
"""
    with pytest.raises(ScenarioError) as info:
        run_scenario(parse_scenario(text, file="c.yaml"))
    assert str(info.value) == "c.yaml:7: commander: Alice can't have more than 2 commanders (CR 702.124g)"
