"""Rolling dice (CR 706) through the engine's one code path, :func:`undercity.engine.dice.roll`,
and the scenario key ``game.dice`` that fixes the results."""

from __future__ import annotations

from collections import Counter

import pytest

from undercity.engine import events as ev
from undercity.engine.dice import DiceScriptError, roll
from undercity.engine.game import Game
from undercity.errors import ScenarioError
from undercity.scenario.runner import run_scenario
from undercity.scenario.schema import parse_scenario


def _game(seed: int = 0, dice: list[int] | None = None) -> Game:
    g = Game.empty(["Alice", "Bob"], seed=seed)
    g.s.fixed_dice = dice
    return g


def test_a_die_has_n_equally_likely_outcomes_from_1_to_n() -> None:
    """CR 706.1a: a d6 shows 1 to 6, each about as often as the others."""
    g = _game(seed=3)
    counts = Counter(v for _ in range(6000) for v in roll(g, 0, 6))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 < c < 1150 for c in counts.values()), counts


def test_the_same_seed_gives_the_same_rolls() -> None:
    """All randomness comes from the game's seeded generator: a replay rolls the same."""
    a, b, c = _game(seed=5), _game(seed=5), _game(seed=6)
    rolls = [[roll(g, 0, 20)[0] for _ in range(20)] for g in (a, b, c)]
    assert rolls[0] == rolls[1]
    assert rolls[0] != rolls[2]


def test_ignore_the_lower_roll_keeps_only_the_higher() -> None:
    """CR 706.6: "roll two d20 and ignore the lower roll" — the ignored roll never happened;
    the event names only the kept die as rolled."""
    g = _game(dice=[4, 17])
    assert roll(g, 0, 20, n=2, ignore_lowest=1) == [17]
    e = next(x for x in g.events if isinstance(x, ev.DiceRolled))
    assert (e.naturals, e.ignored) == ((17,), (4,))
    assert e.render(g.names) == "Alice rolls 2 d20: 17 (ignoring 4)  [CR 706.2]"


def test_fixed_results_are_used_in_order_then_run_out() -> None:
    g = _game(dice=[2, 6])
    assert roll(g, 0, 6) == [2]
    assert roll(g, 1, 6) == [6]
    with pytest.raises(DiceScriptError, match=r"ran out: roll number 3 \(a d6\)"):
        roll(g, 0, 6)


def test_a_fixed_result_too_big_for_the_die_is_an_error() -> None:
    g = _game(dice=[5])
    with pytest.raises(DiceScriptError, match=r"5 \(roll number 1\) can't be the result of a d4; use a value from 1 to 4"):
        roll(g, 0, 4)
    assert g.s.fixed_dice == [5]  # nothing was used up


SCRIPT = """
format: 1
name: dice
game: {turn: 2, active: Bob, step: end, dice: DICE}
players:
  - name: Alice
    library: [Plains*4]
    battlefield: [Netherese Puzzle-Ward]
  - name: Bob
    library: [Forest*4]
actions:
  - advance: upkeep
  - resolve
"""


@pytest.mark.parametrize(("dice", "message"), [
    ("[]", "game.dice: the fixed die results ran out: roll number 1 (a d4) has none"),
    ("[7]", "game.dice: 7 (roll number 1) can't be the result of a d4"),
])
def test_a_scenario_whose_dice_dont_fit_is_an_error(dice: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=message.replace("(", r"\(").replace(")", r"\)")):
        run_scenario(parse_scenario(SCRIPT.replace("DICE", dice), file="dice.yaml"))


@pytest.mark.parametrize(("dice", "message"), [
    ("[0]", "game.dice[1]: expected a whole number of at least 1"),
    ("[3, x]", "game.dice[2]: expected a whole number"),
    ("17", "game.dice: expected die results, e.g. [17, 3] (a list)"),
])
def test_game_dice_must_be_a_list_of_positive_numbers(dice: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")
                       .replace("]", r"\]")):
        parse_scenario(SCRIPT.replace("DICE", dice), file="dice.yaml")


def test_each_player_rolls_in_turn_order() -> None:
    """ "Each player rolls a d20": each rolls once, starting with the active player (CR 101.4)."""
    from undercity.cards.language.dice import RollDie
    from undercity.cards.model import EACH_PLAYER
    from undercity.engine.dice import ALL_RESULTS_KEY, h_roll_die
    from undercity.engine.state import Job, StackItem

    g = Game.empty(["Alice", "Bob", "Carol"], variant="free-for-all")
    g.s.active = 1
    g.s.fixed_dice = [5, 9, 14]
    job = Job("resolve")
    item = StackItem(1, "triggered", None, None, "test", 0, None, "test")
    h_roll_die(g, job, item, RollDie(20, who=EACH_PLAYER), "e1")
    rolls = [(e.player, e.results) for e in g.events if isinstance(e, ev.DiceRolled)]
    assert rolls == [(1, (5,)), (2, (9,)), (0, (14,))]
    assert job.data[ALL_RESULTS_KEY] == {1: 5, 2: 9, 0: 14}


def test_a_results_table_needs_one_roller() -> None:
    from undercity.cards.language.dice import RollDie, row
    from undercity.cards.model import EACH_PLAYER, Draw

    with pytest.raises(ValueError, match="one player's roll"):
        RollDie(20, table=(row("1+", Draw(1)),), who=EACH_PLAYER)
    with pytest.raises(ValueError, match="can't roll 1 d20 ignoring 1"):
        RollDie(20, ignore_lowest=1)
