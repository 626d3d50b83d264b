"""Conceding (CR 104.3a) and leaving a multiplayer game (CR 800.4a): bad arguments to
``Game.concede`` change nothing, a concession replays identically, and what a departed
player controls on the stack but doesn't own is exiled."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import pytest

from undercity.engine.game import Game
from undercity.errors import IllegalActionError
from undercity.scenario.runner import build_game
from undercity.scenario.schema import load_scenario

HERE = Path(__file__).parent


def _three_players() -> Game:
    return build_game(load_scenario(HERE / "concede-while-another-player-chooses-a-target-among-their-creatures.yaml"))


def _snapshot(g: Game) -> tuple[Any, ...]:
    return pickle.dumps(g.s), list(g.choices), g.pending, len(g.events), g.decisions


@pytest.mark.parametrize("bad", [True, False, "0", "Alice", 1.0, None, -1, -4, 3, 99, [0], (1,)])
def test_a_bad_player_argument_is_a_clear_error_and_changes_nothing(bad: Any) -> None:
    """CR 104.3a lets a *player* concede: anything that names no player of this game — a
    bool, a string, a float, None, a negative or too large index — is refused with a message
    saying what concede takes, and the game is unchanged (no choice recorded, nothing left)."""
    g = _three_players()
    before = _snapshot(g)
    with pytest.raises(IllegalActionError, match="player index|no player") as err:
        g.concede(bad)
    assert "0" in str(err.value) and "2" in str(err.value)  # names the valid range
    assert _snapshot(g) == before


def test_concede_minus_one_does_not_concede_the_last_player() -> None:
    """-1 is not a seat: before, it conceded the last player, recorded a choice that replayed
    as "answer option 0", and left that player's permanents on the battlefield."""
    g = _three_players()
    before = _snapshot(g)
    with pytest.raises(IllegalActionError):
        g.concede(-1)
    assert _snapshot(g) == before
    assert not g.s.players[2].left


def test_conceding_a_player_who_already_left_is_a_clear_error() -> None:
    g = _three_players()
    g.concede(0)
    before = _snapshot(g)
    with pytest.raises(IllegalActionError, match="Alice has already left the game"):
        g.concede(0)
    assert _snapshot(g) == before


def test_a_concession_in_the_middle_of_a_cast_replays_identically() -> None:
    """A saved game is a replay (setup and choices); a concession that reversed a cast in
    progress (CR 800.4a, 733.1) is replayed to the same log and the same state."""
    g = _three_players()
    g.apply(g.pending.options[0])  # Alice passes
    g.apply(next(o for o in g.pending.options if o.label == "cast Doom Blade"))
    assert g.pending.kind == "target"
    g.concede(0)
    g.apply(g.pending.options[0])  # Bob passes
    replay = Game.restore(g.save())
    assert replay.log_lines() == g.log_lines()
    assert pickle.dumps(replay.s) == pickle.dumps(g.s)
    assert replay.pending == g.pending
    assert replay.choices == g.choices


def test_a_spell_they_control_but_do_not_own_is_exiled() -> None:
    """CR 800.4a: "if there are any objects still controlled by that player, those objects are
    exiled" — a spell Bob controls that is Carol's card doesn't vanish with Bob: it goes to
    Carol's exile."""
    g = build_game(load_scenario(HERE / "stack-objects-cease-to-exist.yaml"))
    g.apply(next(o for o in g.pending.options if o.label == "cast Lightning Bolt"))
    g.apply(next(o for o in g.pending.options if o.label == "Carol"))
    g.apply(g.pending.options[0])  # Alice's Bolt is on the stack; Alice passes
    s = g.s
    g.apply(next(o for o in g.pending.options if o.label == "cast Shock"))
    g.apply(next(o for o in g.pending.options if o.label == "Alice"))
    shock = s.stack[-1]
    assert shock.name == "Shock" and shock.controller == 1
    s.objs[shock.obj].owner = 2  # a card of Carol's that Bob cast (as with "you may cast it")
    g.concede(1)
    assert [it.name for it in s.stack] == ["Lightning Bolt"]
    assert [s.objs[o].name for o in s.players[2].exile] == ["Shock"]
    assert all(o.zone != "stack" or any(it.obj == o.id for it in s.stack) for o in s.objs.values())
