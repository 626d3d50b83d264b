"""The play table: the server runs the engine and the AI; a seat's link (an unguessable token)
sees only that seat's view (CR 400.2: hands and libraries are hidden zones) and may answer only
its own decisions, with an option index Game.apply validates."""

from __future__ import annotations

import json
import random
import re

import pytest
from page_parts import csrf, message
from starlette.testclient import TestClient

from undercity.engine.game import Game


def _start(client: TestClient, seat1: str = "heuristic", seed: int = 3,
           decks: tuple[str, str] = ("orzhov-initiative", "simic-initiative")) -> list[str]:
    r = client.post("/table", data={"csrf": csrf(client), "seat0": "human", "seat1": seat1,
                                    "deck0": decks[0], "deck1": decks[1], "seed": str(seed)},
                    follow_redirects=False)
    if r.status_code == 303:
        return [r.headers["location"]]
    assert r.status_code == 200, r.text[:300]
    return re.findall(r'<a href="(/play/[^"]+)">', r.text)


def _game(client: TestClient, link: str) -> Game:
    return client.app.state.games.get(link.rsplit("/", 1)[1])[0].game


def test_a_game_against_the_ai_is_played_to_its_end_by_clicking(client: TestClient) -> None:
    (link,) = _start(client)
    page = client.get(link).text
    assert "Keep 7" in page and '<button name="choice" value="0">' in page
    rng = random.Random(1)
    for _ in range(2000):
        view = client.get("/api" + link).json()
        if view["over"]:
            break
        assert view["decision"]["yours"]  # the AI answered everything else
        assert len(view["decision"]["options"]) >= 2  # no stops set: asked only where there is a choice
        r = client.post(link, data={"csrf": csrf(client), "choice": str(rng.randrange(len(view["decision"]["options"])))})
        assert r.status_code == 200
    assert view["over"] and _game(client, link).over
    assert "Game over" in client.get(link).text


def test_the_seat_view_carries_no_hidden_card(client: TestClient) -> None:
    (link,) = _start(client)
    g = _game(client, link)
    s = g.s
    view = client.get("/api" + link).json()
    assert sorted(c["name"] for c in view["hand"]) == sorted(s.objs[o].name for o in s.players[0].hand)
    opponent = view["players"][1]
    assert opponent["hand"] == len(s.players[1].hand) and opponent["library"] == len(s.players[1].library)
    seen = {s.objs[o].name for o in [*s.players[0].hand, *s.battlefield]}
    hidden = {s.objs[o].name for o in [*s.players[1].hand, *s.players[1].library]} - seen
    hidden |= {s.objs[o].name for o in s.players[0].library} - seen
    carried = json.dumps(view, ensure_ascii=False) + client.get(link).text
    assert hidden and not [n for n in hidden if n in carried]


def test_an_illegal_option_is_refused_and_changes_nothing(client: TestClient) -> None:
    (link,) = _start(client)
    g = _game(client, link)
    before = list(g.choices)
    for bad in ("99", "-1", "x", ""):
        r = client.post(link, data={"csrf": csrf(client), "choice": bad})
        assert r.status_code == 400 and "nothing was done" in message(r.text)
    assert client.post(link, data={"choice": "0"}).status_code == 403  # no CSRF token
    assert g.choices == before


def test_each_human_seat_has_its_own_link_and_answers_only_its_decisions(client: TestClient) -> None:
    links = _start(client, seat1="human")
    assert len(links) == 2 and links[0] != links[1] and len(links[0].rsplit("/", 1)[1]) >= 32
    g = _game(client, links[0])
    deciding = g.pending.player
    other = links[1 - deciding]
    before = list(g.choices)
    r = client.post(other, data={"csrf": csrf(client), "choice": "0"})
    assert r.status_code == 409 and "it is not your decision" in message(r.text)
    assert g.choices == before
    views = [client.get("/api" + link).json() for link in links]
    # Only the deciding seat's cards are clickable for its options.
    assert all(c["option"] is None for c in views[1 - deciding]["hand"])
    for seat, view in enumerate(views):
        assert sorted(c["name"] for c in view["hand"]) == sorted(g.s.objs[o].name for o in g.s.players[seat].hand)
        assert view["decision"]["yours"] == (seat == deciding) and ("options" in view["decision"]) == (seat == deciding)


