"""The play table: a two-player game in the browser, each human seat behind its own link.

The server is authoritative: it holds the :class:`~undercity.engine.game.Game`, runs the AI
seats, and accepts an answer only from the seat the pending decision belongs to, as an option
index that :meth:`Game.apply` validates (an illegal one changes nothing). A seat's page and its
JSON carry only what that seat may see (:func:`undercity.web.seat_view.seat_view`): its own hand, other hands and
libraries as counts (CR 400.2), the log rendered for that viewer (engine/events.py).

Every game is saved in the site's database as a replay (``Game.save``: its setup and choices)
after each answer; a seat's link still works after a server restart: the game is rebuilt by
replaying its choices (``Game.restore``), the AI seats get fresh agents.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route, WebSocketRoute

from undercity.engine.priority import PASS_OPTION
from undercity.engine.state import NO_PRIORITY_STEPS, STEPS
from undercity.errors import IllegalActionError, UndercityError
from undercity.web.seat_view import fingerprint, seat_view

if TYPE_CHECKING:
    from starlette.websockets import WebSocket

AI_KINDS = ("heuristic", "random", "mcts")  # mcts searches: about a second a decision
AI_NAMES = {"heuristic": "Heuristic", "random": "Random", "mcts": "MCTS"}
#: The variants a table can be (engine/variants.py): CR 103 two-player, 806 free-for-all,
#: 903 Commander, 810 Two-Headed Giant (four players, two teams).
VARIANTS = ("two-player", "free-for-all", "commander", "two-headed-giant")
MAX_SEATS = 6
SEAT_KINDS = ("human", *AI_KINDS)
MAX_GAMES = 200  # in memory at once; the oldest finished ones go first
ACTIONS = ("answer", "concede", "pass_until_turn", "stop_passing", "stops")
#: The steps a seat can stop in (CR 500.1; no player gets priority in untap and cleanup, 502.4, 514.3).
STOP_STEPS = tuple(step for step in STEPS if step not in NO_PRIORITY_STEPS)
STOPS = frozenset(f"{whose}:{step}" for whose in ("mine", "theirs") for step in STOP_STEPS)


@dataclass
class TableGame:
    game: Any
    kinds: list[str]
    agents: list[Any]
    tokens: list[str | None]
    seed: int = 0
    id: int | None = None  # its row in the site's database
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: Open WebSockets of its seats, as (socket, seat): each is sent its seat's view after a change.
    sockets: list[tuple[WebSocket, int]] = field(default_factory=list)
    #: When the pending decision was put to its player (the table's clock of who is waited for).
    since: float = field(default_factory=time.time)
    #: Human seats passing priority until their next turn ("pass until my next turn").
    auto_pass: set[int] = field(default_factory=set)
    #: Each human seat's stops: "mine:STEP" / "theirs:STEP" (its own turns, other players').
    stops: dict[int, set[str]] = field(default_factory=dict)

    def run_ais(self) -> None:
        """Answer decisions for AI seats (and for players who have left) until a human seat must
        decide or the game is over; pass priority for a seat passing until its next turn."""
        g = self.game
        while not g.over:
            d = g.pending
            p = g.s.players[d.player]
            if p.left or p.lost:
                g.apply(0)  # their answer no longer matters (as in ui/session.py)
                continue
            if self.kinds[d.player] == "human":
                if self._passes(d) or (d.options == [PASS_OPTION] and not self.stops_here(d.player)):
                    g.apply(d.options.index(PASS_OPTION))
                    continue
                self.since = time.time()
                return
            g.apply(self.agents[d.player].choose(g, d))

    def stops_here(self, seat: int) -> bool:
        """Whether ``seat`` asked to stop in this step of this turn even when it can only pass."""
        s = self.game.s
        whose = "mine" if s.active == seat else "theirs"
        return s.started and f"{whose}:{s.step}" in self.stops.get(seat, set())

    def _passes(self, d: Any) -> bool:
        """Whether the seat's "pass until my next turn" answers this decision: priority (CR 117)
        on another player's turn, with nothing on the stack targeting the seat or a permanent it
        controls (CR 115); its own turn ends the passing."""
        seat = d.player
        if seat not in self.auto_pass:
            return False
        s = self.game.s
        if s.started and s.active == seat:
            self.auto_pass.discard(seat)
            return False
        if d.kind != "priority" or PASS_OPTION not in d.options:
            return False
        return not targets_seat(self.game, seat)


def targets_seat(g: Any, seat: int) -> bool:
    """Whether a spell or ability on the stack targets ``seat`` or an object it controls."""
    for item in g.s.stack:
        for kind, ident in item.targets:
            if kind == "p" and ident == seat:
                return True
            if kind == "o" and ident in g.s.objs and g.s.objs[ident].controller == seat:
                return True
    return False


class Tables:
    """Games by seat token: the ones in play in memory (at most :data:`MAX_GAMES`), every one in
    the database."""

    def __init__(self, storage: Any) -> None:
        self.storage = storage
        self._by_token: dict[str, tuple[TableGame, int]] = {}
        self._games: list[TableGame] = []
        self._lock = threading.Lock()
        self._restoring = threading.Lock()  # one rebuild of a saved game at a time, never two copies

    def add(self, tg: TableGame) -> None:
        if tg.id is None:
            tg.id = self.storage.save_game(tg.kinds, tg.seed, tg.game.save(), tg.tokens)
        self._remember(tg)

    def saved(self, tg: TableGame) -> None:
        """Record the game's new choices and its seats' settings (after each answer)."""
        prefs = {seat: {"stops": sorted(tg.stops.get(seat, ())), "passing": seat in tg.auto_pass}
                 for seat, tok in enumerate(tg.tokens) if tok}
        self.storage.update_game(tg.id, tg.game.save(), tg.game.over, prefs, tg.since)

    def _remember(self, tg: TableGame) -> None:
        with self._lock:
            if len(self._games) >= MAX_GAMES:
                done = next((t for t in self._games if t.game.over), self._games[0])
                self._games.remove(done)
                for tok in done.tokens:
                    self._by_token.pop(tok or "", None)
            self._games.append(tg)
            for seat, tok in enumerate(tg.tokens):
                if tok:
                    self._by_token[tok] = (tg, seat)

    def get(self, token: str) -> tuple[TableGame, int] | None:
        with self._lock:
            found = self._by_token.get(token)
        if found is not None:
            return found
        with self._restoring:
            with self._lock:
                found = self._by_token.get(token)
            if found is not None:
                return found
            row = self.storage.game_for_token(token)
            if row is None:
                return None
            tg = restore_game(row.id, row.kinds, row.seed, row.save, row.tokens, row.prefs, row.since)
            self._remember(tg)
            return tg, row.seat


def _agents(kinds: list[str], seed: int) -> list[Any]:
    from undercity.agents import make_agent

    return [None if k == "human" else make_agent(k, seed * 100 + i) for i, k in enumerate(kinds)]


def restore_game(game_id: int, kinds: list[str], seed: int, save: str, tokens: list[str | None],
                 prefs: dict[int, dict[str, Any]] | None = None, since: float | None = None) -> TableGame:
    """A saved game rebuilt from its replay (the same state: the engine is deterministic), its
    clock of who is waited for (``since``) as it was saved."""
    from undercity.engine.game import Game

    try:
        doc = json.loads(save)
        setup, choices = doc["setup"], doc["choices"]
    except (ValueError, KeyError, TypeError) as e:
        raise UndercityError(f"not a saved game: {e}") from None
    # Game.restore's replay, with every priority exposed as it was at the table (per-step stops).
    if setup.get("kind") == "scenario":  # a sandbox scenario stepped at the table
        from undercity.scenario.runner import build_game
        from undercity.scenario.schema import parse_scenario

        g = build_game(parse_scenario(setup["scenario"], setup.get("file", "(uploaded scenario)")))
        g.setup = setup
    else:
        g = Game.new(setup["decks"], setup["names"], setup["seed"], setup["variant"], setup["turn_cap"],
                     setup.get("commanders"))
    g.stop_every_priority = True
    for c in choices:
        if c < 0:
            g.concede(-1 - c)  # a concession is saved as -1 - player
        else:
            g.apply(c)
    tg = TableGame(g, kinds, _agents(kinds, seed), tokens, seed, game_id)
    for seat, p in (prefs or {}).items():
        tg.stops[seat] = {x for x in p.get("stops", ()) if x in STOPS}
        if p.get("passing"):
            tg.auto_pass.add(seat)
    tg.run_ais()  # a game saved with an AI to move (nothing is saved half-answered, but be sure)
    if since is not None and len(g.choices) == len(choices):
        tg.since = since  # the same decision is still waiting: its clock goes on
    return tg


def new_scenario_game(text: str, name: str) -> TableGame:
    """A scenario's board (its setup; its actions are left to the players) with every seat human."""
    from undercity.scenario.runner import build_game
    from undercity.scenario.schema import parse_scenario

    g = build_game(parse_scenario(text, name))
    g.setup = {"kind": "scenario", "scenario": text, "file": name}  # saved with the game, for a restart
    g.stop_every_priority = True
    kinds = ["human"] * len(g.s.players)
    tg = TableGame(g, kinds, _agents(kinds, 0), [secrets.token_urlsafe(24) for _ in kinds], 0)
    tg.run_ais()
    return tg


