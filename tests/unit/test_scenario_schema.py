"""Tests of the scenario-file parser and validator (undercity.scenario.schema)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from undercity.errors import ScenarioError
from undercity.scenario.schema import (
    STEPS,
    VARIANTS,
    Action,
    CardMatch,
    CardSpec,
    DungeonPos,
    Expect,
    Scenario,
    ZoneExpect,
    load_scenario,
    parse_scenario,
)

# The full example of scenario-format.md, verbatim.
FULL_EXAMPLE = """\
format: 1
name: Ravenloft Adventurer exiles a dying opposing creature with a hit counter
cites: ["614.6", "ruling 2022-06-10 Ravenloft Adventurer"]
game:
  variant: two-player      # two-player | free-for-all | commander | two-headed-giant
  seed: 1                  # the game's RNG seed (shuffles, coin flips); default 0
  turn: 3                  # turn number; default 1
  active: Alice            # whose turn
  step: precombat-main     # see "Steps"; default precombat-main
  initiative: Alice        # who has the initiative; absent: no one (CR 726.1)
players:                   # in turn order
  - name: Alice
    life: 20               # default: the variant's starting life
    team: A                # two-headed-giant only
    library: [Swamp*10]    # top card first; "Name*N" repeats a card
    hand: [Murder]
    battlefield:
      - Swamp*4
      - {card: Ravenloft Adventurer, id: rav, tapped: false, sick: false, counters: {"+1/+1": 1}}
    graveyard: []
    exile: [{card: Grizzly Bears, counters: {hit: 1}}]
    command: []            # commanders
    dungeon: {name: Undercity, room: Forge}   # venture marker position; absent: no dungeon
    completed: [Lost Mine of Phandelver]       # dungeons completed earlier this game
  - name: Bob
    battlefield: [{card: Grizzly Bears, id: bears}]
actions:
  - cast: Murder            # from hand unless `from:` says otherwise (graveyard for escape, command…)
    by: Alice
    targets: [bears]        # ids, or names when unambiguous; "Bob:graveyard:Grizzly Bears" for a card in a zone
  - resolve                 # all players pass until the stack is empty (stops at any other decision)
  - expect:
      zones:
        Bob.exile: {contains: [{card: Grizzly Bears, counters: {hit: 1}}]}
        Bob.graveyard: {count: 0}
"""

PLAYERS = """\
players:
  - name: Alice
    battlefield: [{card: Ravenloft Adventurer, id: rav}, {card: Grizzly Bears, id: bears}]
  - name: Bob
