"""The AIs (issue 6): the heuristic agent answers every kind of decision the engine asks and
plays sensibly; agents are deterministic; the search agent returns legal answers and
doesn't see hidden cards; the heuristic agent beats random play."""

from __future__ import annotations

import ast
import random
from collections import Counter
from pathlib import Path

import pytest
from positions import go, position, put_ability  # noqa: E402

import undercity.engine
from undercity.agents import make_agent, play_out
from undercity.agents import tactics as tx
from undercity.agents.evaluation import static_eval
from undercity.agents.heuristic import HeuristicAgent
from undercity.agents.mcts import MCTSAgent, determinize
from undercity.cards import model as m
from undercity.cards.registry import get_card
from undercity.decks import BUNDLED, COMMANDER_DECKS, load_deck
from undercity.engine import dungeons
from undercity.engine.decisions import Decision, Option
from undercity.engine.game import Game
from undercity.engine.state import Combat

SIM_DECK = str(Path(__file__).parent / "sim_decks" / "initiative-orzhov.txt")


def engine_decision_kinds() -> set[str]:
    """Every decision kind the engine can ask: the string constants of the ``kind`` argument
    of each ``g.ask(...)`` call and ``Decision(...)`` in undercity/engine."""
    kinds: set[str] = set()
    for f in Path(undercity.engine.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            arg = None
            if isinstance(node.func, ast.Attribute) and node.func.attr == "ask" and len(node.args) >= 4:
                arg = node.args[3]
            elif isinstance(node.func, ast.Name) and node.func.id == "Decision" and len(node.args) >= 2:
                arg = node.args[1]
            if arg is not None:
                kinds |= {c.value for c in ast.walk(arg) if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return kinds


class Recorder:
    """Wraps an agent: checks every answer is a legal index and counts decision kinds."""

    def __init__(self, agent: object, seen: Counter) -> None:
        self.agent = agent
        self.seen = seen

    def choose(self, game: Game, d: Decision) -> int:
        i = self.agent.choose(game, d)  # type: ignore[attr-defined]
        assert isinstance(i, int) and 0 <= i < len(d.options), (d.kind, i, d.options)
        self.seen[d.kind] += 1
        return i


def _deck(name: str) -> list[str]:
    return load_deck(name).main


# ----------------------------------------------------------------------------- every decision kind


def test_every_engine_decision_kind_has_a_handler() -> None:
    kinds = engine_decision_kinds()
    assert {"priority", "target", "attacker", "blocker", "room", "dungeon", "mulligan"} <= kinds  # the scan works
    missing = sorted(k for k in kinds if k not in HeuristicAgent.KINDS)
    assert not missing, f"decision kinds without a heuristic answer: {missing}"
    assert all(callable(getattr(HeuristicAgent, f"_{k}", None)) for k in HeuristicAgent.KINDS)


def test_heuristic_answers_every_decision_in_many_games() -> None:
    """Two-player games of every bundled deck, free-for-all and Two-Headed Giant games with the
    seed cards (initiative, dungeons), and a Commander game: every answer is legal."""
    seen: Counter = Counter()
    decks = [_deck(n) for n in BUNDLED]
    games: list[Game] = []
    for i, (a, b) in enumerate(zip(decks, decks[1:] + decks[:1], strict=True)):
        games.append(Game.new([a, b], seed=100 + i))
    games.append(Game.new([decks[0], decks[1], _deck(SIM_DECK), decks[2 % len(decks)]], seed=7,
                          variant="free-for-all", turn_cap=40))
    games.append(Game.new([_deck(SIM_DECK), decks[0], decks[1], _deck(SIM_DECK)], seed=8,
                          variant="two-headed-giant", turn_cap=40))
    cmd = [load_deck(COMMANDER_DECKS[i % len(COMMANDER_DECKS)]) for i in range(3)]
    games.append(Game.new([d.main for d in cmd], seed=3, variant="commander", turn_cap=24,
                          commanders=[d.commanders for d in cmd]))
    for gi, g in enumerate(games):
        play_out(g, [Recorder(HeuristicAgent(gi * 10 + k, strict=True), seen) for k in range(len(g.s.players))])
        assert g.over
    expected = {"priority", "mulligan", "attacker", "attack_target", "blocker", "block_target", "target", "room",
                "order_triggers", "search"}
    assert expected <= set(seen), sorted(expected - set(seen))


def _midgame(seed: int = 11) -> Game:
    """A two-player game some turns in, with cards in every zone."""
    g = Game.new([_deck(BUNDLED[0]), _deck(BUNDLED[1 % len(BUNDLED)])], seed=seed)
    agents = [HeuristicAgent(1, strict=True), HeuristicAgent(2, strict=True)]
    while not g.over and g.s.turn < 7:
        g.apply(agents[g.pending.player].choose(g, g.pending))
    assert not g.over
    return g


def _synthetic_options(g: Game, kind: str, me: int) -> tuple[list[Option], dict]:
    """Plausible options for a decision of ``kind`` in game ``g`` (as the engine would build them)."""
    s = g.s
    hand = s.players[me].hand
    lib = s.players[me].library[:3]
    mine = [o for o in s.battlefield if s.objs[o].controller == me]
    theirs = [o for o in s.battlefield if s.objs[o].controller != me]
    ids = [Option(s.objs[c].name, c) for c in hand]
    perms = [Option(s.objs[c].name, c) for c in mine]
    yes_no = [Option("yes", True), Option("no", False)]
    table: dict[str, tuple[list[Option], dict]] = {
        "mulligan": ([Option("Keep 7", "keep"), Option("Mulligan", "mulligan")], {}),
        "target": ([Option("p", ("p", 1 - me)), Option("me", ("p", me))]
                   + [Option(s.objs[o].name, ("o", o)) for o in mine + theirs], {}),
        "mode": ([Option("a", 0), Option("b", 1), Option("no more modes", -1)], {}),
        "x": ([Option(f"X={v}", v) for v in range(4)], {}),
        "attacker": (perms + [Option("no more attackers", None)], {}),
        "attack_target": ([Option("opponent", ("p", 1 - me))] + [Option("o", ("o", o)) for o in theirs], {}),
        "blocker": (perms + [Option("no more blockers", None)], {}),
        "block_target": ([Option(s.objs[o].name, o) for o in theirs] or perms, {}),
        "damage_assignment": ([Option("a", [["p", 1 - me, 2]]), Option("b", [["o", (theirs or mine)[0], 2]])], {}),
        "order_triggers": ([Option("first", 0), Option("second", 1)], {}),
        "search": ([Option(s.objs[c].name, c) for c in lib] + [Option("find nothing more", None)], {}),
        "scry": ([Option("away", ("away", c)) for c in lib] + [Option("keep the rest", ("done", 0))], {}),
        "surveil": ([Option("away", ("away", c)) for c in lib] + [Option("keep the rest", ("done", 0))], {}),
        "order_top": ([Option(s.objs[c].name, c) for c in lib], {}),
        "replacement": ([Option("a", "a"), Option("b", "b")], {}),
        "dungeon": ([Option(n, n) for n in ("Lost Mine of Phandelver", "Tomb of Annihilation")], {}),
        "room": ([Option("Forge", "Forge"), Option("Lost Well", "Lost Well")],
                 {"dungeon": "Undercity", "from": "Secret Entrance"}),
        "choose_card": (ids + [Option("none", None)], {}),
        "unless_cost": (ids + [Option("lose 2 life", None)], {"unless": "discard", "life": 2}),
        "cast_free": (ids + [Option("cast nothing", None)], {}),
        "additional_cost": ([Option(s.objs[c].name, ("o", c)) for c in hand + mine]
                            + [Option("pay no additional cost", None)], {}),
        "choose_player": ([Option("opponent", 1 - me), Option("me", me)], {}),
        # CR 700.3: splits of the top cards into two piles, for the other player to choose from
        "separate_piles": ([Option("one | two", (tuple(lib[:1]), tuple(lib[1:]))),
                            Option("all | nothing", (tuple(lib), ()))], {"for": 1 - me}),
        "choose_pile": ([Option("one", 0), Option("two", 1)], {"piles": [lib[:1], lib[1:]], "to": "hand"}),
    }
    for k in ("bottom", "discard", "cleanup_discard", "put_on_top", "escape_exile"):
        table[k] = (ids, {})
    for k in ("sacrifice", "legend_rule", "tap_cost", "untap"):
        table[k] = (perms, {})
    for k in ("yes_no", "pay_unless", "pay_or_countered", "explore", "cast_permission", "attack_cost"):
        table[k] = (yes_no, {})
    if kind == "priority":
        from undercity.engine import priority

        return priority.options(g, me), {}
    return table.get(kind, ([Option("first", 1), Option("second", 2)], {}))


@pytest.mark.parametrize("agent", ["heuristic", "mcts"])
def test_synthetic_decisions_of_every_kind_get_a_legal_answer(agent: str) -> None:
    """Every kind the engine asks (and an unknown one) gets a legal answer, whatever the
    options look like."""
    g = _midgame()
    me = g.s.active
    ai = HeuristicAgent(3, strict=True) if agent == "heuristic" else MCTSAgent(3, playouts=2)
    for kind in sorted(engine_decision_kinds() | {"some_future_kind"}):
        opts, ctx = _synthetic_options(g, kind, me)
        if len(opts) < 2:
            continue
        d = Decision(me, kind, f"a {kind} decision", opts, key="", context=ctx)
        if kind == "priority":
            d = g.pending if g.pending.kind == "priority" and g.pending.player == me else d
        i = ai.choose(g, d)
        assert isinstance(i, int) and 0 <= i < len(d.options), kind


# ----------------------------------------------------------------------------- sensible play


def _drive(g: Game, agent: HeuristicAgent, force: dict[str, str] | None = None) -> None:
    """Pass priority until the stack is empty, answering everything else with ``agent``
    (``force``: a fixed answer for a decision kind)."""
    go(g)
    while g.s.stack or (g.pending is not None and g.pending.kind != "priority"):
        d = g.pending
        assert d is not None
        if d.kind == "priority":
            g.apply("pass priority")
        elif force and d.kind in force:
            g.apply(force[d.kind])
        else:
            g.apply(agent.choose(g, d))


def _creature(g: Game, name: str, controller: int) -> int:
    return g.create_object(get_card(name), controller, "battlefield").id


def test_forge_counters_go_on_our_creature() -> None:
    g = position()
    bears = _creature(g, "Grizzly Bears", 0)
    theirs = _creature(g, "Kalonian Tusker", 1)
    dungeons.set_position(g, 0, "Undercity", "Secret Entrance")
    put_ability(g, 0, m.Venture(into="Undercity"))
    _drive(g, HeuristicAgent(strict=True))
    assert g.s.players[0].room == "Forge"  # rather than Lost Well: we have a creature
    assert g.s.objs[bears].counters.get("+1/+1") == 2
    assert not g.s.objs[theirs].counters


def test_trap_targets_an_opponent_and_arena_goads_their_creature() -> None:
    g = position()
    _creature(g, "Grizzly Bears", 0)
    dungeons.set_position(g, 0, "Undercity", "Forge")
    put_ability(g, 0, m.Venture(into="Undercity"))
    _drive(g, HeuristicAgent(strict=True), force={"room": "Trap!"})
    assert g.s.players[1].life == 15 and g.s.players[0].life == 20
    g = position()
    mine = _creature(g, "Grizzly Bears", 0)
    theirs = _creature(g, "Savannah Lions", 1)
    dungeons.set_position(g, 0, "Undercity", "Forge")
    put_ability(g, 0, m.Venture(into="Undercity"))
    _drive(g, HeuristicAgent(strict=True), force={"room": "Arena"})
    assert g.s.objs[theirs].goaded_by == (0,) and not g.s.objs[mine].goaded_by


def _cast_and_target(g: Game, card: str) -> tuple[str, int] | None:
    """Give player 0 ``card`` and lands; return what the heuristic targets with it (None if
    it doesn't cast it)."""
    me = 0
    hand = g.create_object(get_card(card), me, "hand").id
    for land in ("Mountain", "Swamp", "Swamp"):
        g.create_object(get_card(land), me, "battlefield")
    go(g)
    agent = HeuristicAgent(strict=True)
    d = g.pending
    v = d.options[agent.choose(g, d)].value
    if v != ("cast", hand, None):
        return None
    g.apply(v)
    d = g.pending
    assert d.kind == "target"
    return tuple(d.options[agent.choose(g, d)].value)


def test_burn_goes_face_when_lethal_else_at_the_biggest_creature_it_kills() -> None:
    g = position()
    _creature(g, "Grizzly Bears", 1)
    g.s.players[1].life = 3
    assert _cast_and_target(g, "Lightning Bolt") == ("p", 1)
    g = position()
    bears = _creature(g, "Grizzly Bears", 1)
    _creature(g, "Savannah Lions", 1)
    _creature(g, "Serra Angel", 1)
    assert _cast_and_target(g, "Lightning Bolt") == ("o", bears)
    g = position()
    _creature(g, "Grizzly Bears", 1)
    angel = _creature(g, "Serra Angel", 1)
    assert _cast_and_target(g, "Murder") == ("o", angel)


def test_pump_is_held_for_combat() -> None:
    g = position()
    _creature(g, "Grizzly Bears", 0)
    assert _cast_and_target(g, "Giant Growth") is None


def test_blocks_chump_to_survive_trade_up_but_not_throw_creatures_away() -> None:
    g = position(active=1, step="declare-attackers")
    tusker = _creature(g, "Kalonian Tusker", 1)  # 3/3
    hawk = _creature(g, "Healer's Hawk", 0)  # 1/1
    bears = _creature(g, "Grizzly Bears", 0)  # 2/2
    g.s.combat = Combat(attackers={tusker: ("p", 0)})
    assert tx.block_plan(g, 0) == []  # at 20 life nothing blocks a 3/3 to die for nothing
    g.s.players[0].life = 3
    assert tx.block_plan(g, 0) == [(hawk, tusker)]  # at 3 life: chump with the cheapest creature
    g.s.players[0].life = 20
    g.s.objs[tusker].damage = 1  # now a 2/2 kills it: trade
    assert tx.block_plan(g, 0) == [(bears, tusker)]


def test_attacks_the_initiative_holder_to_steal_it() -> None:
    g = position()
    a1, a2 = _creature(g, "Grizzly Bears", 0), _creature(g, "Grizzly Bears", 0)
    _creature(g, "Kalonian Tusker", 1)
    assert tx.attack_plan(g, 0).attackers == {}  # a 3/3 blocker eats a 2/2
    g.s.initiative = 1
    assert set(tx.attack_plan(g, 0).attackers) == {a1, a2}  # one gets through and takes the initiative


def test_static_evaluation() -> None:
    g = position()
    assert 0.45 < static_eval(g, 0) < 0.6
    _creature(g, "Serra Angel", 0)
    better = static_eval(g, 0)
    assert better > 0.5 and static_eval(g, 1) < 0.5
    g.s.players[1].life = 5
    assert static_eval(g, 0) > better


# ----------------------------------------------------------------------------- determinism


def test_heuristic_games_are_deterministic() -> None:
    def run() -> Game:
        g = Game.new([_deck(BUNDLED[0]), _deck(BUNDLED[-1])], seed=21)
        return play_out(g, [make_agent("heuristic", 1), make_agent("heuristic", 2)])

    a, b = run(), run()
    assert a.choices == b.choices and a.log_lines() == b.log_lines()
    assert Game.restore(a.save()).log_lines() == a.log_lines()


def _priority_decision(seed: int = 5) -> Game:
    """A two-player game at a priority decision of player 0 with at least three options."""
    g = Game.new([_deck(BUNDLED[0]), _deck(BUNDLED[1 % len(BUNDLED)])], seed=seed)
    agents = [HeuristicAgent(1, strict=True), HeuristicAgent(2, strict=True)]
    while not g.over:
        d = g.pending
        if d.kind == "priority" and d.player == 0 and len(d.options) >= 3 and g.s.turn >= 4 \
                and all(o.value[0] != "play" for o in d.options):
            return g
        g.apply(agents[d.player].choose(g, d))
    raise AssertionError("no suitable decision")


def test_mcts_is_deterministic_and_legal() -> None:
    g = _priority_decision()
    d = g.pending
    answers = []
    for _ in range(2):
        ai = MCTSAgent(4, playouts=12)
        ai.trace = []
        answers.append((ai.choose(g, d), ai.trace))
    assert answers[0] == answers[1]
    assert 0 <= answers[0][0] < len(d.options)
    assert ai.stats.searched == 1 and ai.stats.playouts >= 12
    g.apply(answers[0][0])  # legal in the real game


# ----------------------------------------------------------------------------- hidden information


def test_determinized_copy_shuffles_only_what_the_player_cannot_see() -> None:
    g = _priority_decision()
    s = g.s
    real = [(list(p.hand), list(p.library)) for p in s.players]
    c = g.copy()
    determinize(c, 0, random.Random(1))
    # The real game is untouched.
    assert [(list(p.hand), list(p.library)) for p in s.players] == real
    me, opp = c.s.players
    assert me.hand == real[0][0]  # own hand: known
    assert sorted(me.library) == sorted(real[0][1]) and me.library != real[0][1]  # own library: order unknown
    assert opp.hand != real[1][0] and len(opp.hand) == len(real[1][0])  # opponent's hand: unknown
    assert sorted(opp.hand + opp.library) == sorted(real[1][0] + real[1][1])
    assert all(c.s.objs[o].zone == "hand" for o in opp.hand)
    assert all(c.s.objs[o].zone == "library" for o in opp.library)


def test_mcts_search_does_not_depend_on_hidden_cards() -> None:
    """Swapping the opponent's hand with cards of their library (and shuffling our own
    library) changes nothing the search sees: same playouts, same values, same answer."""
    g = _priority_decision()
    other = g.copy()
    opp = other.s.players[1]
    k = len(opp.hand)
    opp.hand[:], opp.library[:k] = opp.library[:k], opp.hand[:]
    for o in opp.hand:
        other.s.objs[o].zone = "hand"
    for o in opp.library[:k]:
        other.s.objs[o].zone = "library"
    random.Random(3).shuffle(other.s.players[0].library)
    assert other.s.players[1].hand != g.s.players[1].hand
    traces = []
    for game in (g, other):
        ai = MCTSAgent(9, playouts=10)
        ai.trace = []
        pick = ai.choose(game, game.pending)
        traces.append((pick, ai.trace))
    assert traces[0] == traces[1]


# ----------------------------------------------------------------------------- strength


def test_heuristic_beats_random() -> None:
    wins = 0
    for i in range(20):
        seat = i % 2
        decks = [_deck(BUNDLED[(i // 2) % len(BUNDLED)]), _deck(BUNDLED[(i // 4) % len(BUNDLED)])]
        if seat:
            decks.reverse()
        g = Game.new(decks, seed=4000 + i)
        agents = [make_agent("random", 50 + i), make_agent("random", 60 + i)]
        agents[seat] = make_agent("heuristic", i)
        play_out(g, agents)
        wins += g.s.winners == (seat,)
    assert wins >= 15


def test_random_agent_ends_a_free_loop_by_passing_cr_732_3() -> None:
    """An ability that costs {0} can be activated each time its controller has priority; a loop
    with an optional action is not a draw (CR 104.4b), so the player who can end it must choose
    differently (732.3). The random agent stops acting after ACTIONS_PER_STEP actions in a step
    and only passes, so the stack empties and the game moves on."""
    from undercity.agents.random_agent import ACTIONS_PER_STEP, RandomAgent

    g = position(2)
    for name in ("Wandering Fumarole", "Island", "Island", "Mountain", "Mountain"):
        g.create_object(get_card(name), 0, "battlefield")
    go(g)
    g.apply("activate Wandering Fumarole: " + g.pending.options[1].label.split(": ", 1)[1])
    while g.s.stack:  # resolve the animation: Fumarole is now a creature with "{0}: Switch …"
        g.apply("pass priority")
    free = [o.label for o in g.pending.options if "{0}:" in o.label]
    assert free, g.pending.options
    # Uncapped, seeds 0 and 16 activate it 36 and 47 times before passing; capped, every seed
    # ends the loop within the step having used at most the cap.
    assert ACTIONS_PER_STEP <= 32
    for seed in range(20):
        h = g.copy()
        agents = [RandomAgent(seed), RandomAgent(seed + 100)]
        acts = decisions = 0
        while h.s.step == "precombat-main" and h.s.turn == 2:
            d = h.pending
            i = agents[d.player].choose(h, d)
            acts += d.player == 0 and d.kind == "priority" and "{0}:" in d.options[i].label
            h.apply(i)
            decisions += 1
            assert decisions < 20 * ACTIONS_PER_STEP
        assert acts <= ACTIONS_PER_STEP and not h.s.stack
