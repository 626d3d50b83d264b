"""The human seat (issue 6): `undercity play --seat human` shows the board as the human may see
it, takes answers by number or name, re-asks after bad input, and ends cleanly on quit or
end of input. The last tests drive the real command through a pseudo-terminal."""

from __future__ import annotations

import io
import json
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest
from rich.console import Console

from undercity.agents.human import HumanAgent, HumanLeft
from undercity.cards.registry import get_card
from undercity.decks import load_deck
from undercity.engine import dungeons
from undercity.engine.decisions import Decision, Option
from undercity.engine.game import Game
from undercity.engine.state import StackItem
from undercity.errors import UndercityError
from undercity.ui.board import board
from undercity.ui.parse import parse_answer
from undercity.ui.session import make_agents, play_session, seat_kinds

PRIORITY = ["pass priority", "play Forest", "play Mountain", "cast Shock", "cast Shivan Dragon"]


# ----------------------------------------------------------------------------- the input parser
@pytest.mark.parametrize(("text", "index"), [
    ("1", 0), ("3", 2), (" 5 ", 4), ("#2", 1), ("2.", 1),          # numbers, 1-based on screen
    ("pass priority", 0), ("PASS PRIORITY", 0), ("pass   priority", 0),  # whole labels, any case
    ("Shock", 3), ("shock", 3), ("forest", 1), ("Mountain", 2),     # a card name in the label
    ("pa", 0), ("cast Sho", 3), ("shi", 4), ("drag", 4), ("Dragon", 4),  # unique prefixes
])
def test_answers_pick_the_option(text: str, index: int) -> None:
    a = parse_answer(text, PRIORITY)
    assert (a.kind, a.index) == ("choice", index)


@pytest.mark.parametrize(("text", "message"), [
    ("", "Please answer"), ("   ", "Please answer"),
    ("0", "There is no option 0: choose a number from 1 to 5"),
    ("6", "There is no option 6"), ("-1", "matches no option"),
    ("p", "ambiguous: it matches 1. pass priority, 2. play Forest, 3. play Mountain"),
    ("cast", "ambiguous: it matches 4. cast Shock, 5. cast Shivan Dragon"),
    ("sh", "ambiguous"),
    ("Black Lotus", "matches no option"),
])
def test_bad_answers_say_what_is_wrong(text: str, message: str) -> None:
    a = parse_answer(text, PRIORITY)
    assert a.kind == "error" and a.index is None
    assert message in a.message


def test_a_near_miss_suggests_the_option() -> None:
    assert "did you mean 4. cast Shock" in parse_answer("shokc", PRIORITY).message


def test_exact_names_beat_prefixes() -> None:
    labels = ["Goblin", "Goblin Guide", "play Goblin Lair"]
    assert parse_answer("goblin", labels).index == 0            # exact label, though a prefix of others
    assert parse_answer("goblin g", labels).index == 1
    assert parse_answer("goblin l", labels).index == 2          # prefix of a tail
    assert parse_answer("lair", labels).index == 2


def test_identical_labels_are_one_answer_and_apostrophes_match() -> None:
    labels = ["Mountain", "Monastery Swiftspear", "Mountain", "Healer's Hawk"]
    assert parse_answer("mountain", labels).index == 0
    assert parse_answer("moun", labels).index == 0
    assert parse_answer("Healer\u2019s", labels).index == 3
    assert parse_answer("mo", labels).kind == "error"


def test_commands() -> None:
    assert [parse_answer(t, PRIORITY).kind for t in ("?", "help", "HELP", "q", "quit", "concede", "board")] == [
        "help", "help", "help", "quit", "quit", "quit", "board"]


# ----------------------------------------------------------------------------- the board
def _position() -> Game:
    g = Game.empty(["Alice", "Bob"], seed=1)
    s = g.s
    s.turn, s.active, s.step = 4, 1, "declare-blockers"
    bears = g.create_object(get_card("Grizzly Bears"), 0, "battlefield")
    bears.counters["+1/+1"] = 2
    bears.tapped = True
    lions = g.create_object(get_card("Savannah Lions"), 1, "battlefield")
    lions.sick = True
    for _ in range(3):
        g.create_object(get_card("Forest"), 0, "battlefield")
    g.create_object(get_card("Lightning Bolt"), 0, "hand")
    g.create_object(get_card("Serra Angel"), 0, "hand")
    g.create_object(get_card("Murder"), 1, "hand")          # Bob's hand: hidden from Alice
    g.create_object(get_card("Wall of Omens"), 1, "library")  # libraries: hidden from everyone
    g.create_object(get_card("Kalonian Tusker"), 0, "library")
    g.create_object(get_card("Shock"), 1, "graveyard")
    s.players[1].poison = 3
    s.players[0].life = 17
    s.initiative = 1
    dungeons.set_position(g, 1, "Undercity", "Forge")
    s.players[1].completed.append("Tomb of Annihilation")
    item = StackItem(s.new_id(), "spell", None, None, "Shock", 1, None, "Shock")
    item.targets = [("o", bears.id)]
    s.stack.append(item)
    return g


