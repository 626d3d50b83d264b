"""The simulator (issue 6): deterministic per-game seeds whatever the number of workers,
records computed from the event log, summary statistics, CSV/JSON files, plots, replays
and the ``sim`` / ``replay`` commands."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

from undercity.engine import events as ev
from undercity.engine.game import Game
from undercity.errors import UndercityError
from undercity.sim import plots, records, replay, runner, stats
from undercity.sim.records import GameRecord, record_from_events

ROOT = Path(__file__).resolve().parents[2]
#: A deck that takes the initiative and ventures, so the records have something to count.
INITIATIVE_DECK = str(Path(__file__).parent / "sim_decks" / "initiative-orzhov.txt")
GAMES = 6
SEED = 11


@pytest.fixture(scope="module")
def cfg() -> runner.SimConfig:
    return runner.make_config([INITIATIVE_DECK, "gruul-stompy"], games=GAMES, seed=SEED)


@pytest.fixture(scope="module")
def run(cfg: runner.SimConfig, tmp_path_factory: pytest.TempPathFactory) -> tuple[list[GameRecord], Path]:
    replays = tmp_path_factory.mktemp("replays")
    return runner.run_games(cfg, workers=2, replay_dir=replays), replays


# ----------------------------------------------------------------------------- seeds and determinism

def test_game_seeds_depend_only_on_base_seed_and_index() -> None:
    seeds = [runner.game_seed(7, i) for i in range(100)]
    assert seeds == [runner.game_seed(7, i) for i in range(100)]
    assert len(set(seeds)) == 100
    assert runner.game_seed(8, 0) != runner.game_seed(7, 0)
    assert runner.game_seed(7, 3) == 59988144453102  # stable across runs and platforms


def test_chunks_cover_every_game_once() -> None:
    for games, workers in [(1, 4), (6, 2), (1000, 2), (37, 3)]:
        parts = runner.chunks(games, workers)
        assert [i for p in parts for i in p] == list(range(games))
        assert max(len(p) for p in parts) <= runner.MAX_CHUNK


def test_same_records_whatever_the_number_of_workers(cfg: runner.SimConfig, run: tuple) -> None:
    two, _ = run
    one = runner.run_games(cfg, workers=1)
    assert [r.to_dict() for r in one] == [r.to_dict() for r in two]
    assert [r.index for r in two] == list(range(GAMES))
    assert [r.seed for r in two] == [runner.game_seed(SEED, i) for i in range(GAMES)]


# ----------------------------------------------------------------------------- records

def test_records_agree_with_the_game(cfg: runner.SimConfig, run: tuple) -> None:
    recs, _ = run
    assert any(r.first_initiative is not None for r in recs), "the initiative deck never took the initiative"
    for r in recs[:3]:
        g, _ = runner.play(cfg, r.index)
        assert r.winners == list(g.s.winners) and r.turns == g.s.turn and r.decisions == g.decisions
        assert r.decks == ["initiative-orzhov", "gruul-stompy"] and r.agents == ["heuristic"] * 2
        assert len(r.initiative_by_turn) == r.turns
        taken = [e for e in g.events if isinstance(e, ev.InitiativeTaken)]
        for p in r.players:
            assert p.won == (p.seat in r.winners)
            assert p.initiative_taken == sum(1 for e in taken if e.player == p.seat)
            assert p.rooms_visited == sum(1 for e in g.events
                                          if isinstance(e, ev.VentureMarkerMoved) and e.player == p.seat)
            assert len(p.dungeons_completed) == len(p.dungeon_completion_turns)
            assert (p.first_initiative_turn is None) == (p.initiative_taken == 0)
        assert r.initiative_changes == sum(p.initiative_taken_from_others for p in r.players)
        assert r.first_initiative == (taken[0].player if taken else None)


def _synthetic() -> GameRecord:
    """Alice takes the initiative on turn 2, Bob steals it on turn 3, Alice completes
    Undercity on turn 3 (a completed dungeon and its rooms), Bob wins."""
    es: list[ev.Event] = [
        ev.StartingPlayer(rule="103.1", player=0),
        ev.TurnBegan(rule="500", turn=1, player=0),
        ev.TurnBegan(rule="500", turn=2, player=1),
        ev.InitiativeTaken(rule="726.3", player=0),
        ev.DungeonEntered(rule="701.49d", player=0, dungeon="Undercity", into="Undercity"),
        ev.VentureMarkerMoved(rule="309.4a", player=0, dungeon="Undercity", room="Secret Entrance"),
        ev.InitiativeTaken(rule="726.5", player=0, previous=0),  # again: not a change of hands
        ev.TurnBegan(rule="500", turn=3, player=0),
        ev.VentureMarkerMoved(rule="701.49b", player=0, dungeon="Undercity", room="Throne of the Dead Three",
                              from_room="Secret Entrance"),
        ev.DungeonCompleted(rule="701.49c", player=0, dungeon="Undercity"),
        ev.InitiativeTaken(rule="726.3", player=1, previous=0),
        ev.TurnBegan(rule="500", turn=4, player=1),
        ev.GameEnded(rule="104.2a", winners=(1,), reason="the last player standing"),
    ]
    return record_from_events(es, index=0, seed=5, variant="two-player", names=["Alice", "Bob"],
                              decks=["a", "b"], agents=["heuristic", "random"], decisions=9)


def test_record_from_events() -> None:
    r = _synthetic()
    a, b = r.players
    assert (r.turns, r.winners, r.winner_names, r.starting_player) == (4, [1], ["Bob"], 0)
    assert r.initiative_by_turn == [None, None, 0, 1]
    assert (r.initiative_changes, r.first_initiative) == (1, 0)
    assert (a.first_initiative_turn, a.initiative_taken, a.initiative_taken_from_others) == (2, 2, 0)
    assert (b.first_initiative_turn, b.initiative_taken, b.initiative_taken_from_others) == (3, 1, 1)
    assert (a.dungeons_completed, a.dungeon_completion_turns, a.rooms_visited) == (["Undercity"], [3], 2)
    assert a.undercity_completed_turn == r.undercity_completed_turn == 3
    assert (a.won, b.won, b.undercity_completed_turn) == (False, True, None)


# ----------------------------------------------------------------------------- statistics

def test_wilson_interval() -> None:
    assert stats.wilson(0, 0) == (0.0, 1.0)
    lo, hi = stats.wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = stats.wilson(10, 10)
    assert lo == pytest.approx(0.7225, abs=1e-4) and hi == pytest.approx(1.0)


def test_summary(run: tuple) -> None:
    recs, _ = run
    s = stats.summarize(recs)
    assert s["games"] == GAMES
    assert sum(seat["win"]["wins"] for seat in s["seats"]) + s["draws"] == GAMES
    for seat in s["seats"]:
        assert seat["win"]["ci_low"] <= seat["win"]["rate"] <= seat["win"]["ci_high"]
    assert s["turns"]["mean"] == pytest.approx(sum(r.turns for r in recs) / GAMES)
    assert sum(g["games"] for g in s["by_first_initiative"]) == GAMES
    syn = stats.summarize([_synthetic()])
    assert syn["seats"][0]["first_initiative_turn_mean"] == 2
    assert syn["seats"][1]["dungeons_completed_per_game"] == 0
    assert syn["initiative_changes_per_game"] == 1 and syn["undercity_completed_games"] == 1
    assert syn["first_taker_win"]["wins"] == 0


def test_json_and_csv_files(run: tuple, tmp_path: Path) -> None:
    recs, _ = run
    records.write_json(recs, tmp_path / "records.json")
    assert [r.to_dict() for r in records.read_json(tmp_path / "records.json")] == [r.to_dict() for r in recs]
    records.write_csv(recs, tmp_path / "records.csv")
    rows = list(csv.DictReader((tmp_path / "records.csv").open(encoding="utf-8")))
    assert len(rows) == GAMES
    assert rows[0]["seed"] == str(recs[0].seed) and rows[0]["p0_deck"] == "initiative-orzhov"
    assert rows[0]["p1_rooms_visited"] == str(recs[0].players[1].rooms_visited)
    assert len(rows[0]["initiative_by_turn"].split(";")) == recs[0].turns


def test_plots_are_written(run: tuple, tmp_path: Path) -> None:
    recs, _ = run
    files = plots.plot_all(recs + [_synthetic()], tmp_path)
    assert sorted(f.name for f in files) == sorted(plots.PLOTS)
    # Nobody took the initiative or completed Undercity: the charts say so instead of failing.
    quiet = record_from_events([ev.TurnBegan(rule="500", turn=1, player=0)], index=0, seed=1,
                               variant="two-player", names=["A", "B"], decks=["x", "y"], agents=["random"] * 2,
                               decisions=0)
    files.append(plots.plot_undercity_turn([quiet], tmp_path / "u.png"))
    files.append(plots.plot_initiative_by_turn([quiet], tmp_path / "i.png"))
    for f in files:
        assert f.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and f.stat().st_size > 5000


# ----------------------------------------------------------------------------- replays

def test_replay_gives_the_same_log(cfg: runner.SimConfig, run: tuple) -> None:
    recs, replays = run
    files = sorted(replays.glob("game-*.json"))
    assert [f.name for f in files] == [f"game-{i:05d}.json" for i in range(GAMES)]
    original, _ = runner.play(cfg, 1)
    g, doc = replay.load_replay(files[1])
    assert g.log_lines() == original.log_lines()
    assert list(g.log_json()) == list(original.log_json())
    assert replay.verify(g, doc) is True
    assert doc["sim"]["deck_names"] == ["initiative-orzhov", "gruul-stompy"]
    assert doc["sim"]["agents"] == ["heuristic", "heuristic"] and doc["setup"]["seed"] == recs[1].seed
    # A replay is Game.save() plus metadata: Game.restore reads it directly.
    assert Game.restore(files[1].read_text("utf-8")).log_lines() == original.log_lines()


def test_replay_of_a_bad_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(UndercityError, match="not a replay file"):
        replay.load_replay(bad)
    bad.write_text(json.dumps({"setup": {"kind": "new"}, "choices": []}), encoding="utf-8")
    with pytest.raises(UndercityError, match="not a valid replay"):
        replay.load_replay(bad)


# ----------------------------------------------------------------------------- the commands

def _undercity(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "undercity.cli", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120)


def test_sim_and_replay_commands(tmp_path: Path) -> None:
    r = _undercity("sim", "--deck", INITIATIVE_DECK, "--deck", "gruul-stompy", "--games", "4", "--seed", "5",
                   "--workers", "2", "--out", "out", "--save-replays", "rep", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Win rate [95% CI]" in r.stdout and "seat 0 (Alice)" in r.stdout
    out = tmp_path / "out"
    for name in ("records.json", "records.csv", "summary.json", *plots.PLOTS):
        assert (out / name).is_file(), name
    summary = json.loads((out / "summary.json").read_text("utf-8"))
    assert summary["games"] == 4 and summary["run"]["workers"] == 2 and summary["run"]["seed"] == 5
    recs = records.read_json(out / "records.json")
    assert [x.seed for x in recs] == [runner.game_seed(5, i) for i in range(4)]

    rep = tmp_path / "rep" / "game-00002.json"
    g = Game.restore(rep.read_text("utf-8"))
    r = _undercity("replay", str(rep), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == g.log_lines()


def _main(argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> tuple:
    """Run the command line in this process: (exit code, stdout, stderr)."""
    from undercity import cli

    monkeypatch.setattr(sys, "argv", ["undercity", *argv])
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    out = capsys.readouterr()
    return exit_info.value.code, out.out, out.err


def test_replay_command_json_and_mismatch(run: tuple, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    _, replays = run
    src = replays / "game-00000.json"
    g = Game.restore(src.read_text("utf-8"))
    code, out, _ = _main(["replay", str(src), "--json"], monkeypatch, capsys)
    assert code in (0, None) and out.splitlines() == list(g.log_json())
    doc = json.loads(src.read_text("utf-8"))
    doc["log_sha256"] = "0" * 64  # a log that no longer matches: reported, exit 1
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = _main(["replay", str(bad)], monkeypatch, capsys)
    assert code == 1 and out.splitlines() == g.log_lines() and "differs" in err


def test_sim_command_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = _main(["sim", "--games", "2", "--ai", "clever"], monkeypatch, capsys)
    assert code == 2 and "unknown AI 'clever'" in err
    code, _, err = _main(["sim", "--games", "2", "--workers", "0"], monkeypatch, capsys)
    assert code == 2 and "--workers must be at least 1" in err
    code, _, err = _main(["sim", "--games", "0"], monkeypatch, capsys)
    assert code == 2 and "--games" in err
    monkeypatch.setitem(sys.modules, "ray", None)  # as if the 'ray' extra were not installed
    code, _, err = _main(["sim", "--games", "2", "--backend", "ray"], monkeypatch, capsys)
    assert code == 2 and "undercity[ray]" in err
    code, _, err = _main(["replay", str(tmp_path / "missing.json")], monkeypatch, capsys)
    assert code == 2 and "cannot read" in err