"""


def scenario(body: str = "", players: str = PLAYERS, head: str = "format: 1\nname: test\n") -> str:
    """A scenario text: a header, two players (Alice, Bob) and ``body``."""
    return head + players + textwrap.dedent(body)


def error_of(text: str, file: str = "t.yaml") -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, file=file)
    return info.value


def line_of(text: str, fragment: str) -> int:
    """The 1-based number of the first line of ``text`` containing ``fragment``."""
    for number, line in enumerate(text.splitlines(), 1):
        if fragment in line:
            return number
    raise AssertionError(f"{fragment!r} not in text")


def assert_error(text: str, fragment: str, key: str, *words: str) -> ScenarioError:
    """Parsing fails with an error on the line holding ``fragment``, naming the file,
    that line, ``key`` and each of ``words``."""
    err = error_of(text)
    line = line_of(text, fragment)
    assert err.file == "t.yaml"
    assert err.line == line, str(err)
    assert err.key is not None and key in err.key, str(err)
    message = str(err)
    assert message.startswith(f"t.yaml:{line}: "), message
    assert key in message
    for word in words:
        assert word in message, message
    return err


# ------------------------------------------------------------------ valid input


def test_full_example_of_the_format_parses() -> None:
    s = parse_scenario(FULL_EXAMPLE, file="example.yaml")
    assert isinstance(s, Scenario)
    assert s.name.startswith("Ravenloft Adventurer exiles")
    assert s.file == "example.yaml"
    assert s.cites == ["614.6", "ruling 2022-06-10 Ravenloft Adventurer"]
    g = s.game
    assert (g.variant, g.seed, g.turn, g.active, g.step, g.initiative) == (
        "two-player", 1, 3, "Alice", "precombat-main", "Alice")
    alice, bob = s.players
    assert alice.name == "Alice" and alice.life == 20 and alice.team == "A"
    assert [c.card for c in alice.library] == ["Swamp"] * 10
    assert alice.hand == [CardSpec("Murder", line=16)]
    assert [c.card for c in alice.battlefield] == ["Swamp"] * 4 + ["Ravenloft Adventurer"]
    rav = alice.battlefield[-1]
    assert (rav.id, rav.tapped, rav.sick, rav.counters) == ("rav", False, False, {"+1/+1": 1})
    assert alice.exile[0].counters == {"hit": 1}
    assert alice.graveyard == [] and alice.command == []
    assert alice.dungeon == DungeonPos("Undercity", "Forge")
    assert alice.completed == ["Lost Mine of Phandelver"]
    assert bob.life is None and bob.dungeon is None
    assert bob.battlefield[0].id == "bears"

    cast, resolve, expect = s.actions
    assert cast == Action("cast", "Murder", "Alice", {"targets": ["bears"]}, 28)
    assert (resolve.kind, resolve.value, resolve.by, resolve.options) == ("resolve", None, None, {})
    assert expect.kind == "expect" and isinstance(expect.value, Expect)
    zones = expect.value.checks["zones"]
    assert zones["Bob.exile"] == ZoneExpect("Bob", "exile", contains=[CardMatch("Grizzly Bears", {"hit": 1})])
    assert zones["Bob.graveyard"].count == 0
    assert s.expects == [expect.value]
    assert expect.value.line == expect.line == 32 and not expect.value.final


def test_defaults() -> None:
    s = parse_scenario(scenario(), file="dir/defaults.yaml")
    assert s.name == "test"
    assert s.cites == [] and s.actions == [] and s.expects == []
    assert s.game.variant == "two-player"
    assert (s.game.seed, s.game.turn, s.game.active, s.game.step, s.game.initiative) == (
        0, 1, "Alice", "precombat-main", None)
    bears = s.players[0].battlefield[1]
    assert (bears.tapped, bears.sick, bears.token, bears.counters, bears.attached_to, bears.controller) == (
        False, False, False, {}, None, None)
    nameless = parse_scenario("format: 1\n" + PLAYERS, file="dir/my-test.yaml")
    assert nameless.name == "my-test"


def test_repeat_syntax_expands() -> None:
    s = parse_scenario(scenario(players="""\
players:
  - name: Alice
    hand: ["Grizzly Bears*3", Swamp * 2, Murder]
    battlefield: [{card: "Forest*2", tapped: true, counters: {"+1/+1": 1}}]
  - name: Bob
