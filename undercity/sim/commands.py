"""The ``undercity sim`` and ``undercity replay`` commands (registered in undercity/cli.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer
from rich.console import Console

from undercity.errors import UndercityError


def sim_command(
    deck: list[str] = typer.Option(None, "--deck", help="A bundled deck name or a decklist file, one per seat "
                                                         "(cycled if fewer than the players; none: the bundled decks)."),
    players: int = typer.Option(None, help="Number of players (default: one per --deck, at least 2)."),
    variant: str = typer.Option(None, help="two-player | free-for-all | two-headed-giant | commander "
                                "(default: two-player for 2 players, free-for-all for more)."),
    games: int = typer.Option(100, help="Number of games."),
    seed: int = typer.Option(0, help="Base seed: game i is played with a seed derived from (seed, i)."),
    ai: str = typer.Option("heuristic", help="AI for every seat: heuristic | random | mcts."),
    workers: int = typer.Option(None, help="Worker processes (default: the number of CPUs; 1: no pool)."),
    out: Path = typer.Option(Path("sim-out"), "--out", help="Directory for records, summary and plots."),
    save_replays: Path = typer.Option(None, "--save-replays", help="Save every game as a replay file here."),
    backend: str = typer.Option("process", help="process | ray (needs the 'ray' extra)."),
    address: str = typer.Option(None, help="Ray cluster address (with --backend ray; default: a local Ray)."),
    turn_cap: int = typer.Option(150, "--turn-cap",
                                 help="A game still going after this many turns (at least 1) is a draw."),
    plots: bool = typer.Option(True, "--plots/--no-plots", help="Write the PNG charts."),
) -> None:
    """Play many AI games in parallel; print a summary and write records, plots and replays."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from undercity.engine.events import plural
    from undercity.sim import records as rec
    from undercity.sim import stats
    from undercity.sim.runner import Simulation, make_config

    console = Console(highlight=False, soft_wrap=True)
    if not console.is_terminal:  # a file or a pipe: room for the whole table
        console = Console(highlight=False, soft_wrap=True, width=170)
    if workers is not None and workers < 1:
        raise UndercityError("--workers must be at least 1")
    cfg = make_config(deck, players=players, variant=variant, games=games, seed=seed, ai=ai, turn_cap=turn_cap)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UndercityError(f"cannot create --out directory {out}: {e.strerror or e}") from None
    err = Console(stderr=True, highlight=False)
    # The workers start here, before the progress bar's thread exists (see runner._mp_context).
    with Simulation(cfg, workers=workers, backend=backend, address=address, replay_dir=save_replays) as sim:
        try:
            with Progress(TextColumn("[bold]simulating"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                          TimeRemainingColumn(), console=err, disable=not err.is_terminal) as bar:
                task = bar.add_task("games", total=cfg.games)
                for n in sim:
                    bar.advance(task, n)
        except KeyboardInterrupt:  # Ctrl-C: report and write what was finished
            if not sim.interrupted:
                sim.abort()
    records = sim.records
    if sim.interrupted:
        err.print(f"interrupted after {len(records)} of {plural(cfg.games, 'game')}", markup=False)
        if not records:
            raise typer.Exit(130)
    run = sim.info
    assert run is not None
    summary = stats.summarize(records)
    summary["run"] = {"seed": cfg.seed, "games": cfg.games, "decks": list(cfg.deck_names), "ai": cfg.ai,
                      "variant": cfg.variant, "turn_cap": cfg.turn_cap, "backend": run.backend,
                      "workers": run.workers, "seconds": round(run.seconds, 3),
                      "games_per_second": round(run.games_per_second, 2), "interrupted": sim.interrupted}
    rec.write_json(records, out / "records.json")
    rec.write_csv(records, out / "records.csv")
    (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    stats.render(summary, console, games_per_second=run.games_per_second)
    written = ["records.json", "records.csv", "summary.json"]
    if plots:
        from undercity.sim.plots import plot_all

        written += [p.name for p in plot_all(records, out)]
    console.print(f"Wrote {', '.join(written)} to {out}/", markup=False)
    if save_replays is not None:
        console.print(f"Saved {len(records)} replays to {save_replays}/ (undercity replay FILE)", markup=False)
    if sim.interrupted:
        raise typer.Exit(130)  # 128 + SIGINT, as a shell reports an interrupted command


def replay_command(
    file: Path = typer.Argument(..., help="A replay file (from sim --save-replays, or Game.save())."),
    as_json: bool = typer.Option(False, "--json", help="Print the event log as JSON Lines."),
    view: str = typer.Option("all", "--view", metavar="all|SEAT",
                             help="Whose view to print: 'all' (the default) reveals every hidden card — every "
                                  "hand and library of every player and what each looked at alone; a seat number or player "
                                  "name prints only what that player could see."),
) -> None:
    """Re-play a saved game from its choices and print its log, exactly as it was.

    By default the log is omniscient: it names every player's hidden cards (--view SEAT hides them)."""
    from undercity.seating import view_option
    from undercity.sim.replay import load_replay, verify

    g, doc = load_replay(file)
    viewer = view_option(view, g.names, None, "--view")
    lines = g.log_json(viewer) if as_json else g.log_lines(viewer)
    out = sys.stdout
    for line in lines:
        out.write(line + "\n")
    out.flush()
    if verify(g, doc) is False:
        Console(stderr=True, highlight=False).print(
            f"error: {file}: the replayed log differs from the recorded one (log_sha256 mismatch)", markup=False)
        raise typer.Exit(1)
