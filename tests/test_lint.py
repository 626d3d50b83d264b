"""The code base is ruff clean (DEVELOPERS.md: the bar for every change)."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    r = subprocess.run([ruff, "check", "undercity", "tests", "bench", "tools"], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_no_merge_conflict_markers() -> None:
    """A conflict left in a docstring or a data file passes ruff; this catches it."""
    marks = ("<" * 7 + " ", ">" * 7 + " ")
    bad = []
    for path in sorted(p for top in ("undercity", "tests", "bench", "tools", "docs") for p in (ROOT / top).rglob("*")
                       if p.is_file() and p.suffix in {".py", ".md", ".txt", ".yaml", ".toml", ".json", ".html", ".js"}):
        for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if line.startswith(marks):
                bad.append(f"{path.relative_to(ROOT)}:{n}")
    assert not bad, bad
