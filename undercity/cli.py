"""The ``undercity`` command line. User mistakes print a clear message, never a traceback."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

import typer
from rich.console import Console

from undercity.errors import UndercityError

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False)
console = Console(highlight=False, soft_wrap=True)


LOG_JSON_HELP = ("Write the event log as JSON Lines to this file. Which hidden cards it names follows "
                 "--log-json-view.")
LOG_VIEW_HELP = ("Whose view the --log-json file takes: 'all' names every card in every hidden zone (hands, "
                 "libraries, what a player looked at alone) for every player; a seat number or player name writes "
                 "only what that player may see, other cards as \"hidden\". Default: the human seat's "
                 "view when there is one, else all.")


def _version(value: bool) -> None:
    if value:
        from undercity import __version__  # the one source of the version (pyproject.toml reads it)

        console.print(f"undercity {__version__}", markup=False)
        raise typer.Exit()


@app.callback()
def _main(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Print the version and exit.")) -> None:
    """Undercity: a Magic: The Gathering rules engine built around the initiative and dungeons."""


@app.command()
def play(
    seed: int = typer.Option(0, help="RNG seed: the same seed gives the same game."),
    deck: list[str] = typer.Option(None, "--deck", help="A bundled deck name or a decklist file, one per seat "
                                   "(repeated in order if fewer than the players; none: the bundled decks)."),
    players: int = typer.Option(None, help="Number of players, 2-8 (default: 2; 4 for two-headed-giant)."),
    variant: str = typer.Option(None, help="two-player | free-for-all | two-headed-giant | commander "
                                "(default: two-player for 2 players, free-for-all for more)."),
    ai: str = typer.Option("heuristic", help="AI for every seat: heuristic | random | mcts."),
    log_json: Path = typer.Option(None, "--log-json", help=LOG_JSON_HELP),
    log_json_view: str = typer.Option(None, "--log-json-view", metavar="all|SEAT", help=LOG_VIEW_HELP),
    quiet: bool = typer.Option(False, help="Print only the result."),
    seat: list[str] = typer.Option(None, "--seat", help="Who plays a seat, in seat order: human | heuristic | "
                                   "random (repeat; seats not given use --ai). `--seat human`: you play first seat."),
    turn_cap: int = typer.Option(150, "--turn-cap",
                                 help="A game still going after this many turns (at least 1) is a draw."),
    every_priority: bool = typer.Option(False, "--every-priority",
                                        help="Human seat: stop at every priority, even when you can only pass."),
) -> None:
    """Play a complete game between AI players (or you: --seat human) and print its log and result.

    With a human seat the screen and the --log-json file show only what that seat may see."""
    from undercity import seating
    from undercity.agents import play_out
    from undercity.decks import load_deck
    from undercity.engine.events import plural
    from undercity.engine.game import Game
    from undercity.ui.session import make_agents, play_session, seat_kinds
    from undercity.ui.thinking import show_thinking

    deck_args = list(deck or [])
    players, variant = seating.resolve_seating(players, variant, len(deck_args))
    seating.check_turn_cap(turn_cap)
    if log_json_view is not None and log_json is None:
        raise UndercityError("--log-json-view says whose view the --log-json file takes: give --log-json FILE too")
    names = list(seating.NAMES[:players])
    kinds = seat_kinds(seat, ai, players)
    if every_priority and "human" not in kinds:
        raise UndercityError("--every-priority is for a human seat (AIs pass when they may only pass): "
                             "add --seat human")
    viewer = kinds.index("human") if "human" in kinds else None  # the log hides what they may not see
    json_viewer = seating.view_option(log_json_view, names, viewer, '--log-json-view')
    loaded = [load_deck(d) for d in seating.deck_choices(deck_args, players, variant)]  # a missing file: at once
    decks = seating.seat_decks(loaded, players)
    agents = make_agents(kinds, seed, console)
    if not quiet:  # a searching AI (mcts) shows that it is thinking, on a terminal's stderr
        agents = show_thinking(agents)
    commanders = _commanders(decks, quiet) if variant == "commander" else None
    log_file = _open_for_writing(log_json, "--log-json") if log_json is not None else None
    g = Game.new([d.main for d in decks], names, seed=seed, variant=variant, commanders=commanders,
                 turn_cap=turn_cap)
    if not quiet:
        g.log_listeners.append(
            lambda e: console.print(e.render(g.names, viewer), markup=False) if e.in_text_log() else None)
        for line in g.log_lines(viewer):
            console.print(line, markup=False)
    code = 0
    if viewer is None:
        play_out(g, agents)
    else:
        g.stop_every_priority = every_priority
        code = play_session(g, agents, console)
    if log_file is not None:
        with log_file:
            log_file.write("\n".join(g.log_json(json_viewer)) + "\n")
    s = g.s
    winners = " and ".join(g.names[w] for w in s.winners) or "nobody (draw)"
    if not quiet:
        console.print()
    console.print(f"Result: {winners} after {plural(s.turn, 'turn')} "
                  f"({', '.join(f'{p.name} ({d.name}) {p.life} life' for p, d in zip(s.players, decks, strict=True))})",
                  markup=False)
    if code:
        raise typer.Exit(code)


def _open_for_writing(path: Path, option: str) -> TextIO:
    """The file, opened before the game is played: a bad path fails at once."""
    try:
        return path.open("w", encoding="utf-8")
    except OSError as e:
        raise UndercityError(f"cannot write {option} {path}: {e.strerror or e}") from None


def _commanders(decks: list, quiet: bool) -> list[list[str]]:
    """Each deck's commander(s) (CR 903.3); deck construction problems (CR 903.5) are warnings."""
    from undercity.formats import validate_commander_deck

    out = []
    for d in decks:
        if not d.commanders:
            raise UndercityError(f"deck {d.name!r} has no commander: a Commander decklist needs a 'Commander' "
                                 "section naming its commander (CR 903.3)")
        if not quiet:
            for problem in validate_commander_deck(d.main, d.commanders, d.sideboard):
                Console(stderr=True, highlight=False).print(f"warning: {d.name}: {problem}", markup=False)
        out.append(list(d.commanders))
    return out