def new_game(decks: list[Any], kinds: list[str], seed: int, variant: str = "two-player") -> TableGame:
    from undercity.engine.game import Game

    names = [f"Player {i + 1}" if k == "human" else f"{AI_NAMES.get(k, k)} AI {i + 1}" for i, k in enumerate(kinds)]
    commanders = None
    if variant == "commander":  # CR 903.3: each deck names its commander
        for i, d in enumerate(decks):
            if not d.commanders:
                raise UndercityError(f"seat {i + 1}: deck {d.name!r} has no commander: a Commander decklist needs "
                                     "a 'Commander' section naming its commander (CR 903.3)")
        commanders = [list(d.commanders) for d in decks]
    g = Game.new([d.main for d in decks], names, seed=seed, variant=variant, commanders=commanders)
    # Every priority is exposed (CR 117.3) so that a seat's per-step stops can stop there; where a
    # seat can only pass and has set no stop, run_ais passes for it.
    g.stop_every_priority = True
    tokens = [secrets.token_urlsafe(24) if k == "human" else None for k in kinds]
    tg = TableGame(g, kinds, _agents(kinds, seed), tokens, seed)
    tg.run_ais()
    return tg


def _seat(request: Request) -> tuple[TableGame, int]:
    from undercity.web.pages import WebError

    token = request.path_params["token"]
    try:
        found = request.app.state.games.get(token) if len(token) <= 100 else None
    except UndercityError as e:  # a saved game this version can no longer rebuild (a card it lacks)
        raise WebError(410, f"this game can't be rebuilt: {e}") from None
    if found is None:
        raise WebError(404, "no game seat has this link: check the link, or start a new game at /table")
    return found