def test_a_bad_token_is_refused(client: TestClient) -> None:
    (link,) = _start(client)
    r = client.get("/play/not-a-seat")
    assert r.status_code == 404 and "no game seat has this link" in message(r.text)
    assert client.post("/play/" + "a" * 40, data={"csrf": csrf(client), "choice": "0"}).status_code == 404
    assert client.get("/api/play/nope").json()["error"].startswith("no game seat")


def test_conceding_ends_the_game(client: TestClient) -> None:
    (link,) = _start(client)
    r = client.post(link, data={"csrf": csrf(client), "action": "concede"})
    assert r.status_code == 200 and "Game over: Heuristic AI 2 won" in r.text
    assert client.post(link, data={"csrf": csrf(client), "choice": "0"}).status_code == 409


def test_bad_game_settings_are_400(client: TestClient) -> None:
    token = csrf(client)
    r = client.post("/table", data={"csrf": token, "seat0": "heuristic", "seat1": "random"})
    assert r.status_code == 400 and "at least one seat is human" in message(r.text)
    r = client.post("/table", data={"csrf": token, "seat0": "human", "seat1": "god"})
    assert r.status_code == 400
    r = client.post("/table", data={"csrf": token, "seat0": "human", "deck1": "saved:12"})
    assert r.status_code == 400 and "seat 2: no deck 'saved:12'" in message(r.text)
    client.post("/decks", data={"csrf": token, "name": "Goyfs", "format": "constructed", "text": "60 Tarmogoyf"})
    r = client.post("/table", data={"csrf": token, "seat0": "human", "deck0": "saved:1"})
    assert r.status_code == 400 and "seat 1: this deck can't be played" in message(r.text)
    assert "does not implement it yet" in message(r.text)
    assert "orzhov-initiative" in client.get("/table").text


def test_a_game_survives_a_server_restart(tmp_path, monkeypatch) -> None:
    import time
    from types import SimpleNamespace

    from undercity.web.app import create_app

    first = create_app(tmp_path)
    with TestClient(first) as c:
        c.get("/")
        (link,) = _start(c)
        for _ in range(6):
            view = c.get("/api" + link).json()
            c.post(link, data={"csrf": csrf(c), "choice": str(len(view["decision"]["options"]) - 1)})
        c.post(link, data={"csrf": csrf(c), "action": "stops", "stop": ["theirs:end"]})
        before = c.get("/api" + link).json()
        choices = list(_game(c, link).choices)
    first.state.storage.close()
    # The server comes back an hour later: the clock of the decision still waiting goes on from
    # when it was put, not from the restart.
    later = time.time() + 3600
    monkeypatch.setattr("undercity.web.table.time", SimpleNamespace(time=lambda: later))
    second = create_app(tmp_path)  # a new server process on the same data directory
    with TestClient(second) as c:
        c.get("/")
        assert c.get("/api" + link).json() == before
        assert _game(c, link).choices == choices
        r = c.post(link, data={"csrf": csrf(c), "choice": "0"})
        assert r.status_code == 200 and len(_game(c, link).choices) > len(choices)
    second.state.storage.close()


def test_a_saved_deck_can_be_played(client: TestClient) -> None:
    deck = "28 Plains\n28 Swamp\n4 Ravenloft Adventurer\n"
    client.post("/decks", data={"csrf": csrf(client), "name": "Mine", "format": "constructed", "text": deck})
    assert "Mine (saved)" in client.get("/table").text
    r = client.post("/table", data={"csrf": csrf(client), "seat0": "human", "seat1": "random", "deck0": "saved:1",
                                    "deck1": "gruul-stompy"}, follow_redirects=False)
    g = _game(client, r.headers["location"])
    names = {g.s.objs[o].name for o in [*g.s.players[0].hand, *g.s.players[0].library]}
    assert names == {"Plains", "Swamp", "Ravenloft Adventurer"}


def test_waiting_for_another_seat_without_scripts_refreshes_the_page(client: TestClient) -> None:
    links = _start(client, seat1="human")
    g = _game(client, links[0])
    waiting = links[1 - g.pending.player]
    page = client.get(waiting).text
    assert '<noscript><meta http-equiv="refresh" content="3"></noscript>' in page
    # The clock of who is being waited for: since when the other seat has had the decision.
    since = client.get("/api" + waiting).json()["decision"]["since"]
    assert f'Waiting for <strong>{g.names[g.pending.player]}</strong>' in page and f'<time datetime="{since}">' in page
    assert 'http-equiv="refresh"' not in client.get(links[g.pending.player]).text


