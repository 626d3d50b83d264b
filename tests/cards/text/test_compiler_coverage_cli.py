"""`undercity cards --coverage`: implemented cards per set and per deck, and the phrases that
stop the rest; a bad deck file is one clear error before anything is printed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "undercity.cli", "cards", *args],
                          capture_output=True, text=True, timeout=300)


def test_coverage_of_a_given_deck_and_the_reasons(tmp_path: Path) -> None:
    deck = tmp_path / "mine.txt"
    deck.write_text("1 Ravenous Chupacabra\n1 Minsc & Boo, Timeless Heroes\n20 Swamp\n", encoding="utf-8")
    r = _run("--coverage", "--deck", str(deck), "--top", "500")
    assert r.returncode == 0, r.stderr
    row = next(line for line in r.stdout.splitlines() if line.startswith("│ mine "))
    # Swamp is basic; of the two others only the Chupacabra is implemented (compiled).
    assert [c.strip() for c in row.split("│")[2:5]] == ["2", "1", "50"]
    assert "boo, a legendary 1/1 red" in r.stdout  # why Minsc & Boo is not
    # The eight Commander precons are always measured, each and together: 522 distinct
    # nonbasic cards (issue 11).
    rows = {line.split("│")[1].strip(): line for line in r.stdout.splitlines() if line.startswith("│ ")}
    assert {"party-time", "dungeons-of-death", "mind-flayarrrs", "aura-of-courage"} <= rows.keys()
    assert rows["the eight precons together"].split("│")[2].strip() == "522"


def test_a_missing_deck_file_is_an_error_before_any_output(tmp_path: Path) -> None:
    r = _run("--coverage", "--deck", str(tmp_path / "nope.txt"))
    assert r.returncode == 2
    assert r.stdout == ""
    assert "no such file" in r.stderr and "Traceback" not in r.stderr


def test_deck_without_coverage_is_refused() -> None:
    r = _run("--deck", "x.txt")
    assert r.returncode == 2
    assert "--deck and --all go with --coverage" in r.stderr
