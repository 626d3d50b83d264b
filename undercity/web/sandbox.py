"""The scenario sandbox: paste or upload a scenario file (docs/scenarios.md), run it, see the
log and whether its expectations held — what ``undercity scenario FILE`` prints, in a page."""

from __future__ import annotations

from pathlib import Path, PurePath
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from undercity.errors import UndercityError

EXAMPLE = """format: 1
name: Lightning Bolt deals 3 damage to any target (CR 120.3)
game:
  active: Alice
players:
  - name: Alice
    hand: [Lightning Bolt]
    battlefield: [Mountain]
  - name: Bob
    life: 20
actions:
  - cast: Lightning Bolt
    targets: [Bob]
  - resolve
expect:
  life: {Bob: 17}
"""


async def sandbox_form(request: Request) -> Response:
    from undercity.web.pages import render

    return render(request, "sandbox.html", text=EXAMPLE, result=None)


def safe_name(filename: str | None) -> str:
    """The name a scenario's messages give its file: never a path of this machine, since the
    runner reads the file of that name if there is one (scenario/runner.py build_game)."""
    base = PurePath(filename).name[:100] if filename else ""
    name = f"{base} (uploaded)" if base else "(pasted)"
    return name if not Path(name).exists() else "(uploaded scenario)"


async def _scenario_text(form: Any) -> tuple[str, str]:
    from undercity.web.pages import WebError, text_field, upload_text
    from undercity.web.security import MAX_BODY

    upload = await upload_text(form, "file")
    text = text_field(form, "text", MAX_BODY)
    name = safe_name(None)
    if upload is not None:
        name, text = safe_name(upload[0]), upload[1]
    if not text.strip():
        raise WebError(400, "the scenario is empty: paste one or choose a file (docs/scenarios.md)")
    return name, text


async def step(request: Request, text: str, name: str) -> Response:
    """The scenario's board at the table, every seat human: each seat's link steps its decisions."""
    from undercity.web.pages import WebError, render
    from undercity.web.table import new_scenario_game

    try:
        tg = await run_in_threadpool(new_scenario_game, text, name)
    except UndercityError as e:
        return render(request, "sandbox.html", status=400, text=text,
                      result={"error": str(e), "passed": False, "failures": [], "log": [], "checks": 0})
    except Exception as e:
        raise WebError(500, f"internal error setting up the scenario (a bug in Undercity): {type(e).__name__}") from None
    await run_in_threadpool(request.app.state.games.add, tg)
    return render(request, "table_links.html", links=[(i, t) for i, t in enumerate(tg.tokens) if t])


def _run(text: str, name: str) -> tuple[bool, list[str], list[str], int]:
    """(passed, failed expectations, log, number of expectations) of a scenario's text."""
    from undercity.scenario.runner import run_scenario
    from undercity.scenario.schema import parse_scenario

    sc = parse_scenario(text, name)
    result = run_scenario(sc)
    checks = len(sc.expects)
    return result.ok, list(result.failures), list(result.log), checks


async def sandbox_run(request: Request) -> Response:
    from undercity.web.pages import WebError, read_form, render, text_field

    form = await read_form(request)
    name, text = await _scenario_text(form)
    if text_field(form, "action", 10, "run") == "step":
        return await step(request, text, name)
    try:
        passed, failures, log, checks = await run_in_threadpool(_run, text, name)
    except UndercityError as e:  # malformed, or a script that can't be carried out: nothing ran to the end
        return render(request, "sandbox.html", status=400, text=text,
                      result={"error": str(e), "passed": False, "failures": [], "log": [], "checks": 0})
    except Exception as e:  # a bug in the engine: say so, without a traceback in the page
        raise WebError(500, f"internal error running the scenario (a bug in Undercity, please report it): "
                            f"{type(e).__name__}") from None
    return render(request, "sandbox.html", text=text,
                  result={"error": None, "passed": passed, "failures": failures, "log": log, "checks": checks})


def routes() -> list[Route]:
    return [Route("/sandbox", sandbox_form), Route("/sandbox", sandbox_run, methods=["POST"])]