def _hidden_from(g: Game, seat: int) -> set[str]:
    """Names of cards in hidden zones (other hands, every library) that seat can't see anywhere."""
    s = g.s
    seen = {s.objs[o].name for o in [*s.players[seat].hand, *s.battlefield]}
    for p in s.players:
        seen |= {s.objs[o].name for o in [*p.graveyard, *p.exile] if o in s.objs}
    hidden = {s.objs[o].name for p in s.players for o in p.library}
    hidden |= {s.objs[o].name for p in s.players if p.idx != seat for o in p.hand}
    return hidden - seen


def test_the_socket_carries_only_the_seats_view_and_takes_answers(client: TestClient) -> None:
    links = _start(client, seat1="human")
    g = _game(client, links[0])
    tokens = [link.rsplit("/", 1)[1] for link in links]
    with client.websocket_connect(f"/ws/play/{tokens[0]}") as ws0, \
            client.websocket_connect(f"/ws/play/{tokens[1]}") as ws1:
        first = [ws0.receive_json(), ws1.receive_json()]
        carried = ["", ""]
        for seat, msg in enumerate(first):
            assert msg["view"] == client.get("/api" + links[seat]).json()
            carried[seat] += json.dumps(msg, ensure_ascii=False)
        deciding = g.pending.player
        sockets = (ws0, ws1)
        # The other seat is refused, and nothing changes.
        sockets[1 - deciding].send_text('{"choice": 0}')
        refused = sockets[1 - deciding].receive_json()
        assert refused["status"] == 409 and "not your decision" in refused["error"]
        for bad, status in (("nonsense", 400), ('{"choice": -3}', 400), ('{"choice": 999}', 400),
                            ('{"action": "cheat"}', 400), ("[" * 2000, 413)):
            sockets[deciding].send_text(bad)
            assert sockets[deciding].receive_json()["status"] == status
        before = len(g.choices)
        sockets[deciding].send_text('{"choice": 0}')
        updates = [ws0.receive_json(), ws1.receive_json()]  # both seats hear of it, each its own view
        assert len(g.choices) == before + 1
        for seat, msg in enumerate(updates):
            assert msg["view"] == client.get("/api" + links[seat]).json()
            assert msg["fingerprint"] != first[seat]["fingerprint"]
            carried[seat] += json.dumps(msg, ensure_ascii=False)
    for seat in (0, 1):
        hidden = _hidden_from(g, seat)
        assert hidden and not [n for n in hidden if n in carried[seat]]


def test_a_socket_with_a_bad_token_or_another_origin_is_closed(client: TestClient) -> None:
    (link,) = _start(client)
    with client.websocket_connect("/ws/play/forged") as ws:
        assert ws.receive_json() == {"error": "no game seat has this link", "status": 404}
    token = link.rsplit("/", 1)[1]
    with client.websocket_connect(f"/ws/play/{token}", headers={"origin": "http://evil.example"}) as ws:
        assert ws.receive_json()["status"] == 403


def test_a_posted_answer_is_pushed_to_the_seats_socket(client: TestClient) -> None:
    (link,) = _start(client)
    with client.websocket_connect("/ws/play/" + link.rsplit("/", 1)[1]) as ws:
        first = ws.receive_json()
        client.post(link, data={"csrf": csrf(client), "choice": "0"})
        pushed = ws.receive_json()
    assert pushed["fingerprint"] != first["fingerprint"] and pushed["view"] == client.get("/api" + link).json()
    assert f'data-fingerprint="{pushed["fingerprint"]}"' in client.get(link).text


def _start_variant(client: TestClient, **fields: str):
    return client.post("/table", data={"csrf": csrf(client), "seat0": "human", **fields}, follow_redirects=False)