"""))
    alice = s.players[0]
    assert [c.card for c in alice.hand] == ["Grizzly Bears"] * 3 + ["Swamp"] * 2 + ["Murder"]
    assert len(alice.battlefield) == 2 and all(c.tapped for c in alice.battlefield)
    alice.battlefield[0].counters["+1/+1"] = 5  # copies do not share their counters
    assert alice.battlefield[1].counters == {"+1/+1": 1}


def test_every_action_kind() -> None:
    s = parse_scenario(scenario("""\
        actions:
          - pass
          - pass:
            by: Bob
          - resolve
          - cast: Hero's Downfall
            by: Alice
            from: graveyard
            targets: Bob
            x: 0
            modes: [1, destroy target creature]
            cost: escape
            pay: {exile: [a, b]}
          - activate: rav
            ability: 2
            targets: [bears]
            pay: {mana: [s1]}
          - activate: Prophetic Prism
            ability: "{1}, {T}: Add one mana of any color."
          - play: Swamp
          - advance: declare-attackers
          - attack: {rav: Bob, bears: Bob}
          - block: {}
          - block: {wall: [rav, bears]}
          - choose: Forge
            by: Alice
          - choose: [initiative, rav]
          - choose: yes
          - concede: Bob
          - expect: {life: {Alice: 20}}
        expect:
          lost: Bob
        """))
    kinds = [a.kind for a in s.actions]
    assert kinds == ["pass", "pass", "resolve", "cast", "activate", "activate", "play", "advance",
                     "attack", "block", "block", "choose", "choose", "choose", "concede", "expect"]
    a = s.actions
    assert a[1].by == "Bob" and a[1].value is None
    assert a[3].options == {"from": "graveyard", "targets": ["Bob"], "x": 0,
                            "modes": [1, "destroy target creature"], "cost": "escape",
                            "pay": {"exile": ["a", "b"]}}
    assert a[4].value == "rav" and a[4].options["ability"] == 2
    assert a[5].options["ability"] == "{1}, {T}: Add one mana of any color."
    assert a[7].value == "declare-attackers"
    assert a[8].value == {"rav": "Bob", "bears": "Bob"}
    assert a[9].value == {} and a[10].value == {"wall": ["rav", "bears"]}
    assert (a[11].value, a[11].by) == ("Forge", "Alice")
    assert a[12].value == ["initiative", "rav"] and a[13].value is True
    assert a[14].value == "Bob"
    assert [e.final for e in s.expects] == [False, True]
    assert s.expects[0] is a[15].value
    assert s.expects[-1].checks == {"lost": ["Bob"]}
    assert [x.line for x in a[:4]] == [line_of(scenario(), "name: Bob") + n for n in (2, 3, 5, 6)]


def test_every_expect_key() -> None:
    s = parse_scenario(scenario("""\
        expect:
          life: {Alice: 20, Bob: 15}
          initiative: null
          dungeon: {Alice: {name: Undercity, room: Lost Well}, Bob: null}
          completed: {Alice: 1, Bob: [Undercity]}
          zones:
            Bob.exile: {contains: [Grizzly Bears, {card: Murder, tapped: false, controller: Alice, token: false}],
                        excludes: ["Swamp*2"], count: 3}
            Alice.command: {count: 0}
          stack: []
          counters: {rav: {"+1/+1": 2, hit: 0}}
          lost: [Bob]
          log: {contains: ["726.2", ventures into Undercity, 614.10]}
        """))
    (e,) = s.expects
    c = e.checks
    assert e.final
    assert c["life"] == {"Alice": 20, "Bob": 15}
    assert c["initiative"] is None
    assert c["dungeon"] == {"Alice": DungeonPos("Undercity", "Lost Well"), "Bob": None}
    assert c["completed"] == {"Alice": 1, "Bob": ["Undercity"]}
    exile = c["zones"]["Bob.exile"]
    assert exile.contains == [CardMatch("Grizzly Bears"),
                              CardMatch("Murder", tapped=False, controller="Alice", token=False)]
    assert exile.excludes == [CardMatch("Swamp")] * 2 and exile.count == 3
    assert c["zones"]["Alice.command"] == ZoneExpect("Alice", "command", count=0)
    assert c["stack"] == []
    assert c["counters"] == {"rav": {"+1/+1": 2, "hit": 0}}
    assert c["lost"] == ["Bob"]
    assert c["log"] == {"contains": ["726.2", "ventures into Undercity", "614.10"]}  # numbers kept as written


def test_two_headed_giant_and_multiplayer() -> None:
    four = """\
players:
  - {name: A1, team: A, life: 30}
  - {name: B1, team: B}
  - {name: A2, team: A, life: 30}
  - {name: B2, team: B}
"""
    s = parse_scenario(scenario("game: {variant: two-headed-giant, active: B1}\n", players=four))
    assert [p.team for p in s.players] == ["A", "B", "A", "B"] and s.game.active == "B1"
    ffa = parse_scenario(scenario("game: {variant: free-for-all}\n", players=four))
    assert len(ffa.players) == 4
    bad = four.replace("  - {name: A2, team: A, life: 30}", "  - {name: A2, team: A, life: 25}")
    assert_error(scenario("game: {variant: two-headed-giant}\n", players=bad), "life: 25", "life", "shares")
    assert_error(scenario("game: {variant: two-player}\n", players=four), "variant", "game.variant", "2 players")


def test_attachments_tokens_and_controller() -> None:
    s = parse_scenario(scenario(players="""\
players:
  - name: Alice
    battlefield:
      - {card: Grizzly Bears, id: bears}
      - {card: Rancor, attached_to: bears}
      - {card: Curse of Opulence, attached: Bob}
      - {card: Pacifism, attached_to: Serra Angel}
      - {card: Soldier, token: true, sick: true}
  - name: Bob
    battlefield: [{card: Serra Angel, controller: Alice}]
"""))
    bf = s.players[0].battlefield
    assert [c.attached_to for c in bf] == [None, "bears", "Bob", "Serra Angel", None]
    assert bf[4].token and bf[4].sick
    assert s.players[1].battlefield[0].controller == "Alice"


def test_anchors_and_merge_keys() -> None:
    s = parse_scenario(scenario(players="""\
