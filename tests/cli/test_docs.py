"""The README and docs/ as a first-time user reads them: every file they point to is in the
repository, and every command of the README's "More" list runs as written right after the
README's set-up command — no activated virtual environment assumed."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import typer

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")          # [text](target)
MD_REF = re.compile(r"`([^`\s]+\.md)`")                  # `docs/scenarios.md`


def _targets(doc: Path) -> list[str]:
    text = doc.read_text("utf-8")
    links = [t for t in LINK.findall(text) if not re.match(r"[a-z]+:|#", t)]
    return [t.split("#")[0] for t in links] + MD_REF.findall(text)


def _in_repo(doc: Path, target: str) -> bool:
    for base in (doc.parent, ROOT):
        p = (base / target).resolve()
        if p.is_file() and p.is_relative_to(ROOT):
            return True
    return False


def test_every_relative_link_resolves_to_a_file_in_the_repository() -> None:
    missing = {doc.name: bad for doc in DOCS if (bad := [t for t in _targets(doc) if not _in_repo(doc, t)])}
    assert not missing, f"links outside the repository or to missing files: {missing}"
    assert sum(len(_targets(doc)) for doc in DOCS) >= 4  # the links were found at all (the README names four docs)


def _more_commands() -> list[str]:
    text = (ROOT / "README.md").read_text("utf-8")
    more = text.split("## More", 1)[1]
    return [c for c in re.findall(r"`([^`]+)`", more) if re.match(r"(\.venv/bin/)?(undercity|python|pip)\b", c)
            or c.startswith(("undercity ", "python "))]


def test_readme_commands_need_no_activated_environment() -> None:
    """`undercity …` and `python bench/…` fail in a fresh shell (command not found, no module):
    after `python3 -m venv .venv && .venv/bin/pip install …` they are `.venv/bin/…`."""
    commands = _more_commands()
    assert len(commands) >= 10
    bare = [c for c in commands if not c.startswith(".venv/bin/")]
    assert not bare, bare


def _as_written(command: str) -> list[str]:
    """The command's arguments with its placeholders filled in: FILE (a file of the repository),
    [optional parts] left out, HOST:PORT and SEAT for their options."""
    command = re.sub(r"\s*\[[^\]]*\]", "", command)
    return [{"FILE": "README.md"}.get(a, a) for a in shlex.split(command)]


def test_readme_undercity_commands_parse() -> None:
    """Each `.venv/bin/undercity …` command names a real subcommand with options it accepts
    (parsed by the command line itself, without playing anything)."""
    from undercity.cli import app

    root = typer.main.get_command(app)
    checked = 0
    for command in _more_commands():
        args = _as_written(command)
        if args[0] != ".venv/bin/undercity":
            continue
        args = args[1:]
        if args == ["--version"]:
            continue
        ctx = root.context_class(root, info_name="undercity")
        sub = root.get_command(ctx, args[0])
        assert sub is not None, command
        name, rest = args[0], args[1:]
        if hasattr(sub, "get_command") and rest:  # a group: `deck check`
            ctx = sub.make_context(name, [rest[0]], parent=ctx)
            name, sub, rest = rest[0], sub.get_command(ctx, rest[0]), rest[1:]
            assert sub is not None, command
        sub.make_context(name, list(rest), parent=ctx)  # raises on an unknown option or a bad value
        checked += 1
    assert checked >= 10


def test_readme_bench_command_runs_with_the_environment_python() -> None:
    cmd = [c for c in _more_commands() if "bench/" in c]
    assert cmd == [".venv/bin/python bench/bench_core.py"]
    r = subprocess.run([sys.executable, "bench/bench_core.py", "--help"], cwd=ROOT, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
