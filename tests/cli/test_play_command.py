"""`undercity play` and `undercity replay` as a first-time user meets them: options checked
with one clear line, decks reused over the seats, real plurals, and logs that keep hidden
information hidden (CR 400.2: hands and libraries are hidden zones) unless asked otherwise."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from undercity import __version__
from undercity.engine import events as ev


def _run(*args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "undercity.cli", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=300, input=stdin)


def _main(argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> tuple:
    """The command line in this process: (exit code, stdout, stderr)."""
    from undercity import cli

    monkeypatch.setattr(sys, "argv", ["undercity", *argv])
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    out = capsys.readouterr()
    return exit_info.value.code or 0, out.out, out.err


def _named_private(path: Path, seat: int) -> list[dict]:
    """The JSON log's events private to ``seat`` that still name their card."""
    rows = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
    return [r for r in rows if r.get("private_to") == seat and "name" in r]


# ----------------------------------------------------------------------------- hidden information
def test_json_log_of_a_human_game_holds_only_what_the_human_may_see(tmp_path: Path) -> None:
    """CR 400.2: Bob's hand is hidden from Alice (the human); her own log file must not name it."""
    r = _run("play", "--seat", "human", "--log-json", "seen.jsonl", cwd=tmp_path, stdin="q\nyes\n")
    assert r.returncode == 0, r.stderr
    assert _named_private(tmp_path / "seen.jsonl", 1) == []
    assert _named_private(tmp_path / "seen.jsonl", 0)  # her own draws are hers to see
    r = _run("play", "--seat", "human", "--log-json", "all.jsonl", "--log-json-view", "all", cwd=tmp_path,
             stdin="q\nyes\n")
    assert r.returncode == 0, r.stderr
    assert _named_private(tmp_path / "all.jsonl", 1)  # asked for explicitly: everything


def test_json_log_view_of_a_named_seat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _main(["play", "--quiet", "--turn-cap", "2", "--log-json", str(tmp_path / "b.jsonl"),
                          "--log-json-view", "bob"], monkeypatch, capsys)
    assert code == 0, err
    assert _named_private(tmp_path / "b.jsonl", 0) == [] and _named_private(tmp_path / "b.jsonl", 1)
    code, _, err = _main(["play", "--quiet", "--log-json", str(tmp_path / "x.jsonl"), "--log-json-view", "Zed"],
                         monkeypatch, capsys)
    assert code == 2 and "--log-json-view 'Zed': use all, a seat number from 1 to 2" in err