players:
  - &base {name: Alice, life: 20, hand: [Murder]}
  - <<: *base
    name: Bob
    life: 10
"""))
    assert [(p.name, p.life, [c.card for c in p.hand]) for p in s.players] == [
        ("Alice", 20, ["Murder"]), ("Bob", 10, ["Murder"])]


def test_load_scenario_from_file(tmp_path: Path) -> None:
    path = tmp_path / "ex.yaml"
    path.write_text(FULL_EXAMPLE, encoding="utf-8")
    assert load_scenario(path).file == str(path)
    assert load_scenario(str(path)).name.startswith("Ravenloft")
    err = error_of_load(tmp_path / "missing.yaml")
    assert "missing.yaml" in str(err) and "cannot read" in str(err)
    binary = tmp_path / "bin.yaml"
    binary.write_bytes(b"\xff\xfe\x00bad")
    assert "UTF-8" in str(error_of_load(binary))


def error_of_load(path: Path) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    return info.value


def test_exports() -> None:
    assert STEPS[0] == "untap" and STEPS[-1] == "cleanup" and len(STEPS) == 13
    assert STEPS.index("precombat-main") < STEPS.index("combat-damage") < STEPS.index("end")
    assert set(VARIANTS) == {"two-player", "free-for-all", "commander", "two-headed-giant"}


# ------------------------------------------------------------------ bad input


def test_yaml_syntax_error_names_the_line() -> None:
    text = "format: 1\nplayers:\n  - name: Alice\n    hand: [Murder\n  - name: Bob\n"
    err = error_of(text)
    assert err.file == "t.yaml" and err.line is not None and 4 <= err.line <= 6
    assert str(err).startswith(f"t.yaml:{err.line}: ") and "YAML" in str(err)
    tabs = error_of("format: 1\nplayers:\n\t- name: Alice\n")
    assert tabs.line == 3


def test_empty_and_non_mapping_files() -> None:
    assert "empty" in str(error_of(""))
    assert "mapping" in str(error_of("- just\n- a list\n"))


def test_format_must_be_1() -> None:
    assert_error(scenario(head="format: 2\n"), "format: 2", "format", "format 1")
    assert_error(scenario(head='format: "1"\n'), "format:", "format", "format 1")
    err = error_of(scenario(head="name: x\n"))
    assert err.key == "format" and "format: 1" in str(err)


def test_unknown_top_level_key_suggests() -> None:
    assert_error(scenario("actoins: [pass]\n"), "actoins", "actoins", "did you mean 'actions'")
    assert_error(scenario("life: {Alice: 3}\n"), "life:", "life", "under `expect:`")


def test_unknown_action_kind_suggests_the_closest() -> None:
    text = scenario("""\
        actions:
          - pass
          - cats: Murder
            by: Alice
        """)
    assert_error(text, "cats:", "actions[2].cats", "unknown action kind", "did you mean 'cast'")
    assert_error(scenario("actions: [resolv]\n"), "actions:", "actions[1]", "did you mean 'resolve'")
    assert_error(scenario("actions: [cast]\n"), "actions:", "actions[1]", "needs a value")
    text = scenario("""\
        actions:
          - cast: Murder
            targest: [bears]
        """)
    assert_error(text, "targest", "actions[1].targest", "did you mean 'targets'")
    text = scenario("""\
        actions:
          - advance: end
            by: Alice
        """)
    assert_error(text, "by: Alice", "actions[1].by", "does not apply to `advance`")
    text = scenario("""\
        actions:
          - cast: Murder
            play: Swamp
        """)
    assert_error(text, "play: Swamp", "actions[1].play", "one action per list item")


def test_wrong_types() -> None:
    bad_life = PLAYERS.replace("  - name: Bob\n", "  - name: Bob\n    life: twenty\n")
    assert_error(scenario(players=bad_life), "life: twenty", "players[2].life", "whole number", "twenty")
    assert_error(scenario("game: {seed: 1.5}\n"), "seed", "game.seed", "whole number")
    assert_error(scenario("game: {turn: 0}\n"), "turn", "game.turn", "at least 1")
    bad_tapped = PLAYERS.replace("id: bears}", "id: bears, tapped: maybe}")
    assert_error(scenario(players=bad_tapped), "maybe", "players[1].battlefield[2].tapped", "true or false")
    assert_error(scenario("players: Alice\n", players=""), "players: Alice", "players", "a list")
    assert_error(scenario("actions:\n  - cast: Murder\n    x: -1\n"), "x: -1", "actions[1].x", "at least 0")
    assert_error(scenario("actions:\n  - cast: Murder\n    x: two\n"), "x: two", "actions[1].x", "whole number")
    assert_error(scenario("actions:\n  - cast: [Murder]\n"), "cast:", "actions[1].cast", "a card name")
    assert_error(scenario("actions:\n  - cast: Murder\n    from: deck\n"), "from: deck", "actions[1].from",
                 "unknown zone", "hand")
    assert_error(scenario("actions:\n  - cast: Murder\n    modes: [0]\n"), "modes", "actions[1].modes[1]",
                 "at least 1")
    assert_error(scenario("actions:\n  - pass: Alice\n"), "pass: Alice", "actions[1].pass", "takes no value")


def test_unknown_step_lists_the_valid_ones() -> None:
    err = assert_error(scenario("game: {step: main1}\n"), "step: main1", "game.step", "unknown step 'main1'")
    assert all(step in str(err) for step in STEPS)
    assert_error(scenario("actions:\n  - advance: combat damage\n"), "advance", "actions[1].advance",
                 "did you mean 'combat-damage'", "upkeep")


def test_unknown_variant() -> None:
    err = assert_error(scenario("game:\n  variant: 2hg\n"), "variant: 2hg", "game.variant", "unknown variant")
    assert all(v in str(err) for v in VARIANTS)


def test_unknown_players_are_rejected() -> None:
    assert_error(scenario("game: {active: Carol}\n"), "active: Carol", "game.active",
                 "no player is called 'Carol'", "Alice, Bob")
    assert_error(scenario("game:\n  initiative: Bobb\n"), "initiative: Bobb", "game.initiative",
                 "did you mean 'Bob'")
    assert_error(scenario("actions:\n  - pass\n  - pass:\n    by: Eve\n"), "by: Eve", "actions[2].by", "Eve")
    assert_error(scenario("actions:\n  - concede: Eve\n"), "concede: Eve", "actions[1].concede", "Eve")
    assert_error(scenario("expect: {life: {Eve: 3}}\n"), "expect:", "expect.life.Eve", "Eve")
    assert_error(scenario("expect: {lost: [Eve]}\n"), "expect:", "expect.lost[1]", "Eve")
    controller = PLAYERS.replace("id: bears}", "id: bears, controller: Eve}")
    assert_error(scenario(players=controller), "controller: Eve", "controller", "Eve")


def test_duplicates() -> None:
    dup_id = PLAYERS.replace("  - name: Bob\n", "  - name: Bob\n    hand: [{card: Murder, id: rav}]\n")
    err = assert_error(scenario(players=dup_id), "card: Murder, id: rav", "players[2].hand[1].id",
                       "duplicate id 'rav'")
    assert f"line {line_of(scenario(), 'id: rav')}" in str(err)
    dup_player = PLAYERS.replace("name: Bob", "name: Alice")
    err = error_of(scenario(players=dup_player))
    assert err.key == "players[2].name" and err.line == line_of(PLAYERS, "name: Bob") + 2
    assert "two players are called 'Alice' (the first on line 4)" in str(err)
    dup_key = scenario("game:\n  seed: 1\n  seed: 2\n")
    assert_error(dup_key, "seed: 2", "game.seed", "duplicate key")
    repeat_id = PLAYERS.replace("{card: Grizzly Bears, id: bears}", "{card: Grizzly Bears*2, id: bears}")
    assert_error(scenario(players=repeat_id), "id: bears", "players[1].battlefield[2].id", "repeats")


def test_bad_repeat_syntax() -> None:
    for bad in ("Swamp*", "Swamp*0", "Swamp*x", "Swamp*-1", "Swamp*2*3", "Swamp*99999"):
        players = PLAYERS.replace("  - name: Bob\n", f'  - name: Bob\n    library: ["{bad}"]\n')
        assert_error(scenario(players=players), bad, "players[2].library[1]", "bad repeat", "NAME*N")


def test_unknown_keys_in_cards_and_players() -> None:
    players = PLAYERS.replace("id: bears}", "id: bears, taped: true}")
    assert_error(scenario(players=players), "taped", "players[1].battlefield[2].taped", "did you mean 'tapped'")
    players = PLAYERS.replace("  - name: Bob\n", "  - name: Bob\n    graveyar: [Murder]\n")
    assert_error(scenario(players=players), "graveyar", "players[2].graveyar", "did you mean 'graveyard'")
    players = PLAYERS.replace("  - name: Bob\n", "  - name: Bob\n    hand: [{id: x}]\n")
    assert_error(scenario(players=players), "id: x", "players[2].hand[1].card", "card: NAME")
    players = PLAYERS.replace("  - name: Bob\n", "  - name: Bob\n    hand: [{card: Murder, tapped: true}]\n")
    assert_error(scenario(players=players), "tapped: true", "players[2].hand[1].tapped", "battlefield")
    players = PLAYERS.replace("  - name: Bob\n", "  - name: Bob\n    battlefield: [{card: Rancor, attached_to: bares}]\n")
    assert_error(scenario(players=players), "bares", "players[2].battlefield[1].attached_to", "did you mean 'bears'")


def test_bad_expect_keys_and_shapes() -> None:
    text = scenario("actions:\n  - expect:\n      lifes: {Alice: 20}\n")
    assert_error(text, "lifes", "actions[1].expect.lifes", "did you mean 'life'", "initiative")
    assert_error(scenario("expect: {}\n"), "expect:", "expect", "checks nothing")
    assert_error(scenario("expect: {stack: {Murder: 1}}\n"), "expect:", "expect.stack", "a list")
    assert_error(scenario("expect: {log: [\"726.2\"]}\n"), "expect:", "expect.log", "contains")
    assert_error(scenario("expect: {counters: {rav: {hit: lots}}}\n"), "expect:", "expect.counters.rav.hit",
                 "whole number")
    assert_error(scenario("expect: {dungeon: {Alice: Undercity}}\n"), "expect:", "expect.dungeon.Alice",
                 "room")
    assert_error(scenario("expect: {completed: {Alice: -1}}\n"), "expect:", "expect.completed.Alice",
                 "at least 0")
    text = scenario("actions:\n  - expect:\n    life: {Alice: 20}\n")
    assert_error(text, "- expect:", "actions[1].expect", "indented")


def test_bad_zone_expectations() -> None:
    def zones(entry: str) -> str:
        return scenario(f"expect:\n  zones:\n    {entry}\n")

    assert_error(zones("Bob: {count: 0}"), "Bob: {count", "expect.zones.Bob", "Player.zone")
    assert_error(zones("Eve.hand: {count: 0}"), "Eve.hand", "expect.zones.Eve.hand", "no player")
    assert_error(zones("Bob.grave: {count: 0}"), "Bob.grave", "expect.zones.Bob.grave",
                 "did you mean 'graveyard'", "command")
    assert_error(zones("Bob.hand: {has: [Murder]}"), "Bob.hand", "expect.zones.Bob.hand.has", "contains")
    assert_error(zones("Bob.hand: {count: many}"), "Bob.hand", "expect.zones.Bob.hand.count", "whole number")
    assert_error(zones("Bob.hand: {contains: [{card: Murder, sick: true}]}"), "Bob.hand",
                 "expect.zones.Bob.hand.contains[1].sick", "unknown key")
    assert_error(zones("Bob.hand: [Murder]"), "Bob.hand", "expect.zones.Bob.hand", "contains")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("format: 1\n-[]{}*,'\"&!#|>%@`players name Alice Bob"
                                               "actions cast expect zones life \t\x00é"))))
def test_garbage_never_gives_a_traceback(text: str) -> None:
    try:
        parse_scenario(text)
    except ScenarioError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_mutated_example_never_gives_a_traceback(data: st.DataObject) -> None:
    lines = FULL_EXAMPLE.splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(lines) - 1))
        op = data.draw(st.sampled_from(["drop", "dup", "swap-value", "truncate"]))
        if op == "drop":
            lines.pop(i)
        elif op == "dup":
            lines.insert(i, lines[i])
        elif op == "truncate":
            lines[i] = lines[i][: data.draw(st.integers(0, len(lines[i])))]
        else:
            value = data.draw(st.sampled_from(["null", "[]", "{}", "-3", "x*0", "yes", "[a, [b]]", "{a: 1}"]))
            head, colon, _ = lines[i].partition(": ")
            if colon:
                lines[i] = f"{head}: {value}"
        if not lines:
            break
    try:
        parse_scenario("\n".join(lines))
    except ScenarioError:
        pass


# ------------------------------------------------------------------ designations, links, object expectations

COMMANDER_GAME = """\
game: {variant: commander}
players:
  - name: Alice
    battlefield: [{card: "Linden, the Steadfast Queen", id: linden, commander: true}]
    command: [{card: Grizzly Bears, id: alice-cmdr2}]
  - name: Bob
    commander_damage: {linden: 7}
