"""``undercity scenario A B C`` runs every file, heads each log with the file's name, and
ends with ``N passed, M failed``; a file that cannot be run counts as failed, with its error,
and the others still run."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from undercity.cli import app

SCENARIO = """\
format: 1
name: Bob is at {life} life
players:
  - {{name: Alice}}
  - {{name: Bob}}
expect: {{life: {{Bob: {life}}}}}
"""
PASSES = SCENARIO.format(life=20)  # the starting life of a two-player game (CR 103.4)
FAILS = SCENARIO.format(life=19)
MALFORMED = "format: 1\nplayers:\n  - {name: Alice}\n  - {name: Bob}\nactions:\n  - cats: Murder\n"


def run(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(app, ["scenario", *args])
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    out = r.stdout + r.stderr
    assert "Traceback" not in out
    return r.exit_code, out


def write(tmp_path: Path, **files: str) -> list[str]:
    paths = []
    for name, text in files.items():
        (tmp_path / f"{name}.yaml").write_text(text, encoding="utf-8")
        paths.append(str(tmp_path / f"{name}.yaml"))
    return paths


def test_every_file_runs_after_a_malformed_one(tmp_path: Path) -> None:
    a, bad, c, d = write(tmp_path, a=PASSES, bad=MALFORMED, c=FAILS, d=PASSES)
    code, out = run(a, bad, c, d)
    assert code == 2  # a file could not be run
    lines = out.splitlines()
    assert [ln for ln in lines if re.match(r"(=== |PASS |FAIL )", ln)] == [
        f"=== {a} ===", f"PASS {a}",
        f"=== {bad} ===", f"FAIL {bad}",
        f"=== {c} ===", f"FAIL {c}",
        f"=== {d} ===", f"PASS {d}",
    ]
    assert f"  error: {bad}:6: actions[1].cats: unknown action kind 'cats'; did you mean 'cast'?" in out
    assert "  line 6: life of Bob: expected 19, found 20" in out
    assert lines[-1] == "2 passed, 2 failed"


def test_the_exit_status_says_what_went_wrong(tmp_path: Path) -> None:
    a, c = write(tmp_path, a=PASSES, c=FAILS)
    log = "precombat main step  [CR 505]\n"
    assert run(a, a) == (0, f"=== {a} ===\n{log}PASS {a}\n=== {a} ===\n{log}PASS {a}\n2 passed, 0 failed\n")
    code, out = run(a, c, "--quiet")
    assert code == 1 and out.splitlines()[-1] == "1 passed, 1 failed"
    assert "===" not in out  # no logs, so no headings


def test_a_single_file_prints_its_log_its_verdict_and_the_summary(tmp_path: Path) -> None:
    (a,) = write(tmp_path, a=PASSES)
    code, out = run(a)
    assert code == 0 and "===" not in out
    assert out.endswith(f"PASS {a}\n1 passed, 0 failed\n")


def test_a_missing_file_and_a_pattern_that_matches_nothing_are_clear_errors(tmp_path: Path) -> None:
    (a,) = write(tmp_path, a=PASSES)
    missing, pattern = str(tmp_path / "missing.yaml"), str(tmp_path / "nothing-*.yaml")
    code, out = run(missing, pattern, a)
    assert code == 2
    assert f"FAIL {missing}\n  error: {missing}: cannot read the file: No such file or directory" in out
    assert f"FAIL {pattern}\n  error: {pattern}: no file matches this pattern" in out
    assert f"PASS {a}" in out and out.splitlines()[-1] == "1 passed, 2 failed"


def test_a_directory_and_an_unexpanded_pattern_run_the_files_they_name(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    a, c = write(tmp_path / "sub", a=PASSES, c=FAILS)
    code, out = run(str(tmp_path / "sub"), "--quiet")
    assert code == 1 and out == f"PASS {a}\nFAIL {c}\n  line 6: life of Bob: expected 19, found 20\n1 passed, 1 failed\n"
    code, out = run(str(tmp_path / "sub" / "a*.yaml"), "--quiet")
    assert (code, out) == (0, f"PASS {a}\n1 passed, 0 failed\n")
    (tmp_path / "empty").mkdir()
    code, out = run(str(tmp_path / "empty"))
    assert code == 2 and "holds no scenario file" in out
