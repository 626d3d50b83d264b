"""The scenario sandbox: paste or upload a scenario file (docs/scenarios.md), run it, see the
log and whether its expectations held — what ``undercity scenario FILE`` prints, in a page."""

from __future__ import annotations

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
    from undercity.web.app import render

    return render(request, "sandbox.html", text=EXAMPLE, result=None)


def _run(text: str, name: str) -> tuple[bool, list[str], list[str], int]:
    """(passed, failed expectations, log, number of expectations) of a scenario's text."""
    from undercity.scenario.runner import run_scenario
    from undercity.scenario.schema import parse_scenario

    sc = parse_scenario(text, name)
    result = run_scenario(sc)
    checks = len(sc.expects)
    return result.ok, list(result.failures), list(result.log), checks


async def sandbox_run(request: Request) -> Response:
    from undercity.web.app import WebError, _form, _text_field, _upload_text, render
    from undercity.web.security import MAX_BODY

    form = await _form(request)
    upload = await _upload_text(form, "file")
    text = _text_field(form, "text", MAX_BODY)
    name = "pasted.yaml"
    if upload is not None:
        name, text = upload
    if not text.strip():
        raise WebError(400, "the scenario is empty: paste one or choose a file (docs/scenarios.md)")
    try:
        passed, failures, log, checks = await run_in_threadpool(_run, text, name[:200])
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