"""


def test_setup_designations_and_links_parse() -> None:
    """owner, goaded_by (CR 701.15), damage (120.3), pumped (611.2a), exiled_by (610.3),
    commander (903.3) and a player's commander_damage (903.10a)."""
    players = """\
players:
  - name: Alice
    battlefield:
      - {card: Serra Angel, id: angel, owner: Bob, goaded_by: [Bob], damage: 2, pumped: [+2, -1]}
      - {card: Banishing Light, id: light}
      - {card: Grizzly Bears, pumped: {power: 1, keywords: [Flying, trample]}}
  - name: Bob
    exile: [{card: Hill Giant, exiled_by: light}]
"""
    s = parse_scenario(scenario(players=players))
    angel, _, bears = s.players[0].battlefield
    assert (angel.owner, angel.goaded_by, angel.damage) == ("Bob", ("Bob",), 2)
    assert angel.pumped is not None and (angel.pumped.power, angel.pumped.toughness) == (2, -1)
    assert bears.pumped is not None and bears.pumped.keywords == frozenset({"flying", "trample"})
    assert bears.pumped.toughness == 0
    assert s.players[1].exile[0].exiled_by == "light"
    c = parse_scenario("format: 1\n" + COMMANDER_GAME)
    assert c.players[0].battlefield[0].commander is True
    assert c.players[1].commander_damage == {"linden": 7}