def _render(renderable: object) -> str:
    buf = io.StringIO()
    Console(file=buf, width=160, highlight=False, color_system=None).print(renderable)
    return buf.getvalue()


def test_board_shows_public_state_and_only_the_viewers_hand() -> None:
    out = _render(board(_position(), viewer=0))
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line.startswith(("Alice", "Bob"))}
    # life, poison, library, hand, graveyard, exile
    assert rows["Alice"][2:8] == ["17", "0", "1", "2", "0", "0"]
    assert rows["Bob"][2:8] == ["20", "3", "1", "1", "1", "0"]
    assert "initiative: Bob" in out and "has the initiative" in out
    assert "Undercity: Forge" in out and "Tomb of Annihilation" in out
    assert re.search(r"Grizzly Bears\s+4/4\s+tapped; 2 \+1/\+1 counters", out)
    assert re.search(r"Savannah Lions\s+2/1\s+summoning sick", out)
    assert "Forest ×3" in out
    assert "Shock (spell, Bob) → Grizzly Bears" in out
    assert "Turn 4 — Bob's turn, declare blockers step" in out
    assert "Lightning Bolt" in out and "Serra Angel" in out      # Alice's own hand
    for hidden in ("Murder", "Wall of Omens", "Kalonian Tusker"):  # Bob's hand, both libraries
        assert hidden not in out
    bob_view = _render(board(_position(), viewer=1))
    assert "Murder" in bob_view and "Lightning Bolt" not in bob_view and "Serra Angel" not in bob_view


# ----------------------------------------------------------------------------- the agent, in process
def _agent(answers: list[str]) -> tuple[HumanAgent, io.StringIO, list[str]]:
    buf = io.StringIO()
    prompts: list[str] = []
    feed = iter(answers)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return HumanAgent(0, Console(file=buf, width=160, highlight=False, color_system=None), read), buf, prompts


def _decision() -> Decision:
    return Decision(0, "priority", "Alice has priority", [Option(label, (label,)) for label in PRIORITY])


def test_bad_input_is_explained_and_the_question_asked_again() -> None:
    agent, buf, prompts = _agent(["", "9", "cast", "?", "board", "shock"])
    assert agent.choose(_position(), _decision()) == 3
    out = buf.getvalue()
    assert len(prompts) == 6
    assert "Please answer" in out and "There is no option 9" in out and "ambiguous" in out
    assert "a card name in it" in out                          # the help
    assert out.count("Alice has priority") == 3                # shown, after help, with the board again
    assert out.count("  5. cast Shivan Dragon") == 3


def test_quit_asks_first_then_concedes() -> None:
    agent, buf, _ = _agent(["q", "maybe", "n", "quit", "yes"])
    with pytest.raises(HumanLeft) as left:
        agent.choose(_position(), _decision())
    assert left.value.exit_code == 0 and "Alice concedes" in left.value.message
    assert "Please answer yes or no." in buf.getvalue() and "Not conceding" in buf.getvalue()


def test_end_of_input_leaves_with_exit_code_1() -> None:
    agent, _, _ = _agent([])
    with pytest.raises(HumanLeft) as left:
        agent.choose(_position(), _decision())
    assert left.value.exit_code == 1 and "Input ended" in left.value.message


def test_seats() -> None:
    assert seat_kinds(["human"], "heuristic", 3) == ["human", "heuristic", "heuristic"]
    assert seat_kinds(["Random", "human"], "heuristic", 2) == ["random", "human"]
    assert seat_kinds(None, "random", 2) == ["random", "random"]
    with pytest.raises(UndercityError, match="at most one human seat"):
        seat_kinds(["human", "human"], "heuristic", 2)
    with pytest.raises(UndercityError, match="3 --seat options for 2 players"):
        seat_kinds(["human", "random", "random"], "heuristic", 2)
    with pytest.raises(UndercityError, match="seat 2: unknown AI 'robot'"):
        make_agents(["human", "robot"], 0, Console(file=io.StringIO()))


def test_conceding_in_multiplayer_lets_the_ais_finish_quietly() -> None:
    decks = [load_deck(d).main for d in ("gruul-stompy", "orzhov-knights", "gruul-stompy")]
    g = Game.new(decks, ["Alice", "Bob", "Carol"], seed=2, variant="free-for-all", turn_cap=40)
    lines: list[str] = []
    g.log_listeners.append(lambda e: lines.append(e.render(g.names, 0)))
    buf = io.StringIO()
    con = Console(file=buf, width=160, color_system=None)
    agents = make_agents(["human", "random", "random"], 2, con, read=lambda prompt: "quit" if "choice" in prompt
                         else "y")
    assert play_session(g, agents, con) == 0
    assert g.over and 0 not in g.s.winners
    assert "Alice concedes." in buf.getvalue()
    assert "The other players finish the game without you." in buf.getvalue()
    assert "Alice loses the game: conceded  [CR 104.3a]" in lines
    assert not g.log_listeners