async def table_form(request: Request) -> Response:
    from undercity.decks import BUNDLED, COMMANDER_DECKS
    from undercity.web.pages import render

    return render(request, "table_new.html", bundled=BUNDLED, commander_decks=COMMANDER_DECKS,
                  saved=request.app.state.storage.decks(), kinds=SEAT_KINDS, variants=VARIANTS, max_seats=MAX_SEATS)


def _deck_choice(request: Request, value: str, seat: int) -> Any:
    from undercity.decks import BUNDLED, COMMANDER_DECKS, load_deck, parse_decklist
    from undercity.web.pages import WebError

    try:
        if value in BUNDLED or value in COMMANDER_DECKS:
            return load_deck(value)
        if value.startswith("saved:") and value[6:].isdigit() and len(value) < 30:
            saved = request.app.state.storage.deck(int(value[6:]))
            if saved is not None:
                return parse_decklist(saved.text, saved.name)
    except UndercityError as e:
        raise WebError(400, f"seat {seat + 1}: this deck can't be played: {e}") from None
    raise WebError(400, f"seat {seat + 1}: no deck {value[:60]!r} (choose a bundled or saved deck)")


async def table_create(request: Request) -> Response:
    from undercity import seating
    from undercity.decks import BUNDLED, COMMANDER_DECKS
    from undercity.web.pages import WebError, int_param, read_form, render, text_field

    form = await read_form(request)
    variant = text_field(form, "variant", 30, "two-player")
    if variant not in VARIANTS:
        raise WebError(400, f"unknown variant {variant[:30]!r}: one of {', '.join(VARIANTS)}")
    asked = int_param(text_field(form, "players", 3), "the number of players", 0, 2, MAX_SEATS)
    try:
        players, variant = seating.resolve_seating(asked or None, variant)
    except UndercityError as e:
        raise WebError(400, str(e).replace("--players", "players").replace("--variant ", "")) from None
    kinds = [text_field(form, f"seat{i}", 20, "human" if i == 0 else "heuristic") for i in range(players)]
    for i, k in enumerate(kinds):
        if k not in SEAT_KINDS:
            raise WebError(400, f"seat {i + 1}: {k[:20]!r} is not one of {', '.join(SEAT_KINDS)}")
    if "human" not in kinds:
        raise WebError(400, "at least one seat is human (AI-only games: `undercity play` or `undercity sim`)")
    bundled = COMMANDER_DECKS if variant == "commander" else BUNDLED
    decks = [_deck_choice(request, text_field(form, f"deck{i}", 60, bundled[i % len(bundled)]) or
                          bundled[i % len(bundled)], i) for i in range(players)]
    seed = int_param(text_field(form, "seed", 12), "the seed", secrets.randbelow(10**6), 0, 10**9)
    try:
        tg = await run_in_threadpool(new_game, decks, kinds, seed, variant)
    except UndercityError as e:
        raise WebError(400, str(e)) from None
    await run_in_threadpool(request.app.state.games.add, tg)
    humans = [(i, t) for i, t in enumerate(tg.tokens) if t]
    if len(humans) == 1:
        return RedirectResponse(f"/play/{humans[0][1]}", status_code=303)
    return render(request, "table_links.html", links=humans)


