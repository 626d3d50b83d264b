"""Snapshots (issue 14): a game saved as its state comes back as the same game — in this
process or another that met the cards in another order — without replaying it; a forged or
broken snapshot is refused with a clear error and runs nothing."""

from __future__ import annotations

import json
import os
import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest

from undercity.decks import load_deck
from undercity.engine import snapshots
from undercity.engine.game import Game
from undercity.errors import UndercityError

COMMANDER = ("commander-linden", "commander-erinis", "commander-sefris", "commander-barrowin")


def _commander_game(seed: int) -> Game:
    decks = [load_deck(n) for n in COMMANDER]
    return Game.new([d.main for d in decks], ["A", "B", "C", "D"], seed=seed, variant="commander",
                    commanders=[d.commanders for d in decks])


def _play(g: Game, rng: random.Random, n: int) -> Game:
    for _ in range(n):
        if g.over:
            break
        assert g.pending is not None
        g.apply(rng.randrange(len(g.pending.options)))
    return g


def test_a_restored_snapshot_is_the_same_game_and_plays_on_the_same() -> None:
    g = _play(_commander_game(7), random.Random(1), 120)
    h = Game.from_snapshot(g.snapshot())
    assert h.log_lines() == g.log_lines() and h.pending == g.pending and h.choices == g.choices
    _play(g, random.Random(2), 300)
    _play(h, random.Random(2), 300)
    assert h.log_lines() == g.log_lines()
    assert h.save() == g.save()  # the replay stays the record


def test_a_snapshot_loads_in_a_process_that_met_the_cards_in_another_order(tmp_path: Path) -> None:
    """Ability uids depend on the order cards were compiled in; a snapshot names abilities by
    the definition that holds them, so another process restores the same game."""
    g = _play(_commander_game(11), random.Random(3), 150)
    (tmp_path / "game.snap").write_bytes(g.snapshot())
    _play(g, random.Random(4), 400)
    script = """
import random, sys
from undercity.cards.oracle import load_oracle
from undercity.cards.registry import get_card, is_implemented
for name in sorted(load_oracle(), reverse=True)[:400]:  # compile other cards first, backwards
    if is_implemented(name):
        get_card(name)
from undercity.engine.game import Game
h = Game.from_snapshot(open(sys.argv[1], 'rb').read())
rng = random.Random(4)
for _ in range(400):
    if h.over:
        break
    h.apply(rng.randrange(len(h.pending.options)))
sys.stdout.write(chr(10).join(h.log_lines()))
"""
    out = subprocess.run([sys.executable, "-c", script, str(tmp_path / "game.snap")], capture_output=True,
                         text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "12345"}).stdout
    assert out.split("\n") == g.log_lines()


def test_verify_refuses_a_snapshot_whose_state_was_altered() -> None:
    g = _play(_commander_game(5), random.Random(5), 60)
    assert Game.from_snapshot(g.snapshot(), verify=True).log_lines() == g.log_lines()
    g.s.players[0].life = 1  # the state no longer is the game its replay plays
    with pytest.raises(UndercityError, match="altered"):
        Game.from_snapshot(g.snapshot(), verify=True)


def test_a_snapshot_of_another_build_is_restored_by_its_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    g = _play(_commander_game(9), random.Random(9), 80)
    data = g.snapshot()
    monkeypatch.setattr(snapshots, "fingerprint", lambda: "another build")
    h = Game.from_snapshot(data)
    assert h.log_lines() == g.log_lines() and h.pending == g.pending


class _Shell:
    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.system, ("touch /tmp/undercity-snapshot-pwned",))


def _forged(body: bytes) -> bytes:
    g = _commander_game(1)
    real = g.snapshot()
    header_end = real.index(b"\n", len(snapshots.MAGIC)) + 1
    size = json.loads(real[len(snapshots.MAGIC):header_end])["replay_bytes"]
    return real[:header_end + size] + body


@pytest.mark.parametrize(("data", "says"), [
    ("text", "bytes, not str"),
    (b"{}", "doesn't begin with"),
    (snapshots.MAGIC + b"{not json\n", "header is broken"),
    (snapshots.MAGIC + b'{"replay_bytes": 99, "fingerprint": "x"}\n{}', "header is broken"),
    (snapshots.MAGIC + b'{"replay_bytes": 2, "fingerprint": "x"}\n\xff\xfe', "header is broken"),
])
def test_broken_snapshots_are_refused(data: object, says: str) -> None:
    with pytest.raises(UndercityError, match=says):
        Game.from_snapshot(data)  # type: ignore[arg-type]


def test_a_forged_snapshot_runs_nothing() -> None:
    """A pickle may call any function it names; the loader admits only the engine's classes
    and the functions that look definitions up by name."""
    marker = Path("/tmp/undercity-snapshot-pwned")
    marker.unlink(missing_ok=True)
    with pytest.raises(UndercityError, match="may not refer to posix.system"):
        Game.from_snapshot(_forged(pickle.dumps(_Shell())))
    assert not marker.exists()
    with pytest.raises(UndercityError, match="may not refer to undercity.engine.snapshots.snapshot"):
        Game.from_snapshot(_forged(pickle.dumps(snapshots.snapshot)))
    with pytest.raises(UndercityError, match="doesn't load"):
        Game.from_snapshot(_forged(b"\x80\x05truncated"))
    with pytest.raises(UndercityError, match="wrong shape"):
        Game.from_snapshot(_forged(pickle.dumps((1, 2, 3, 4, 5, 6, 7))))


def test_every_ability_of_every_implemented_card_has_an_address_that_leads_back_to_it() -> None:
    from undercity.cards import model
    from undercity.cards.addresses import ability_at, address
    from undercity.cards.registry import all_cards

    all_cards()
    for a in list(model._ABILITIES):
        assert ability_at(*address(a)) is a, a.text