def test_help_says_what_the_log_files_contain(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    from typer.testing import CliRunner

    from undercity.cli import app

    def help_text(command: str) -> str:  # the help's words, without rich's box drawing
        return " ".join(CliRunner().invoke(app, [command, "--help"]).output.replace("│", " ").split())

    play_help = help_text("play")
    assert "--log-json-view" in play_help and "names every card in every hidden zone" in play_help
    replay_help = help_text("replay")
    assert "reveals every hidden card" in replay_help


def test_replay_reveals_everything_unless_given_a_view(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from undercity.engine.game import Game

    g = Game.new([["Island"] * 40, ["Forest"] * 40], ["Alice", "Bob"], seed=1, turn_cap=2)
    from undercity.agents import make_agent, play_out

    play_out(g, [make_agent("random", 1), make_agent("random", 2)])
    f = tmp_path / "game.json"
    f.write_text(g.save(), encoding="utf-8")
    _, everything, _ = _main(["replay", str(f)], monkeypatch, capsys)
    assert "Bob draws Forest" in everything
    code, alices, _ = _main(["replay", str(f), "--view", "1"], monkeypatch, capsys)
    assert code == 0 and "Bob draws a card" in alices and "Bob draws Forest" not in alices
    assert "Alice draws Island" in alices


# ----------------------------------------------------------------------------- decks and options
def test_one_deck_is_reused_for_every_seat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _main(["play", "--quiet", "--players", "3", "--deck", "gruul-stompy", "--turn-cap", "3"],
                           monkeypatch, capsys)
    assert code == 0, err
    assert out.count("(gruul-stompy)") == 3


def test_commander_readme_example_with_one_decklist_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """README: `--variant commander --players 4 --deck FILE` plays FILE at every seat."""
    text = resources.files("undercity.data").joinpath("decks/commander-linden.txt").read_text("utf-8")
    (tmp_path / "mine.txt").write_text(text, encoding="utf-8")
    code, out, err = _main(["play", "--quiet", "--variant", "commander", "--players", "4", "--deck",
                            str(tmp_path / "mine.txt"), "--turn-cap", "2"], monkeypatch, capsys)
    assert code == 0, err
    assert out.count("(mine)") == 4


def test_a_missing_deck_file_is_reported_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _main(["play", "--deck", str(tmp_path / "nope.txt")], monkeypatch, capsys)
    assert code == 2 and "no such file" in err and "--deck options" not in err
    code, _, err = _main(["play", "--players", "2", "--deck", "gruul-stompy", "--deck", "gruul-stompy", "--deck",
                          "gruul-stompy"],
                         monkeypatch, capsys)
    assert code == 2 and "3 --deck options for 2 players" in err


def test_a_misspelled_bundled_deck_gets_a_suggestion(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _main(["play", "--deck", "simic-initative"], monkeypatch, capsys)
    assert code == 2 and "did you mean 'simic-initiative'?" in err


@pytest.mark.parametrize(("argv", "message"), [
    (["--turn-cap", "0"], "--turn-cap must be at least 1 turn (got 0)"),
    (["--turn-cap", "-5"], "--turn-cap must be at least 1 turn (got -5)"),
    (["--players", "3", "--variant", "two-player"], "--variant two-player is for 2 players, not 3"),
    (["--players", "1"], "--players must be at least 2 (got 1)"),
    (["--players", "9"], "at most 8 players (got 9)"),
    (["--variant", "freeforall"], "did you mean 'free-for-all'?"),
])
@pytest.mark.parametrize("command", ["play", "sim"])
def test_contradictory_or_out_of_range_options_are_refused(command: str, argv: list[str], message: str,
                                                           tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    extra = ["--games", "1", "--workers", "1"] if command == "sim" else []
    code, out, err = _main([command, *argv, *extra], monkeypatch, capsys)
    assert code == 2 and out == ""
    assert err.strip() == f"error: {err.strip().removeprefix('error: ')}" and "\n" not in err.strip()
    assert message in err
    assert not (tmp_path / "sim-out").exists()


@pytest.mark.parametrize(("argv", "message"), [
    (["--every-priority"], "--every-priority is for a human seat"),
    (["--log-json-view", "all"], "give --log-json FILE too"),
])
def test_options_that_would_do_nothing_are_refused(argv: list[str], message: str, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _main(["play", *argv], monkeypatch, capsys)
    assert code == 2 and out == "" and message in err


def test_version(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _main(["--version"], monkeypatch, capsys)
    assert code == 0 and out.strip() == f"undercity {__version__}"


# ----------------------------------------------------------------------------- wording
def test_quiet_prints_the_result_line_only(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _main(["play", "--quiet", "--turn-cap", "1"], monkeypatch, capsys)
    assert code == 0
    assert out.splitlines() == [out.strip()] and out.startswith("Result: nobody (draw) after 1 turn (")


def test_one_line_per_happening(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A land played (CR 305.1) is one line, "Alice plays Swamp", not also a zone change."""
    code, out, _ = _main(["play", "--turn-cap", "3"], monkeypatch, capsys)
    assert code == 0
    assert " plays " in out and "is played: hand → battlefield" not in out


@pytest.mark.parametrize(("event", "text"), [
    (ev.GameEnded(rule="104.2a", winners=(0,), reason="x"), "Alice wins the game (x)"),
    (ev.GameEnded(rule="104.2a", winners=(0, 1), reason="x"), "Alice and Bob win the game (x)"),
    (ev.CountersChanged(rule="122.1", obj=1, name="Bear", counter="+1/+1", amount=1, total=1),
     "Bear gets 1 +1/+1 counter (now 1)"),
    (ev.CountersChanged(rule="122.1", obj=1, name="Bear", counter="hit", amount=-2, total=0),
     "Bear loses 2 hit counters (now 0)"),
    (ev.EffectsEnded(rule="514.2", count=1), '1 "until end of turn" effect ends and damage wears off'),
    (ev.EffectsEnded(rule="514.2", count=0), '0 "until end of turn" effects end and damage wears off'),
    (ev.LookedAt(rule="701.18a", player=0, cards=("Island",), top=("Island",), count=1, private_to=0),
     "Alice looks at 1 card, puts 1 on top and 0 on the bottom"),
])
def test_real_plurals(event: ev.Event, text: str) -> None:
    assert event.text(["Alice", "Bob"], viewer=1) == text


def _moved(verb: str, from_zone: str, to_zone: str) -> ev.ZoneChanged:
    return ev.ZoneChanged(rule="400.7", obj=1, new_obj=2, name="Bolt", owner=0, controller=0, from_zone=from_zone,
                          to_zone=to_zone, verb=verb)


@pytest.mark.parametrize(("event", "shown"), [
    (_moved("is played", "hand", "battlefield"), False),            # "Alice plays …" says it (CR 305.1)
    (_moved("is countered and put into the graveyard", "stack", "graveyard"), False),  # "… is countered"
    (_moved("is created", "nowhere", "battlefield"), False),        # "Alice creates a … token" (CR 111.1)
    (_moved("is countered and put into the graveyard", "stack", "exile"), True),  # replaced: news
    (_moved("is destroyed", "battlefield", "graveyard"), True),
])
def test_the_text_log_says_each_happening_once(event: ev.ZoneChanged, shown: bool) -> None:
    assert event.in_text_log() is shown