@app.command()
def scenario(files: list[str] = typer.Argument(..., help="Scenario files (YAML, format 1), directories of them, "
                                              "or glob patterns."),
             quiet: bool = typer.Option(False, help="Don't print the log.")) -> None:
    """Run scenario files: print the CR-cited log of each, PASS or FAIL, and 'N passed, M failed'.

    Every file is run even when another fails. Exit status: 0 when all pass, 1 when an
    expectation failed, 2 when a file could not be run (missing, malformed, an illegal action)."""
    from undercity.scenario.batch import Outcome, exit_status, expand, run_one, summary

    outcomes: list[Outcome] = []
    items = list(expand(files))
    for item in items:
        if not isinstance(item, Outcome):
            if not quiet and len(items) > 1:  # a batch: say whose log follows
                console.print(f"=== {item} ===", markup=False)
            item = run_one(item)
        outcomes.append(item)
        if not quiet:
            for line in item.log:
                console.print(line, markup=False)
        console.print(f"{'PASS' if item.passed else 'FAIL'} {item.name}", markup=False)
        for line in item.failures:
            console.print(f"  {line}", markup=False)
        if item.error is not None:
            console.print(f"  error: {item.error}", markup=False)
    console.print(summary(outcomes), markup=False)
    if exit_status(outcomes):
        raise typer.Exit(exit_status(outcomes))


@app.command()
def cards(coverage: bool = typer.Option(False, "--coverage",
                                        help="Implemented cards per set and per deck, and what stops the rest."),
          deck: list[str] = typer.Option([], "--deck", help="With --coverage: also this decklist (repeatable)."),
          everything: bool = typer.Option(False, "--all",
                                          help="With --coverage: also run the compiler over every known card."),
          top: int = typer.Option(25, "--top", min=1, max=1000, help="How many unread phrases to list.")) -> None:
    """List the implemented cards (or, with --coverage, what each set and deck still lacks)."""
    from undercity.cards.registry import all_cards

    if (deck or everything) and not coverage:
        raise typer.BadParameter("--deck and --all go with --coverage")
    if not coverage:
        for name, card in sorted(all_cards().items()):
            console.print(f"{name}  {card.mana_cost or ''}  {card.type_line}", markup=False)
        return
    from undercity.cards.text.report import coverage_report

    coverage_report(console, deck, everything=everything, top=top)


from undercity.cli_cards import card as card_command  # noqa: E402  (card database and decklist commands)
from undercity.cli_cards import deck_app  # noqa: E402

app.command("card")(card_command)
app.add_typer(deck_app, name="deck")

from undercity.sim.commands import replay_command, sim_command  # noqa: E402  (simulation and replays)

app.command("sim")(sim_command)
app.command("replay")(replay_command)

from undercity.web.serve import serve as serve_command  # noqa: E402  (the web site: docs/web.md)

app.command("serve")(serve_command)


def main() -> None:
    try:
        app()
    except UndercityError as e:
        Console(stderr=True, highlight=False, soft_wrap=True).print(f"error: {e}", markup=False)
        sys.exit(2)
    except KeyboardInterrupt:  # Ctrl-C anywhere else: a word, not a traceback
        Console(stderr=True, highlight=False).print("interrupted", markup=False)
        sys.exit(130)


if __name__ == "__main__":
    main()