def test_object_expectations_parse() -> None:
    text = COMMANDER_GAME + textwrap.dedent("""\
        expect:
          characteristics:
            linden: {power: 3, toughness: 3, types: Creature, subtypes: [Human, Noble], supertypes: [Legendary],
                     colors: [white, W], abilities: [vigilance], name: "Linden, the Steadfast Queen"}
            alice-cmdr2: {abilities: [], colors: []}
            bears: {abilities: {contains: [trample], excludes: [flying]}}
          attached_to: {linden: null, rancor: bears}
          controller: {linden: Alice}
          owner: {linden: Alice}
          damage: {linden: 0}
          commander_damage: {Bob: {linden: 7}}
        """)
    checks = parse_scenario("format: 1\n" + text).expects[0].checks
    ch = checks["characteristics"]
    assert ch["linden"]["types"] == frozenset({"Creature"}) and ch["linden"]["colors"] == frozenset({"W"})
    assert ch["linden"]["abilities"] == {"contains": ["vigilance"]}
    assert ch["alice-cmdr2"] == {"abilities": {"none": []}, "colors": frozenset()}
    assert ch["bears"]["abilities"] == {"contains": ["trample"], "excludes": ["flying"]}
    assert checks["attached_to"] == {"linden": None, "rancor": "bears"}
    assert checks["controller"] == checks["owner"] == {"linden": "Alice"}
    assert checks["damage"] == {"linden": 0}
    assert checks["commander_damage"] == {"Bob": {"linden": 7}}