async def play_page(request: Request) -> Response:
    from undercity.web.game_list import remember_seat
    from undercity.web.pages import render

    tg, seat = _seat(request)
    with tg.lock:
        view = seat_view(tg, seat)
    response = render(request, "table.html", view=view, token=request.path_params["token"],
                      fingerprint=fingerprint(view), stop_steps=STOP_STEPS)
    remember_seat(request, response, request.path_params["token"])  # listed as yours on /games
    return response


async def play_json(request: Request) -> Response:
    tg, seat = _seat(request)
    with tg.lock:
        view = seat_view(tg, seat)
    return JSONResponse(view)


def _answer(tg: TableGame, seat: int, action: str, choice: str, stops: list[str] | None = None) -> None:
    from undercity.web.pages import WebError

    g = tg.game
    if g.over:
        raise WebError(409, "the game is over")
    if action == "concede":
        try:
            g.concede(seat)
        except IllegalActionError as e:
            raise WebError(409, str(e)) from None
        tg.run_ais()
        return
    if action == "stop_passing":
        tg.auto_pass.discard(seat)
        return
    if action == "stops":
        stops = stops or []
        bad = [x for x in stops if x not in STOPS]
        if bad:
            raise WebError(400, f"unknown stop {bad[0][:40]!r}: stops are mine:STEP or theirs:STEP, a step one of "
                                f"{', '.join(STOP_STEPS)}")
        tg.stops[seat] = set(stops)
        tg.run_ais()  # a stop removed may let the table go on
        return
    if action == "pass_until_turn":
        if g.s.started and g.s.active == seat:
            raise WebError(409, "it is your turn: pass until your next turn once another player's turn has begun")
        tg.auto_pass.add(seat)
        tg.run_ais()
        return
    d = g.pending
    if d is None or d.player != seat:
        raise WebError(409, f"it is not your decision: {g.names[d.player] if d else 'nobody'} is deciding")
    if not choice.isdigit() or len(choice) > 6 or int(choice) >= len(d.options):
        raise WebError(400, f"option {choice[:20]!r} is not one of the {len(d.options)} options "
                            f"(0 to {len(d.options) - 1}); nothing was done")
    try:
        g.apply(int(choice))
    except IllegalActionError as e:
        raise WebError(400, f"{e}; nothing was done") from None
    tg.run_ais()


async def play_answer(request: Request) -> Response:
    from undercity.web.pages import WebError, read_form, text_field

    tg, seat = _seat(request)
    form = await read_form(request)
    action = text_field(form, "action", 20, "answer")
    if action not in ACTIONS:
        raise WebError(400, f"unknown action {action[:20]!r}: one of {', '.join(ACTIONS[1:])}, or choose an option")
    choice = text_field(form, "choice", 20, "")
    stops = [x for x in form.getlist("stop") if isinstance(x, str)][:len(STOPS) + 1]

    def run() -> None:
        with tg.lock:
            _answer(tg, seat, action, choice, stops)
            request.app.state.games.saved(tg)

    await run_in_threadpool(run)
    from undercity.web.table_socket import broadcast

    await broadcast(tg)
    return RedirectResponse(f"/play/{request.path_params['token']}", status_code=303)


def routes() -> list[Route | WebSocketRoute]:
    from undercity.web.table_socket import play_socket

    return [
        Route("/table", table_form),
        Route("/table", table_create, methods=["POST"]),
        Route("/play/{token}", play_page),
        Route("/play/{token}", play_answer, methods=["POST"]),
        Route("/api/play/{token}", play_json),
        WebSocketRoute("/ws/play/{token}", play_socket),
    ]