def test_multiplayer_tables_free_for_all_commander_and_two_headed_giant(client: TestClient) -> None:
    # CR 806 free-for-all: three seats, one human.
    r = _start_variant(client, variant="free-for-all", players="3", seat1="random", seat2="heuristic")
    view = client.get("/api" + r.headers["location"]).json()
    assert [p["name"] for p in view["players"]] == ["Player 1", "Random AI 2", "Heuristic AI 3"]
    # CR 903: the bundled Commander decks, 40 life (903.7), each commander in the command zone.
    r = _start_variant(client, variant="commander")
    g = _game(client, r.headers["location"])
    assert g.s.variant == "commander" and [p.life for p in g.s.players] == [40, 40]
    assert "command: " in client.get(r.headers["location"]).text
    # CR 810: four players in two teams by default, sharing life.
    r = _start_variant(client, variant="two-headed-giant")
    view = client.get("/api" + r.headers["location"]).json()
    assert [p["team"] for p in view["players"]] == ["A", "A", "B", "B"]
    assert len(client.get("/api" + r.headers["location"]).json()["hand"]) == len(
        _game(client, r.headers["location"]).s.players[0].hand)


def test_bad_variants_and_player_counts_are_400(client: TestClient) -> None:
    r = _start_variant(client, variant="archenemy")
    assert r.status_code == 400 and "unknown variant 'archenemy'" in message(r.text)
    r = _start_variant(client, variant="two-player", players="3")
    assert r.status_code == 400 and "two-player is for 2 players" in message(r.text)
    assert _start_variant(client, players="7").status_code == 400
    r = _start_variant(client, variant="commander", deck1="gruul-stompy")
    assert r.status_code == 400 and "seat 2: deck 'gruul-stompy' has no commander" in message(r.text)


def test_the_searching_ai_can_take_a_seat(client: TestClient) -> None:
    r = _start_variant(client, seat1="mcts")
    view = client.get("/api" + r.headers["location"]).json()
    assert view["players"][1]["name"] == "MCTS AI 2" and view["decision"]["yours"]
    assert type(client.app.state.games.get(r.headers["location"].rsplit("/", 1)[1])[0].agents[1]).__name__ == \
        "MCTSAgent"


