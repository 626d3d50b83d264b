"""Running a batch of scenario files, as ``undercity scenario A B C`` does.

Every file is run, whatever happens to the others: a file that cannot be read, parsed or
carried out counts as failed, with its error, and the batch goes on. The arguments may be
files, directories (every ``*.yaml`` / ``*.yml`` under them) or glob patterns that the
shell left unexpanded (``tests/rules/**/*.yaml`` in a shell without ``globstar``).

>>> outcome = Outcome("a.yaml", passed=False, error="a.yaml:3: format: missing")
>>> summary([outcome, Outcome("b.yaml", passed=True)])
'1 passed, 1 failed'
"""

from __future__ import annotations

import glob
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from undercity.errors import UndercityError

__all__ = ["Outcome", "exit_status", "expand", "run_one", "summary"]

_SUFFIXES = (".yaml", ".yml")


@dataclass
class Outcome:
    """What running one argument gave."""

    #: The file as named to the user (an argument, or a file found under a directory).
    name: str
    passed: bool
    #: The failed expectations (a file that ran to the end).
    failures: list[str] = field(default_factory=list)
    #: Why the file could not be run at all (a missing or malformed file, an illegal action).
    error: str | None = None
    log: list[str] = field(default_factory=list)


def expand(args: list[str]) -> Iterator[Path | Outcome]:
    """The files ``args`` name, in order; an argument that names none gives a failed
    :class:`Outcome` saying so, in its place."""
    for arg in args:
        path = Path(arg)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.suffix in _SUFFIXES and p.is_file())
            if not found:
                yield Outcome(arg, False, error=f"{arg}: the directory holds no scenario file (*.yaml)")
            yield from found
        elif path.exists() or not glob.has_magic(arg):
            yield path  # a missing file is reported by the loader ("cannot read the file")
        else:
            matches = sorted(Path(m) for m in glob.glob(arg, recursive=True) if Path(m).is_file())
            if not matches:
                yield Outcome(arg, False, error=f"{arg}: no file matches this pattern")
            yield from matches


def run_one(path: Path) -> Outcome:
    """Run one scenario file; never raises for a bad file."""
    from undercity.scenario.runner import run_file

    name = str(path)
    try:
        result = run_file(path)
    except UndercityError as e:
        return Outcome(name, False, error=str(e))
    except Exception as e:  # a bug in the engine: report it, and let the other files run
        detail = "".join(traceback.format_exception(e)).rstrip()
        return Outcome(name, False, error=f"{name}: internal error (a bug in Undercity, please report it):\n"
                                          f"{detail}")
    return Outcome(name, result.ok, list(result.failures), log=list(result.log))


def summary(outcomes: list[Outcome]) -> str:
    """``"3 passed, 1 failed"``."""
    passed = sum(1 for o in outcomes if o.passed)
    return f"{passed} passed, {len(outcomes) - passed} failed"


def exit_status(outcomes: list[Outcome]) -> int:
    """0 when every file passed, 2 when a file could not be run, else 1 (an expectation failed)."""
    if any(o.error is not None for o in outcomes):
        return 2
    return 0 if all(o.passed for o in outcomes) else 1
