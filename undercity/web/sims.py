""""Simulate" on a deck page: AI-vs-AI games of a saved deck against a bundled one, played in
a background thread by the simulator's own game function (``undercity.sim.runner.play_game``,
as ``undercity sim`` plays them), with a progress bar, then the summary (``sim.stats.summarize``)
and the simulator's plots. Runs live in memory; at most :data:`MAX_RUNNING` at once."""

from __future__ import annotations

import secrets
import shutil
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, RedirectResponse, Response
from starlette.routing import Route

from undercity.errors import UndercityError

MAX_GAMES = 200
MAX_RUNNING = 2
MAX_KEPT = 20  # finished runs kept for their pages; the oldest go first


@dataclass
class SimRun:
    id: str
    title: str
    total: int
    done: int = 0
    records: list[Any] = field(default_factory=list)
    summary: dict[str, Any] | None = None
    plots: dict[str, Path] = field(default_factory=dict)
    error: str | None = None
    directory: Path | None = None

    @property
    def finished(self) -> bool:
        return self.summary is not None or self.error is not None


class SimRuns:
    def __init__(self) -> None:
        self._runs: dict[str, SimRun] = {}
        self._lock = threading.Lock()

    def running(self) -> int:
        with self._lock:
            return sum(1 for r in self._runs.values() if not r.finished)

    def start(self, cfg: Any, title: str) -> SimRun:
        from undercity.web.pages import WebError

        with self._lock:
            if sum(1 for r in self._runs.values() if not r.finished) >= MAX_RUNNING:
                raise WebError(429, f"{MAX_RUNNING} simulations are running already: wait for one to finish")
            finished = [r for r in self._runs.values() if r.finished]
            for old in finished[:max(0, len(self._runs) - MAX_KEPT + 1)]:
                del self._runs[old.id]
                if old.directory is not None:
                    shutil.rmtree(old.directory, ignore_errors=True)
            run = SimRun(secrets.token_urlsafe(12), title, cfg.games)
            self._runs[run.id] = run
        threading.Thread(target=_play, args=(run, cfg), daemon=True, name=f"sim-{run.id}").start()
        return run

    def get(self, run_id: str) -> SimRun | None:
        with self._lock:
            return self._runs.get(run_id)


def _play(run: SimRun, cfg: Any) -> None:
    from undercity.sim.plots import plot_all
    from undercity.sim.runner import play_game
    from undercity.sim.stats import summarize

    try:
        for i in range(cfg.games):
            run.records.append(play_game(cfg, i).record)
            run.done = i + 1
        run.directory = Path(tempfile.mkdtemp(prefix="undercity-sim-"))
        run.plots = {p.name: p for p in plot_all(run.records, run.directory)}
        run.summary = summarize(run.records)
    except Exception as e:  # a bug in the engine: the page says so (the games so far are kept)
        run.error = f"the simulation stopped after {run.done} games: {type(e).__name__}: {e}"[:500]


async def simulate(request: Request) -> Response:
    from undercity.decks import BUNDLED, load_deck, parse_decklist
    from undercity.sim.runner import SimConfig
    from undercity.web.deck_pages import saved_deck
    from undercity.web.pages import WebError, int_param, read_form, text_field

    saved = saved_deck(request)
    form = await read_form(request)
    opponent = text_field(form, "opponent", 60, BUNDLED[0])
    if opponent not in BUNDLED:
        raise WebError(400, f"unknown opponent deck {opponent[:60]!r}: one of {', '.join(BUNDLED)}")
    games = int_param(text_field(form, "games", 10), "the number of games", 20, 1, MAX_GAMES)
    ai = text_field(form, "ai", 20, "heuristic")
    if ai not in ("heuristic", "random"):
        raise WebError(400, f"unknown AI {ai[:20]!r}: heuristic or random")
    try:
        mine = parse_decklist(saved.text, saved.name)  # every card must be implemented to play
    except UndercityError as e:
        raise WebError(400, f"this deck can't be played yet: {e}") from None
    other = load_deck(opponent)
    cfg = SimConfig(deck_names=(saved.name, opponent), decks=(tuple(mine.main), tuple(other.main)), games=games,
                    seed=secrets.randbelow(10**6), ai=ai)
    run = request.app.state.sims.start(cfg, f"{saved.name} vs {opponent}, {games} games, {ai} AI")
    return RedirectResponse(f"/sims/{run.id}", status_code=303)


def _run(request: Request) -> SimRun:
    from undercity.web.pages import WebError

    run_id = request.path_params["run"]
    run = request.app.state.sims.get(run_id) if len(run_id) <= 40 else None
    if run is None:
        raise WebError(404, "no simulation with this link (runs are kept in memory until the server stops)")
    return run


async def sim_page(request: Request) -> Response:
    from undercity.web.pages import render

    return render(request, "sim.html", run=_run(request))


async def sim_plot(request: Request) -> Response:
    from undercity.web.pages import WebError

    run = _run(request)
    path = run.plots.get(request.path_params["name"])
    if path is None:
        raise WebError(404, "no such plot")
    return FileResponse(path, media_type="image/png")


def routes() -> list[Route]:
    return [
        Route("/decks/{deck_id}/simulate", simulate, methods=["POST"]),
        Route("/sims/{run}", sim_page),
        Route("/sims/{run}/{name}", sim_plot),
    ]