def _card_error(extra: str, fragment: str, key: str, *words: str) -> None:
    players = PLAYERS.replace("id: bears}", f"id: bears, {extra}}}")
    assert_error(scenario(players=players), fragment, key, *words)


def test_malformed_setup_designations_are_named() -> None:
    b2 = "players[1].battlefield[2]"
    _card_error("owner: Eve", "owner: Eve", f"{b2}.owner", "no player is called 'Eve'")
    _card_error("owner: Bob, controller: Bob", "owner: Bob", f"{b2}.owner", "not both")
    _card_error("goaded_by: [Carol]", "goaded_by", f"{b2}.goaded_by[1]", "no player is called 'Carol'")
    _card_error("goaded_by: [Bob, Bob]", "goaded_by", f"{b2}.goaded_by[2]", "listed twice", "701.15c")
    _card_error("damage: two", "damage: two", f"{b2}.damage", "whole number")
    _card_error("damage: -1", "damage: -1", f"{b2}.damage", "at least 0")
    _card_error("pumped: [2]", "pumped", f"{b2}.pumped", "two numbers", "[+2, +2]")
    _card_error("pumped: [2, x]", "pumped", f"{b2}.pumped[2]", "whole number")
    _card_error("pumped: {powr: 2}", "pumped", f"{b2}.pumped.powr", "did you mean 'power'")
    _card_error("pumped: {}", "pumped", f"{b2}.pumped", "does nothing")
    _card_error("pumped: 2", "pumped", f"{b2}.pumped", "[+2, +2]")
    _card_error("exiled_by: rav", "exiled_by", f"{b2}.exiled_by", "only a card in exile", "battlefield")
    _card_error("commander: yes please", "commander", f"{b2}.commander", "true or false")
    _card_error("commander: true", "commander", f"{b2}.commander", "only a commander game", "903.3")
    graveyard = PLAYERS.replace("  - name: Bob\n", "  - name: Bob\n    graveyard: [{card: Hill Giant, damage: 1}]\n")
    assert_error(scenario(players=graveyard), "damage: 1", "players[2].graveyard[1].damage",
                 "only a permanent on the battlefield", "graveyard")
    exile = PLAYERS.replace("  - name: Bob\n", "  - name: Bob\n    exile: [{card: Hill Giant, exiled_by: ligth}]\n")
    assert_error(scenario(players=exile), "exiled_by: ligth", "players[2].exile[1].exiled_by",
                 "'ligth' is not the id of a permanent")


