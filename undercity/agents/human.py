"""A human seat: the board and the legal options on a terminal, the answer typed back.

:class:`HumanAgent` follows the agent protocol (``choose(game, decision) -> option index``).
Before each decision it shows the board as its player may see it (:mod:`undercity.ui.board`:
other players' hands and every library only as counts), then the options, numbered from 1.
The player answers with a number or a name (:mod:`undercity.ui.parse`); a bad answer gets a
message and the same question again. Leaving — ``quit`` then "yes", or the end of input —
raises :class:`HumanLeft`; whoever runs the game concedes for them (CR 104.3a).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.text import Text

from undercity.engine.decisions import Decision
from undercity.engine.game import Game
from undercity.ui.board import board
from undercity.ui.parse import parse_answer
from undercity.ui.zones import card_text, declared_so_far, find_visible, zone_lines

HELP = """\
Answer with the number of an option, or with its name: the whole label ("pass priority"),
a card name in it ("Shock" for "cast Shock"), or any unique beginning of either ("pa",
"sho"). Case doesn't matter. If several different options match, you are asked again.
  ?, help        this help
  board          show the board again
  card NAME      a card's text and rulings: any card you can see, by name (or its
                 beginning); card 3: the card in option 3
  graveyards, gy every graveyard, in order (the top card last)
  exile          every player's exiled cards
  q, quit        concede the game (you are asked to confirm)
Only decisions with a real choice stop the game: when passing priority is all you can do,
you pass automatically (unless you play with --every-priority)."""


class HumanLeft(Exception):  # noqa: N818 - control flow: the human leaves the game
    """The human conceded (``quit``) or their input ended. ``exit_code`` is for the CLI."""

    def __init__(self, message: str, exit_code: int) -> None:
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code


class HumanAgent:
    """Asks the person at the terminal. ``read`` is ``input`` by default (tests pass their own)."""

    def __init__(self, seat: int, console: Console | None = None,
                 read: Callable[[str], str] | None = None) -> None:
        self.seat = seat
        self.console = console or Console(highlight=False, soft_wrap=True)
        self.read = read or input
        self._greeted = False
        self._name = f"Player {seat + 1}"

    # ------------------------------------------------------------------ protocol
    def choose(self, game: Game, decision: Decision) -> int:
        out = self.console
        self._name = game.player_name(self.seat)
        if not self._greeted:
            self._greeted = True
            out.print(Text(f"You are {game.player_name(self.seat)}. Answer with an option's number or "
                           "name; `card NAME` reads a card; ? for help, q to concede.", style="bold"))
        self.show(game, decision)
        labels = [o.label for o in decision.options]
        while True:
            line = self._read(f"{game.player_name(self.seat)}, your choice (1-{len(labels)}, ? for help): ")
            ans = parse_answer(line, labels)
            if ans.kind == "choice":
                assert ans.index is not None
                return ans.index
            if ans.kind == "help":
                out.print(HELP, markup=False)
                self.show_options(decision, game)
            elif ans.kind == "board":
                self.show(game, decision)
            elif ans.kind == "card":
                found = find_visible(game, self.seat, ans.message, decision)
                for line in card_text(found) if not isinstance(found, str) else [found]:
                    out.print(line, markup=False)
            elif ans.kind in ("graveyards", "exile"):
                for line in zone_lines(game, "graveyard" if ans.kind == "graveyards" else "exile", self.seat):
                    out.print(line, markup=False)
            elif ans.kind == "quit":
                if self._confirm("Concede the game? (yes/no): "):
                    raise HumanLeft(f"{game.player_name(self.seat)} concedes.", 0)
                out.print("Not conceding. The question again:", markup=False)
                self.show_options(decision, game)
            else:
                out.print(Text(ans.message, style="red"))

    # ------------------------------------------------------------------ display
    def show(self, game: Game, decision: Decision) -> None:
        self.console.print()
        self.console.rule(style="dim")
        self.console.print(board(game, self.seat))
        self.console.print()
        self.show_options(decision, game)

    def show_options(self, decision: Decision, game: Game | None = None) -> None:
        out = self.console
        so_far = declared_so_far(game, decision) if game is not None else None
        if so_far:
            out.print(Text(so_far))
        out.print(Text(decision.prompt, style="bold"))
        width = len(str(len(decision.options)))
        for i, o in enumerate(decision.options, 1):
            out.print(Text(f"  {i:>{width}}. {o.label}"))
        if decision.kind == "x":
            out.print(Text("  (numbers pick an option; type X=2 to choose X=2)", style="dim"))

    # ------------------------------------------------------------------ input
    def _read(self, prompt: str) -> str:
        self.console.file.flush()
        try:
            return self.read(prompt)
        except EOFError:
            self.console.print()
            raise HumanLeft(f"Input ended: {self._name} concedes.", 1) from None
        except KeyboardInterrupt:
            self.console.print()
            raise HumanLeft(f"Interrupted: {self._name} concedes.", 1) from None

    def _confirm(self, prompt: str) -> bool:
        while True:
            a = self._read(prompt).strip().casefold()
            if a in ("y", "yes"):
                return True
            if a in ("n", "no", ""):
                return False
            self.console.print("Please answer yes or no.", markup=False)
