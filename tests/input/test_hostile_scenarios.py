"""Hostile and absurd scenario files are refused with a scenario error naming the line and key,
in bounded time and memory, instead of a hang or a Python traceback.

Each test builds the input the way an attacker or a mistaken author would and reads it
through the loader (``parse_scenario`` / ``load_scenario``), or the ``undercity`` command.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from undercity.errors import ScenarioError
from undercity.scenario.schema import load_scenario, parse_scenario

HEAD = "format: 1\nname: hostile\n"
PLAYERS = "players:\n  - {name: Alice}\n  - {name: Bob}\n"


def error_of(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, file="t.yaml")
    return info.value


def line_of(text: str, fragment: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if fragment in line)


def laughs(levels: int, key: str = "choose") -> str:
    """The "billion laughs": each level is a list of ten aliases of the level before, so
    ``levels`` levels stand for 10**levels values in a few hundred bytes."""
    lines = [HEAD + PLAYERS + "actions:", f"  - {key}: &l0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, levels):
        lines.append(f"  - {key}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------ aliases


def test_a_billion_laughs_under_choose_is_refused_at_the_alias_that_crosses_the_bound() -> None:
    text = laughs(9)  # 10**9 values
    assert len(text.encode()) < 1_000
    err = error_of(text)
    assert "alias" in err.detail and "10,000" in err.detail
    assert err.line == line_of(text, "&l3")  # 10 + 100 + 1,000 + 10,000 values: past the bound here


def test_alias_expansion_under_pay_is_bounded_too() -> None:
    # 111,110 values under `pay:` (a spell's cost choices): few enough to be read without the bound.
    lines = [HEAD + PLAYERS + "actions:", "  - cast: Murder", "    pay:", "      l0: &l0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"      l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]" for i in range(1, 5)]
    text = "\n".join(lines) + "\n"
    err = error_of(text)
    assert "alias" in err.detail and err.line == line_of(text, "&l3")


def test_an_alias_inside_what_it_names_is_refused() -> None:
    text = HEAD + PLAYERS + "actions:\n  - choose: &a [1, *a]\n"
    err = error_of(text)
    assert "alias *a" in err.detail and "loop" in err.detail and err.line == line_of(text, "*a")


# ------------------------------------------------------------------ size, depth, length


def test_a_file_over_the_size_bound_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text(HEAD + PLAYERS + "# " + "x" * 300_000 + "\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(big)
    assert "larger than 256 KB" in str(info.value) and str(big) in str(info.value)
    assert "larger than 256 KB" in error_of(big.read_text(encoding="utf-8")).detail


def test_deep_nesting_is_refused_with_its_line() -> None:
    text = HEAD + PLAYERS + "actions:\n  - choose: " + "[" * 5_000 + "]" * 5_000 + "\n"
    err = error_of(text)
    assert "nested more than 50 levels deep" in err.detail and err.line == line_of(text, "choose")


def test_a_list_of_more_than_ten_thousand_items_is_refused() -> None:
    text = HEAD + PLAYERS + "actions:\n  - choose: [" + ", ".join(["1"] * 10_001) + "]\n"
    err = error_of(text)
    assert "more than 10,000 items" in err.detail and err.line == line_of(text, "choose")


def test_repeats_that_add_up_to_too_many_cards_are_refused_before_they_are_made() -> None:
    text = HEAD + "players:\n  - {name: Alice, library: [Swamp*9000]}\n  - {name: Bob, library: [Swamp*9000]}\n"
    err = error_of(text)
    assert "more than 10,000 cards" in err.detail and err.key == "players[2].library[1]" and err.line == 5
    expect = ", ".join(["Swamp*10000"] * 11)
    err = error_of(HEAD + PLAYERS + f"expect: {{zones: {{Bob.library: {{contains: [{expect}]}}}}}}\n")
    assert "more than 100,000 cards" in err.detail


def test_a_repeat_of_a_billion_is_a_bad_repeat() -> None:
    err = error_of(HEAD + "players:\n  - {name: Alice, library: [Swamp*1000000000]}\n  - {name: Bob}\n")
    assert "bad repeat" in err.detail and err.key == "players[1].library[1]"
    err = error_of(HEAD + "players:\n  - {name: Alice, library: [Swamp*" + "9" * 5_000 + "]}\n  - {name: Bob}\n")
    assert err.key == "players[1].library[1]" and len(str(err)) < 300  # the value is not echoed whole
    err = error_of(HEAD + "players:\n  - {name: Alice, library: [Swamp*" + "9" * 900 + "]}\n  - {name: Bob}\n")
    assert "bad repeat" in err.detail and len(str(err)) < 300


def test_a_name_of_a_hundred_thousand_characters_is_refused_without_echoing_it() -> None:
    err = error_of(HEAD + "players:\n  - {name: Alice, hand: [" + "Bears " * 20_000 + "]}\n  - {name: Bob}\n")
    assert "at most 1,000 characters" in err.detail and err.key == "players[1].hand[1]"
    assert len(str(err)) < 300


# ------------------------------------------------------------------ numbers


@pytest.mark.parametrize(("where", "key"), [
    ("players:\n  - {name: Alice, life: N}\n  - {name: Bob}\n", "players[1].life"),
    ("game: {turn: N}\n" + PLAYERS, "game.turn"),
    ("game: {seed: N}\n" + PLAYERS, "game.seed"),
    ("players:\n  - {name: Alice, battlefield: [{card: Grizzly Bears, counters: {\"+1/+1\": N}}]}\n"
     "  - {name: Bob}\n", "players[1].battlefield[1].counters.+1/+1"),
    (PLAYERS + "actions:\n  - {cast: Fireball, x: N}\n", "actions[1].x"),
    (PLAYERS + "actions:\n  - choose: N\n", "actions[1].choose"),
    (PLAYERS + "expect: {life: {Bob: N}}\n", "expect.life.Bob"),
], ids=["life", "turn", "seed", "counters", "x", "choose", "expected-life"])
def test_an_integer_of_five_thousand_digits_is_a_scenario_error(where: str, key: str) -> None:
    text = HEAD + where.replace("N", "9" * 5_000)
    err = error_of(text)
    assert err.key == key and err.line == line_of(text, "9999"), str(err)
    assert "characters" in err.detail and len(str(err)) < 300


@pytest.mark.parametrize(("where", "key", "bound"), [
    ("game: {turn: 1" + "0" * 100 + "}\n" + PLAYERS, "game.turn", "1 to 1,000,000"),
    ("players:\n  - {name: Alice, battlefield: [{card: Grizzly Bears, counters: {hit: 1000000000000000000}}]}\n"
     "  - {name: Bob}\n", "players[1].battlefield[1].counters.hit", "0 to 1,000,000"),
], ids=["turn-googol", "counters-1e18"])
def test_absurd_numbers_are_refused_with_the_allowed_range(where: str, key: str, bound: str) -> None:
    err = error_of(HEAD + where)
    assert err.key == key and bound in err.detail, str(err)


def test_life_is_bounded_both_ways_but_may_be_negative() -> None:
    # CR 107.1b, 104.3b: a life total can be below 0 (the player then loses as a state-based action).
    s = parse_scenario(HEAD + "players:\n  - {name: Alice, life: -5}\n  - {name: Bob, life: 1000000}\n")
    assert [p.life for p in s.players] == [-5, 1_000_000]
    for life in ("10000000000", "-10000000000"):
        err = error_of(HEAD + f"players:\n  - {{name: Alice, life: {life}}}\n  - {{name: Bob}}\n")
        assert err.key == "players[1].life" and "-1,000,000,000 to 1,000,000,000" in err.detail, str(err)


# ------------------------------------------------------------------ players


def players(n: int) -> str:
    return "players:\n" + "".join(f"  - {{name: P{i}}}\n" for i in range(1, n + 1))


def test_five_hundred_players_are_refused_before_they_are_read() -> None:
    text = HEAD + "game: {variant: free-for-all}\n" + players(500)
    err = error_of(text)
    assert "of at most 8 players" in err.detail and "found 500" in err.detail and err.key == "players"
    assert err.line == line_of(text, "P1}")


@pytest.mark.parametrize("variant", ["free-for-all", "commander"])
def test_each_variant_takes_its_own_number_of_players(variant: str) -> None:
    # undercity.engine.variants: free-for-all (CR 806) and Commander (CR 903) are played by 2 to 8.
    assert len(parse_scenario(HEAD + f"game: {{variant: {variant}}}\n" + players(8)).players) == 8
    err = error_of(HEAD + f"game: {{variant: {variant}}}\n" + players(9))
    assert "of at most 8 players" in err.detail


# ------------------------------------------------------------------ the command


def test_the_command_refuses_the_billion_laughs_with_the_line_and_no_traceback(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text(laughs(9), encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "undercity.cli", "scenario", str(bomb)],
                       capture_output=True, text=True, check=False)
    assert r.returncode == 2
    assert f"error: {bomb}:{line_of(laughs(9), '&l3')}: aliases stand for more than 10,000 values" in r.stdout
    assert "Traceback" not in r.stdout + r.stderr
    assert r.stdout.rstrip().endswith("0 passed, 1 failed")
