"""The measuring tools of issue 14: ``bench/bench_core.py``'s options and ``bench/compare.py``'s
arithmetic (no wall time is asserted anywhere: only what is played and how ratios are taken)."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from undercity.decks import load_deck
from undercity.engine.game import Game

ROOT = Path(__file__).resolve().parents[2]


def _load(name: str) -> ModuleType:
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / f"{name}.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod  # dataclasses look their module up while the file runs
    spec.loader.exec_module(mod)
    return mod


bench = _load("bench_core")
compare = _load("compare")


# ----------------------------------------------------------------------------- bench_core.py

def test_the_default_run_plays_the_games_it_always_played() -> None:
    """Gruul against Orzhov, seats named so, a random option index from ``seed ^ 0x5EED``: the
    loop the figures were always counted with, written out here independently."""
    setup = bench.make_setup()
    assert setup.deck_names == ["gruul-stompy", "orzhov-knights"] and setup.names == ["Gruul", "Orzhov"]
    assert setup.variant == "two-player" and setup.agent == "random" and setup.commanders is None
    decks = [load_deck("gruul-stompy").main, load_deck("orzhov-knights").main]
    old = Game.new(decks, ["Gruul", "Orzhov"], seed=3)
    rng = random.Random(3 ^ 0x5EED)
    while not old.over:
        old.apply(rng.randrange(len(old.pending.options)))  # type: ignore[union-attr]
    new = bench.play_game(3, setup)
    assert new.log_lines() == old.log_lines() and new.decisions == old.decisions


def test_decks_are_dealt_to_the_seats_in_turn() -> None:
    s = bench.make_setup("ffa", 3, ["gruul-stompy", "simic-initiative"])
    assert s.variant == "free-for-all"
    assert s.deck_names == ["gruul-stompy", "simic-initiative", "gruul-stompy"]
    assert s.names == ["P1", "P2", "P3"] and len(s.decks) == 3


def test_multiplayer_variants_default_to_four_players_and_commander_to_the_commander_decks() -> None:
    assert len(bench.make_setup("2hg").decks) == 4
    c = bench.make_setup("commander")
    assert c.deck_names == list(bench.DEFAULT_COMMANDER_DECKS)
    assert c.commanders is not None and all(c.commanders)  # Erinis has a partner


def test_a_deck_file_is_read(tmp_path: Path) -> None:
    f = tmp_path / "mono.txt"
    f.write_text("60 Mountain\n", "utf-8")
    s = bench.make_setup("two-player", None, [str(f)])
    assert s.decks == [["Mountain"] * 60] * 2


@pytest.mark.parametrize(("kw", "message"), [
    ({"decks": ["no-such-deck"]}, "no deck named 'no-such-deck'"),
    ({"variant": "free-for-al"}, "unknown variant 'free-for-al'; did you mean 'free-for-all'?"),
    ({"variant": "two-headed-giant", "players": 3}, "two-headed-giant is played by 4 players, not 3"),
    ({"variant": "two-player", "players": 4}, "two-player is played by 2 players, not 4"),
    ({"agent": "mcts"}, "unknown agent 'mcts'"),
    ({"variant": "commander", "decks": ["gruul-stompy"]}, "needs a commander in each deck; gruul-stompy"),
])
def test_bad_arguments_get_a_clear_error(kw: dict[str, Any], message: str) -> None:
    with pytest.raises(bench.BenchError, match=message.replace("?", r"\?")):
        bench.make_setup(**kw)


def test_bad_arguments_exit_with_the_message_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        bench.main(["--deck", "no-such-deck"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "error: no deck named 'no-such-deck'" in err and "Traceback" not in err
    with pytest.raises(SystemExit):
        bench.main(["--games", "0"])
    assert "--games must be at least 1" in capsys.readouterr().err


def test_json_prints_the_figures_as_one_object(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--games", "1", "--json", "--variant", "ffa", "--players", "3"]) == 0
    out = capsys.readouterr().out.strip()
    r = json.loads(out)
    assert len(out.splitlines()) == 1
    assert r["games"] == 1 and r["players"] == 3 and r["variant"] == "free-for-all" and r["agent"] == "random"
    for k in ("games_per_s", "decisions_per_s", "mean_decisions", "mean_turns", "copy_us", "peak_mb"):
        assert isinstance(r[k], float) and r[k] > 0


def test_the_heuristic_agent_plays() -> None:
    g = bench.play_game(2, bench.make_setup(agent="heuristic"))
    assert g.over and g.decisions > 0


# ----------------------------------------------------------------------------- compare.py

def _runs(*values: float) -> list[dict[str, Any]]:
    return [{"games_per_s": v, "copy_us": 2 * v} for v in values]


def test_ratios_are_taken_pair_by_pair_then_the_median() -> None:
    a, b = _runs(10, 20, 30), _runs(5, 10, 60)  # pairs 2, 2, 0.5: the median is 2
    r = compare.ratios(a, b)
    assert r == {"games_per_s": 2.0, "copy_us": 2.0}
    # Not the ratio of the medians (20 / 10 = 2 here too), nor of the means (20 / 25):
    a, b = _runs(10, 40, 30), _runs(10, 10, 60)  # pairs 1, 4, 0.5 -> median 1; medians 30/10 = 3
    assert compare.ratios(a, b)["games_per_s"] == 1.0


def test_ratios_leave_out_missing_and_zero_figures() -> None:
    r = compare.ratios([{"games_per_s": 4.0, "copy_us": 1.0}], [{"games_per_s": 2.0, "copy_us": 0}])
    assert r == {"games_per_s": 2.0}


def test_the_two_trees_run_alternately(tmp_path: Path) -> None:
    calls: list[Path] = []
    speed = {tmp_path / "a": 30.0, tmp_path / "b": 20.0}

    def fake(tree: Path, args: Any) -> dict[str, Any]:
        calls.append(tree)
        drift = 1 + len(calls) / 10  # the machine speeds up as it goes: pairing cancels it
        return {"games_per_s": speed[tree] * drift, "decisions_per_s": 100.0, "mean_decisions": 7.0}

    a, b = compare.compare(tmp_path / "a", tmp_path / "b", 3, ["--games", "1"], runner=fake)
    assert calls == [tmp_path / "a", tmp_path / "b"] * 3
    r = compare.ratios(a, b)
    assert r["decisions_per_s"] == 1.0 and r["mean_decisions"] == 1.0
    # Rounds' ratios 1.5*1.1/1.2, 1.5*1.3/1.4, 1.5*1.5/1.6: the median is round 2's.
    assert r["games_per_s"] == pytest.approx(1.5 * 1.3 / 1.4)
    text = compare.report(a, b, "tree", "main")
    assert "games_per_s" in text and "3 rounds" in text


def test_a_bad_revision_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert compare.main(["no-such-revision-xyz", "--rounds", "1", "--", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "'no-such-revision-xyz' is not a git revision" in err and "Traceback" not in err


def test_bad_benchmark_arguments_are_caught_before_any_run(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        compare.main(["HEAD", "--", "--deck", "no-such-deck"])
    assert e.value.code == 2
    assert "bad benchmark arguments: no deck named 'no-such-deck'" in capsys.readouterr().err


@pytest.mark.skipif(not (ROOT / ".git").exists(), reason="compare.py reads revisions from git: this copy is not a git checkout")
def test_a_tiny_run_against_head(capsys: pytest.CaptureFixture[str]) -> None:
    assert compare.main(["HEAD", "--rounds", "1", "--json", "--", "--games", "1"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert len(doc["working_tree"]) == len(doc["revision_runs"]) == 1
    for k in ("games_per_s", "decisions_per_s", "copy_us", "mean_decisions"):
        assert doc["ratios"][k] > 0
        assert doc["ratios"][k] == pytest.approx(doc["working_tree"][0][k] / doc["revision_runs"][0][k])


# ----------------------------------------------------------------------------- bench_copy.py

def test_bench_copy_times_both_copies_on_the_same_positions() -> None:
    copy_bench = _load("bench_copy")
    r = copy_bench.measure("two-player", 2, 1, 40)
    assert r["positions"] == 2 and r["players"] == 2 and r["objects"] == 120  # two 60-card decks
    assert r["copy_us"] > 0 and r["pickle_us"] > 0 and r["ratio"] > 0
    g = copy_bench.position(bench.make_setup(), 1, 40)
    assert g is not None and len(g.choices) == 40
    s, pending = copy_bench.pickle_copy(g)
    assert pending == g.pending and len(s.objs) == len(g.s.objs)


# ----------------------------------------------------------------------------- instructions.py

instructions = _load("instructions")


def test_the_instruction_count_is_read_from_callgrinds_report() -> None:
    report = "==123== Events    : Ir\n==123== Collected : 6858392070\n==123==\n==123== I   refs:      6,858,392,070\n"
    assert instructions.collected(report) == 6858392070
    with pytest.raises(compare.CompareError, match="no instruction count"):
        instructions.collected("valgrind: command not found")


def test_a_game_costs_the_difference_of_the_two_runs_over_the_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run with N games less a run with none, divided by N; each run is told its game count."""
    seen = []

    def fake_run(cmd: list[str], **kw: Any) -> Any:
        n = int(cmd[-1])
        assert kw["cwd"] == str(ROOT) and kw["env"]["PYTHONPATH"] == str(ROOT)  # the tree's engine, first
        seen.append((cmd[:2], kw["env"]["PYTHONHASHSEED"], n))
        return type("Done", (), {"returncode": 0, "stderr": f"==1== Collected : {1000 + 250 * n}\n"})()

    monkeypatch.setattr(instructions.subprocess, "run", fake_run)
    assert instructions.per_game(ROOT, "two-player", 4) == 250
    assert sorted(n for _, _, n in seen) == [0, 4]
    assert all(cmd == ["valgrind", "--tool=callgrind"] and seed == "0" for cmd, seed, _ in seen)


@pytest.mark.parametrize(("argv", "which", "message"), [
    (["HEAD", "--games", "0"], "/usr/bin/valgrind", "--games must be 1 or more"),
    (["HEAD"], None, "valgrind is not installed (Debian: apt-get install valgrind)"),
    (["no-such-revision"], "/usr/bin/valgrind", "'no-such-revision' is not a git revision"),
])
def test_instructions_bad_arguments_get_a_clear_error(argv: list[str], which: str | None, message: str,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(instructions.shutil, "which", lambda name: which)
    assert instructions.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
