"""Every scenario file under tests/rules and tests/rulings is a test (docs/scenarios.md).

A scenario with ``xfail: reason`` is expected to fail until the feature it needs lands
(strict: it must fail, so it is noticed when it starts passing).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from undercity.scenario.runner import run_file
from undercity.scenario.schema import load_scenario

ROOT = Path(__file__).parent
FILES = sorted([*ROOT.glob("rules/**/*.yaml"), *ROOT.glob("rulings/**/*.yaml")])


def _id(p: Path) -> str:
    return str(p.relative_to(ROOT))


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_scenario(path: Path) -> None:
    sc = load_scenario(path)
    if sc.xfail:
        try:
            result = run_file(path)
            ok = result.ok
        except Exception:  # noqa: BLE001 - an unfinished feature may fail any way
            ok = False
        if ok:
            pytest.fail(f"expected to fail ({sc.xfail}) but passed: remove `xfail`")
        pytest.xfail(sc.xfail)
    result = run_file(path)
    assert result.ok, "\n".join(result.failures + ["--- log ---"] + result.log)