def test_pass_until_my_next_turn_stops_only_for_targets_and_my_turn(client: TestClient,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Priority (CR 117) is passed for the seat on other players' turns; it stops when a spell or
    ability targets the seat or its permanents (CR 115), and the seat's own turn ends it."""
    from undercity.web.table import TableGame, targets_seat

    passed_for_me = []
    real = TableGame._passes

    def counting(self: TableGame, d: object) -> bool:
        out = real(self, d)
        passed_for_me.extend([d] if out else [])
        return out

    monkeypatch.setattr(TableGame, "_passes", counting)
    # Instants (Counterspell, Unsummon) give the seat something to do on the other player's turn.
    (link,) = _start(client, seed=4, decks=("simic-initiative", "orzhov-initiative"))
    g = _game(client, link)
    rng = random.Random(3)
    for _ in range(3000):
        view = client.get("/api" + link).json()
        if view["over"]:
            break
        if view["passing"] and g.pending.kind == "priority":
            assert targets_seat(g, 0) and not view["your_turn"]  # the only reason to stop
        if view["your_turn"]:
            assert not view["passing"]  # the seat's own turn ended the passing
        if not view["passing"] and not view["your_turn"]:
            assert client.post(link, data={"csrf": csrf(client), "action": "pass_until_turn"}).status_code == 200
            continue
        client.post(link, data={"csrf": csrf(client), "choice": str(rng.randrange(len(view["decision"]["options"])))})
    assert g.over
    # It did pass for the seat, only priority, only on the other player's turn.
    assert passed_for_me and all(d.kind == "priority" and d.player == 0 for d in passed_for_me)
    r = client.post(link, data={"csrf": csrf(client), "action": "fly"})
    assert r.status_code == 400 and "unknown action 'fly'" in message(r.text)


BOLT = """format: 1
name: Alice casts Lightning Bolt on her turn
game:
  active: Alice
players:
  - name: Alice
    hand: [Lightning Bolt]
    battlefield: [Mountain, Grizzly Bears]
  - name: Bob
    battlefield: [Grizzly Bears]
actions:
  - cast: Lightning Bolt
    targets: [TARGET]
"""


def _bob_passing(target: str) -> tuple[object, object]:
    from undercity.engine.decisions import Decision, Option
    from undercity.engine.priority import PASS_OPTION
    from undercity.scenario.runner import run_scenario
    from undercity.scenario.schema import parse_scenario
    from undercity.web.table import TableGame

    g = run_scenario(parse_scenario(BOLT.replace("TARGET", target))).game
    tg = TableGame(g, ["heuristic", "human"], [None, None], [None, "t"], auto_pass={1})
    bob_priority = Decision(1, "priority", "Bob, you have priority", [PASS_OPTION, Option("cast Counterspell", 1)])
    return tg, bob_priority


def test_passing_stops_when_a_spell_targets_the_seat_or_its_permanent() -> None:
    """CR 115: a spell that targets Bob, or a creature Bob controls, stops his passing."""
    bears = "Grizzly Bears"
    tg, d = _bob_passing("Bob")
    assert not tg._passes(d)
    g = tg.game
    bobs = next(o for o in g.s.battlefield if g.s.objs[o].controller == 1 and g.s.objs[o].name == bears)
    g.s.stack[0].targets = [("o", bobs)]
    assert not tg._passes(d)
    alices = next(o for o in g.s.battlefield if g.s.objs[o].controller == 0 and g.s.objs[o].name == bears)
    g.s.stack[0].targets = [("o", alices)]  # a spell on Alice's own creature: Bob keeps passing
    assert tg._passes(d)
    g.s.stack[0].targets = [("p", 0)]
    assert tg._passes(d)
    g.s.active = 1  # Bob's own turn ends the passing
    assert not tg._passes(d) and 1 not in tg.auto_pass


def test_per_step_stops_stop_where_the_seat_could_only_pass(client: TestClient) -> None:
    """A seat's stops (its own turn's draw step, the other player's upkeep) stop the table there
    even when passing is the only option (CR 117.3); elsewhere such priority is passed for it."""
    (link,) = _start(client)
    g = _game(client, link)
    r = client.post(link, data={"csrf": csrf(client), "action": "stops", "stop": ["theirs:upkeep", "mine:draw"]})
    assert r.status_code == 200 and 'value="theirs:upkeep" aria-label="theirs:upkeep" checked' in r.text
    rng = random.Random(5)
    stopped = set()
    for _ in range(3000):
        view = client.get("/api" + link).json()
        if view["over"]:
            break
        if view["decision"]["options"] == ["pass priority"]:
            whose = "mine" if g.s.active == 0 else "theirs"
            assert f"{whose}:{g.s.step}" in view["stops"], view["header"]
            stopped.add(f"{whose}:{g.s.step}")
        client.post(link, data={"csrf": csrf(client), "choice": str(rng.randrange(len(view["decision"]["options"])))})
    assert g.over and stopped == {"theirs:upkeep", "mine:draw"}


def test_bad_stops_are_400(client: TestClient) -> None:
    (link,) = _start(client)
    r = client.post(link, data={"csrf": csrf(client), "action": "stops", "stop": ["theirs:untap"]})
    assert r.status_code == 400 and "unknown stop 'theirs:untap'" in message(r.text)
    assert client.get("/api" + link).json()["stops"] == []


def test_cards_with_one_option_are_clickable(client: TestClient) -> None:
    """A land in hand is the button that plays it (CR 305.1); its option index is what is sent."""
    (link,) = _start(client)
    g = _game(client, link)
    for _ in range(50):
        view = client.get("/api" + link).json()
        labels = view["decision"]["options"]
        plays = [i for i, label in enumerate(labels) if label.startswith("play ")]
        if plays:
            break
        client.post(link, data={"csrf": csrf(client), "choice": "0"})
    else:
        raise AssertionError("no land to play")
    i = plays[0]
    land = labels[i][len("play "):]
    assert any(c["name"] == land and c["option"] == i for c in view["hand"])
    assert all(c["option"] is None or labels[c["option"]].endswith(c["name"]) for c in view["hand"])
    page = client.get(link).text
    assert f'<button class="cardbtn" form="decision" name="choice" value="{i}" title="play {land}">{land}</button>' in page
    before = sum(1 for o in g.s.battlefield if g.s.objs[o].name == land and g.s.objs[o].controller == 0)
    client.post(link, data={"csrf": csrf(client), "choice": str(i)})
    assert sum(1 for o in g.s.battlefield if g.s.objs[o].name == land and g.s.objs[o].controller == 0) == before + 1
