"""The game: advances until someone must decide, then waits for an answer (design.md §2).

>>> from undercity.engine.game import Game
>>> g = Game.new([deck_a, deck_b], ["Alice", "Bob"], seed=1)   # doctest: +SKIP
>>> while not g.over:                                          # doctest: +SKIP
...     g.apply(agent.choose(g, g.pending))

The engine never calls out: :attr:`Game.pending` is the one open :class:`Decision`;
:meth:`Game.apply` answers it (raising :class:`IllegalActionError` and changing nothing if
the answer is not among the legal options) and runs the game on to the next decision.
Decisions with exactly one legal answer are made by the loop itself (issue 2: they are
not counted as decisions).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable
from typing import Any

from undercity.cards.registry import get_card
from undercity.engine import events as ev
from undercity.engine.decisions import Decision, NeedChoice, Option
from undercity.engine.state import Job, Obj, Player, State, copy_state, copy_value
from undercity.engine.variants import check_player_count, get_variant
from undercity.errors import IllegalActionError, UndercityError

DEFAULT_TURN_CAP = 150

JobRunner = Callable[["Game", Job], None]
JOBS: dict[str, JobRunner] = {}

#: ``Job.data`` key: a player left the game since the job last ran, so its recorded answers
#: are checked again against the options as they are now (CR 800.4a; see :meth:`Game.ask`).
RECHECK = "recheck"
#: Jobs that are proposals (CR 601.2, 602.2): if one can't be completed it is reversed (CR 733).
PROPOSALS = frozenset({"cast", "activate"})


class CannotComplete(Exception):  # noqa: N818 - control flow, not an error
    """Raised inside a cast or activation that can no longer be completed (a player left the
    game, CR 800.4a): it is illegal, and the game returns to the moment before it was
    proposed (CR 601.2, 602.2, 733.1)."""


def job_runner(kind: str) -> Callable[[JobRunner], JobRunner]:
    """Register the function that runs jobs of ``kind``."""

    def deco(fn: JobRunner) -> JobRunner:
        JOBS[kind] = fn
        return fn

    return deco


class Game:
    """A game of Magic in progress."""

    def __init__(self, state: State) -> None:
        self.s = state
        self.pending: Decision | None = None
        self.events: list[ev.Event] = []
        self.choices: list[int] = []
        self.setup: dict[str, Any] = {}
        self.decisions = 0  # decisions with two or more options put to an agent
        self.log_listeners: list[Callable[[ev.Event], None]] = []
        #: Expose every priority decision, even when passing is the only option (scenario
        #: scripts and human seats step through the turn; AIs leave it off for speed).
        self.stop_every_priority = False
        self._asked_again = False  # this run of a job dropped an answer that is no longer legal

    # ---------------------------------------------------------------- construction
    @classmethod
    def new(cls, decks: list[list[str]], names: list[str] | None = None, seed: int = 0,
            variant: str = "two-player", turn_cap: int = DEFAULT_TURN_CAP,
            commanders: list[list[str]] | None = None) -> Game:
        """A new game from decklists (card names, top of list irrelevant: libraries are
        shuffled, CR 103.3), through mulligans (CR 103.5) to the first decision.

        ``commanders`` (Commander variant): each player's commander names; each starts in
        the command zone — taken out of the deck if the decklist includes it (CR 903.6)."""
        _load_rules()
        names = names or [f"Player {i + 1}" for i in range(len(decks))]
        if len(names) != len(decks):
            raise UndercityError(f"{len(names)} player names for {len(decks)} decks")
        if len(decks) < 2:
            raise UndercityError("a game needs at least two players")
        rules = get_variant(variant)
        check_player_count(rules, len(decks))
        cards = [[get_card(n) for n in deck] for deck in decks]  # unknown names fail here
        s = State(seed)
        s.variant = variant
        s.turn_cap = turn_cap
        g = cls(s)
        g.setup = {"kind": "new", "decks": decks, "names": names, "seed": seed,
                   "variant": variant, "turn_cap": turn_cap}
        if commanders is not None:
            g.setup["commanders"] = commanders
        for i, name in enumerate(names):
            s.players.append(Player(i, name, rules.starting_life))
            if rules.teams:  # CR 810.1: two teams of two, seated together
                s.players[-1].team = "AB"[i // 2]
        for i, deck in enumerate(cards):
            for card in deck:
                g.create_object(card, i, "library")
        g.emit(ev.GameStarted(rule="103", players=tuple(names), seed=seed, variant=variant))
        from undercity.engine import start

        if commanders is not None:
            from undercity.engine import commander

            commander.put_into_command_zones(g, commanders)
        start.begin(g)
        g.advance()
        return g

    @classmethod
    def empty(cls, names: list[str], seed: int = 0, variant: str = "two-player",
              life: int | None = None) -> Game:
        """A game with players and empty zones, for building a position (scenarios)."""
        _load_rules()
        s = State(seed)
        s.variant = variant
        g = cls(s)
        start = get_variant(variant).starting_life
        for i, name in enumerate(names):
            s.players.append(Player(i, name, life if life is not None else start))
        s.started = True
        return g

    # ---------------------------------------------------------------- objects
    def create_object(self, card: Any, owner: int, zone: str, *, top: bool = False) -> Obj:
        """Put a new object into a zone without moving anything (setup, tokens)."""
        s = self.s
        o = Obj(s.new_id(), s.next_uid, card, owner, zone)
        s.next_uid += 1
        o.timestamp = s.next_timestamp()
        s.objs[o.id] = o
        if zone == "battlefield":
            s.battlefield.append(o.id)
        elif zone != "stack":
            lst = s.players[owner].zone(zone)
            if top:
                lst.insert(0, o.id)
            else:
                lst.append(o.id)
        return o

    def obj(self, oid: int) -> Obj:
        return self.s.objs[oid]

    def player_name(self, idx: int) -> str:
        return self.s.players[idx].name

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.s.players]

    @property
    def over(self) -> bool:
        return self.s.over

    # ---------------------------------------------------------------- events
    def emit(self, event: ev.Event) -> None:
        """Record an event and let triggered abilities see it (CR 603.2)."""
        self.events.append(event)
        for fn in self.log_listeners:
            fn(event)
        if self.s.started:
            _trigger_check(self, event)

    def log_lines(self, viewer: int | None = None, since: int = 0) -> list[str]:
        """The log as text, as ``viewer`` may see it (None: omniscient); one line per
        happening (events another line already says are left out, see Event.in_text_log)."""
        names = self.names
        return [e.render(names, viewer) for e in self.events[since:] if e.in_text_log()]

    def log_json(self, viewer: int | None = None) -> Iterable[str]:
        for e in self.events:
            yield json.dumps(e.to_json(viewer), ensure_ascii=False, default=list)

    # ---------------------------------------------------------------- the loop
    def ask(self, job: Job, key: str, player: int, kind: str, prompt: str,
            options: list[Option], context: dict[str, Any] | None = None) -> Any:
        """The answer to a question inside ``job``: recorded, forced, or asked now."""
        if key in job.answers:
            if RECHECK not in job.data:
                return job.answers[key]
            ans = job.answers[key]
            if any(o.value == ans for o in options):
                return ans
            # CR 800.4a: the answer named what left the game. A proposal's announcements
            # can't be altered (CR 602.2), so it can't be completed; anything else asks that
            # question again (and checks again until a run finds every answer still legal).
            if job.kind in PROPOSALS:
                raise CannotComplete(f"{prompt}: the choice made is no longer possible")
            del job.answers[key]
            self._asked_again = True
        if not options:
            if RECHECK in job.data and job.kind in PROPOSALS:
                raise CannotComplete(f"{prompt}: no legal choice is left")
            raise RuntimeError(f"no legal options for {kind}: {prompt}")
        if len(options) == 1:
            job.answers[key] = options[0].value
            return options[0].value
        raise NeedChoice(Decision(player, kind, prompt, options, key, context or {}))

    def answered(self, job: Job, key: str) -> bool:
        """Whether :meth:`ask` would return ``job``'s recorded answer to ``key`` without looking
        at the options: a job that stops at a question runs again from its start once it is
        answered, and nothing changed the game in between (a job asks before it acts), so a
        loop may skip building the options of a question already answered — unless a player
        left the game since (``RECHECK``: each answer is checked against its options again)."""
        return key in job.answers and RECHECK not in job.data

    def push(self, kind: str, **data: Any) -> Job:
        job = Job(kind, data)
        self.s.jobs.append(job)
        return job

    def advance(self) -> None:
        """Run the game until a decision with two or more options is needed, or it ends."""
        from undercity.engine import priority, sba

        # The position may have been changed from outside since the last check: state-based
        # actions are looked for again, and who can only pass is asked again.
        sba.forget()
        priority.forget()
        self._run()

    def _run(self) -> None:
        """:meth:`advance` trusting what the last state-based-action check found, while no event
        happened since (``sba.check``): the position is the one the engine left."""
        layers, priority, sba, triggers, turn = _loop_modules()
        s = self.s
        layers.revalidate()  # the characteristics computed for it (CR 613)
        while self.pending is None and not s.over:
            if s.jobs:
                job = s.jobs[-1]
                self._asked_again = False
                try:
                    JOBS[job.kind](self, job)
                except NeedChoice as nc:
                    self.pending = nc.decision
                    self.decisions += 1
                except CannotComplete as cc:
                    self._reverse(job, str(cc))
                if not self._asked_again:  # every recorded answer was found still legal
                    job.data.pop(RECHECK, None)
                continue
            if not s.step_started:
                s.step_started = True
                turn.begin_step(self)
                continue
            if s.step == "untap":  # CR 502.4: no player receives priority in the untap step
                turn.end_step(self)
                continue
            # A player would receive priority: state-based actions, then triggers (CR 117.5).
            if sba.check(self) or triggers.put_pending(self):
                if s.step == "cleanup":  # CR 514.3a: priority now, then another cleanup step
                    s.extra["priority_in_cleanup"] = s.extra["cleanup_again"] = True
                continue
            if s.step == "cleanup" and not s.stack and not s.extra.get("priority_in_cleanup"):
                turn.end_step(self)
                continue
            if s.players[s.priority].left:  # CR 800.4j
                s.priority = turn.next_in_turn_order(self, s.priority)
            if not self.stop_every_priority and priority.only_pass(self, s.priority):
                priority.do_pass(self)  # what the listing below would do, without listing
                continue
            opts = priority.options(self, s.priority)
            if len(opts) == 1 and not self.stop_every_priority:
                priority.do_pass(self)
                continue
            self.pending = Decision(s.priority, "priority",
                                    f"{s.players[s.priority].name} has priority", opts)
            self.decisions += 1

    def apply(self, choice: Any) -> None:
        """Answer the pending decision. An illegal answer raises and changes nothing. After
        changing the position from outside the engine (a test, a tool), call :meth:`advance`
        before answering, so that state-based actions are looked for again."""
        d = self.pending
        if d is None:
            raise IllegalActionError("no decision is pending" + (" (the game is over)" if self.over else ""))
        opt = d.option_for(choice)
        self.choices.append(d.options.index(opt))
        self.pending = None
        if d.kind == "priority":
            _loop_modules()[1].act(self, d.player, opt.value)
        else:
            self.s.jobs[-1].answers[d.key] = opt.value
        # The decision was asked in the position the engine left, and answering it changes the
        # game only by events (CR 704.3: state-based actions are checked whenever a player would
        # receive priority; the check before this decision found none, and no event happened
        # since but those of the answer). A position changed from outside goes through advance().
        self._run()

    def _reverse(self, job: Job, why: str) -> None:
        """CR 733.1-2: the cast or activation in progress is reversed — nothing was paid or
        moved yet (jobs ask before they act) — and the player who had priority keeps it."""
        s = self.s
        s.jobs.remove(job)
        before = job.data.get("before")
        if before is not None:
            s.passes = before["passes"]
            if not s.players[before["priority"]].left:
                s.priority = before["priority"]
        o = s.objs.get(job.data["obj"])
        what = (f"casting {o.name if o else 'a spell'}" if job.kind == "cast"
                else f"activating {o.name + chr(39) + 's ability' if o else 'an ability'}")
        self.emit(ev.Note(rule="733.1", message=f"{s.players[job.data['player']].name} can't complete {what} "
                                                f"({why}); it is reversed"))

    def concede(self, player: int) -> None:
        """CR 104.3a: a player concedes (at any time); in multiplayer they leave (CR 800.4a).

        ``player`` is a seat index (0 for the first player); anything else, or a player who
        is no longer in the game, raises :class:`IllegalActionError` and changes nothing."""
        from undercity.engine import leaving

        s = self.s
        n = len(s.players)
        if type(player) is not int:  # bool is an int subclass, but True is not a seat
            raise IllegalActionError(f"concede takes a player index (0 to {n - 1}), not {player!r}")
        if not 0 <= player < n:
            raise IllegalActionError(f"no player {player}: player indexes run from 0 to {n - 1} "
                                     f"({', '.join(f'{i}: {p.name}' for i, p in enumerate(s.players))})")
        if s.over:
            raise IllegalActionError(f"the game is over; {s.players[player].name} cannot concede")
        if s.players[player].left or s.players[player].lost:
            raise IllegalActionError(f"{s.players[player].name} has already left the game")
        self.choices.append(-1 - player)  # replayed as a concession
        # The open decision is asked again after they leave: its options may name what the
        # player owned, or it may be theirs to make (jobs drop their part, see leaving.py).
        self.pending = None
        leaving.concede(self, player)
        self.advance()

    # ---------------------------------------------------------------- ending
    def end_game(self, winners: Iterable[int], reason: str, rule: str) -> None:
        s = self.s
        if s.over:
            return
        s.over = True
        s.winners = tuple(winners)
        if s.extra.get("face_down_objects"):
            from undercity.engine.face_down import reveal_all

            reveal_all(self, None, "708.9")  # CR 708.9: every face-down object is revealed at the end
        self.emit(ev.GameEnded(rule=rule, winners=s.winners, reason=reason))

    # ---------------------------------------------------------------- copy & save
    def copy(self) -> Game:
        """An independent copy of the game at this point (for search AIs).

        Structural (:func:`undercity.engine.state.copy_state`): the state's containers are
        copied and its immutable values shared; events are immutable, so the log is shared."""
        g = Game.__new__(Game)
        g.s, g.pending = copy_state(self.s), copy_value(self.pending)
        g.events = list(self.events)
        g.choices = list(self.choices)
        g.setup = self.setup
        g.decisions = self.decisions
        g.log_listeners = []
        g.stop_every_priority = self.stop_every_priority
        g._asked_again = False
        return g

    def save(self) -> str:
        """The game as JSON: how it was set up and every choice made since (a replay)."""
        return json.dumps({"format": 1, "setup": self.setup, "choices": self.choices})

    def snapshot(self) -> bytes:
        """The game as its state, restorable without replaying (:mod:`undercity.engine.snapshots`)."""
        from undercity.engine.snapshots import snapshot

        return snapshot(self)

    @classmethod
    def from_snapshot(cls, data: bytes, *, verify: bool = False) -> Game:
        """The game a :meth:`snapshot` saved, as it was; ``verify``: replay it too and refuse
        a snapshot whose state is not the game its replay plays."""
        from undercity.engine.snapshots import restore

        return restore(data, verify=verify)

    @classmethod
    def restore(cls, data: str) -> Game:
        """Rebuild a saved game by replaying its choices; the log is identical (determinism)."""
        try:
            doc = json.loads(data)
            setup, choices = doc["setup"], doc["choices"]
        except (ValueError, KeyError, TypeError) as e:
            raise UndercityError(f"not a saved Undercity game: {e}") from None
        if setup.get("kind") == "new":
            g = cls.new(setup["decks"], setup["names"], setup["seed"], setup["variant"],
                        setup.get("turn_cap", DEFAULT_TURN_CAP), setup.get("commanders"))
        elif setup.get("kind") == "scenario":
            from undercity.scenario.runner import build_game

            g = build_game(setup["scenario"])
        else:
            raise UndercityError("saved game has an unknown setup kind")
        if not isinstance(choices, list) or any(type(c) is not int for c in choices):
            raise UndercityError("not a saved Undercity game: choices must be a list of integers")
        for c in choices:
            if c < 0:
                g.concede(-1 - c)
            else:
                g.apply(c)
        return g


def _trigger_check(g: Game, event: ev.Event) -> None:
    """triggers.check, imported on first use (a function-level import on every event is slow)."""
    global _trigger_check
    from undercity.engine.triggers import check

    _trigger_check = check
    check(g, event)


@functools.cache
def _loop_modules() -> tuple[Any, ...]:
    """The rules modules :meth:`Game._run` calls (layers, priority, sba, triggers, turn), imported
    once: a function-level import costs a microsecond on every call."""
    from undercity.engine import layers, priority, sba, triggers, turn

    return layers, priority, sba, triggers, turn


@functools.cache
def _load_rules() -> None:
    """Import every rules module of the engine, in name order, so that their job runners,
    handlers and watchers are registered; a new module needs no entry anywhere."""
    import importlib
    import pkgutil

    import undercity.engine as engine

    for m in sorted(pkgutil.iter_modules(engine.__path__), key=lambda m: m.name):
        importlib.import_module(f"undercity.engine.{m.name}")