def test_malformed_commander_damage_is_named() -> None:
    bad_id = COMMANDER_GAME.replace("{linden: 7}", "{lindn: 7}")
    assert_error("format: 1\n" + bad_id, "lindn", "players[2].commander_damage.lindn",
                 "not the id of a commander", "did you mean 'linden'")
    bad_n = COMMANDER_GAME.replace("{linden: 7}", "{linden: lots}")
    assert_error("format: 1\n" + bad_n, "lots", "players[2].commander_damage.linden", "whole number")
    two_player = COMMANDER_GAME.replace("game: {variant: commander}\n", "").replace(", commander: true", "")
    two_player = two_player.replace("{linden: 7}", "{alice-cmdr2: 7}")
    assert_error("format: 1\n" + two_player, "alice-cmdr2: 7", "players[2].commander_damage.alice-cmdr2",
                 "only in a commander game")
    token = COMMANDER_GAME.replace("commander: true", "commander: true, token: true")
    assert_error("format: 1\n" + token, "commander: true", "players[1].battlefield[1].commander",
                 "a token can't be a commander")


def test_malformed_object_expectations_are_named() -> None:
    def expect(body: str, fragment: str, key: str, *words: str) -> None:
        assert_error(scenario(f"expect:\n  {body}\n"), fragment, key, *words)

    expect("characteristics: {bears: {powr: 3}}", "characteristics", "expect.characteristics.bears.powr",
           "did you mean 'power'", "toughness")
    expect("characteristics: {bears: {power: big}}", "characteristics", "expect.characteristics.bears.power",
           "whole number")
    expect("characteristics: {bears: {colors: [purple]}}", "characteristics",
           "expect.characteristics.bears.colors[1]", "unknown color 'purple'", "green")
    expect("characteristics: {bears: {abilities: {has: [flying]}}}", "characteristics",
           "expect.characteristics.bears.abilities.has", "contains")
    expect("characteristics: {bears: {}}", "characteristics", "expect.characteristics.bears", "checks nothing")
    expect("characteristics: {bears: {types: {a: b}}}", "characteristics", "expect.characteristics.bears.types",
           "a list")
    expect("characteristics: {}", "characteristics", "expect.characteristics", "checks nothing")
    expect("attached_to: {rancor: [bears]}", "attached_to", "expect.attached_to.rancor", "or null")
    expect("controller: {bears: Eve}", "controller", "expect.controller.bears", "no player is called 'Eve'")
    expect("owner: {bears: null}", "owner", "expect.owner.bears", "a player's name")
    expect("damage: {bears: -2}", "damage", "expect.damage.bears", "at least 0")
    expect("commander_damage: {Eve: {x: 1}}", "commander_damage", "expect.commander_damage.Eve", "Eve")
    expect("commander_damage: {Bob: {x: one}}", "commander_damage", "expect.commander_damage.Bob.x",
           "whole number")