# ----------------------------------------------------------------------------- through a terminal
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\r")
PROMPT = r"your choice \(1-(\d+), \? for help\): "
RESULT = r"Result: [^\n]+\n"
SEED = 4


def _spawn(*args: str) -> pexpect.spawn:
    env = {**os.environ, "COLUMNS": "200", "LINES": "60", "TERM": "xterm"}
    return pexpect.spawn(sys.executable, ["-m", "undercity.cli", "play", "--seat", "human", *args],
                         env=env, encoding="utf-8", timeout=30, dimensions=(60, 200))


def _options(screen: str) -> list[str]:
    """The numbered options listed just before the prompt."""
    block = screen.rsplit("\n\n", 1)[-1]
    return [m.group(1) for m in re.finditer(r"^\s+\d+\. (.+)$", block, re.M)]


def test_a_whole_game_through_a_terminal(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    # The omniscient log (--log-json-view all), to find the cards that stayed hidden from Alice.
    child = _spawn("--seed", str(SEED), "--turn-cap", "30", "--log-json", str(log), "--log-json-view", "all")
    out: list[str] = []
    bad = iter(["", "42", "xyzzy", "?"])  # the first prompt (the mulligan) gets these first
    prompts = 0
    by_name = 0
    while True:
        i = child.expect([PROMPT, RESULT, pexpect.EOF])
        out.append(child.before + (child.after if isinstance(child.after, str) else ""))
        if i != 0:
            break
        prompts += 1
        answer = next(bad, None)
        if answer is None:
            lands = [o for o in _options(ANSI.sub("", child.before)) if o.startswith("play ")]
            answer = lands[0].removeprefix("play ") if lands else "1"  # a card name, or option 1
            by_name += bool(lands)
        child.sendline(answer)
    child.expect(pexpect.EOF)
    out.append(child.before)
    child.close()
    text = ANSI.sub("", "".join(out))
    assert child.exitstatus == 0, text[-2000:]
    assert "Traceback" not in text
    assert prompts > 10 and by_name > 0
    assert re.search(r"Result: (Alice|Bob|nobody)", text)
    # the board, and what bad input gets
    for shown in ("Players", "Life", "Poison", "Library", "Dungeon: room", "Your battlefield",
                  "Bob's battlefield", "Your hand", "Alice (you)", "initiative:"):
        assert shown in text
    assert "Please answer: type an option number" in text
    assert "There is no option 42: choose a number from 1 to" in text
    assert "'xyzzy' matches no option" in text
    assert "a card name in it" in text                      # the help
    assert re.search(r"Alice draws (?!a card)", text)        # the human's own draws have names
    assert not re.search(r"Bob draws (?!a card)", text)      # the opponent's never do
    # Cards that stayed hidden from Alice the whole game never reach her screen.
    events = [json.loads(line) for line in log.read_text().splitlines()]
    bob_drew = {e["name"] for e in events if e["type"] == "card_drawn" and e["player"] == 1}
    public = {v for e in events if e.get("private_to") is None for v in _strings(e)}
    never_seen = bob_drew - public - set(load_deck("gruul-stompy").main)
    assert never_seen, "pick a seed where some of Bob's cards stay hidden"
    for name in never_seen:
        assert name not in text, name
    alice_drew = {e["name"] for e in events if e["type"] == "card_drawn" and e["player"] == 0}
    hand_block = text.split("Your hand")[1]
    assert any(name in hand_block for name in alice_drew)


def _strings(event: dict) -> list[str]:
    vals: list[str] = []
    for v in event.values():
        if isinstance(v, str):
            vals.append(v)
        elif isinstance(v, list):
            vals.extend(x for x in v if isinstance(x, str))
    return vals


def test_end_of_input_through_a_terminal() -> None:
    child = _spawn("--seed", "1")
    child.expect(PROMPT)
    child.sendeof()
    child.expect(pexpect.EOF)
    text = ANSI.sub("", child.before)
    child.close()
    assert "Input ended: Alice concedes." in text
    assert "Result: Bob" in text
    assert "Traceback" not in text
    assert child.exitstatus == 1


def test_quit_through_a_terminal() -> None:
    child = _spawn("--seed", "1", "--quiet")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(r"Concede the game\? \(yes/no\): ")
    child.sendline("no")
    child.expect("Not conceding")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(r"Concede the game\? \(yes/no\): ")
    child.sendline("yes")
    child.expect(pexpect.EOF)
    text = ANSI.sub("", child.before)
    child.close()
    assert "Alice concedes." in text and "Result: Bob" in text and "Traceback" not in text
    assert child.exitstatus == 0
