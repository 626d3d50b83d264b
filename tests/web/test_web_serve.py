"""`undercity serve`: storage created and migrated on first start, in UNDERCITY_DATA_DIR; the
command prints the address and serves; bad options are clear errors."""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import httpx2
import pytest
from typer.testing import CliRunner

from undercity.cli import app
from undercity.web.storage import MIGRATIONS, Storage, data_dir


def test_storage_is_created_and_migrated_on_first_start(tmp_path: Path) -> None:
    st = Storage.open(tmp_path / "new")
    assert (tmp_path / "new" / "site.sqlite3").is_file() and st.version == len(MIGRATIONS)
    st.save_deck("d", "constructed", "1 Plains")
    st.close()
    again = Storage.open(tmp_path / "new")  # opening again keeps the data and migrates nothing twice
    assert [d.name for d in again.decks()] == ["d"] and again.version == len(MIGRATIONS)
    again.close()


def test_a_database_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    tmp_path.mkdir(exist_ok=True)
    conn = sqlite3.connect(tmp_path / "site.sqlite3")
    conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 5}")
    conn.close()
    with pytest.raises(RuntimeError, match="written by a newer Undercity"):
        Storage.open(tmp_path)


def test_data_dir_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNDERCITY_DATA_DIR", str(tmp_path))
    assert data_dir() == tmp_path
    monkeypatch.delenv("UNDERCITY_DATA_DIR")
    assert data_dir().name == "undercity"


def test_bad_ports_and_a_port_in_use_are_clear_errors(tmp_path: Path) -> None:
    runner = CliRunner()
    r = runner.invoke(app, ["serve", "--port", "70000"], env={"UNDERCITY_DATA_DIR": str(tmp_path)})
    assert r.exit_code != 0 and "a port is a number from 1 to 65535" in str(r.exception) + r.output
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        r = runner.invoke(app, ["serve", "--port", str(port)], env={"UNDERCITY_DATA_DIR": str(tmp_path)})
    assert r.exit_code != 0 and "is in use" in str(r.exception) + r.output


def test_serve_prints_the_address_and_serves_pages(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "UNDERCITY_DATA_DIR": str(tmp_path / "data")}
    proc = subprocess.Popen([sys.executable, "-m", "undercity.cli", "serve", "--port", str(port)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        line = proc.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in line, line
        for _ in range(100):
            try:
                r = httpx2.get(f"http://127.0.0.1:{port}/card/Ravenloft%20Adventurer?lang=fr", timeout=30)
                break
            except httpx2.TransportError:
                time.sleep(0.1)
        assert r.status_code == 200 and "Aventurière de Ravenloft" in r.text
        assert (tmp_path / "data" / "site.sqlite3").is_file()
        # DNS rebinding: a page of another site whose name resolves to 127.0.0.1 is refused.
        rebound = httpx2.get(f"http://127.0.0.1:{port}/collection", headers={"host": f"rebind.example:{port}"},
                             timeout=30)
        assert rebound.status_code == 400
        assert httpx2.get(f"http://localhost:{port}/", timeout=30).status_code == 200
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_an_older_database_is_migrated_keeping_its_data(tmp_path: Path) -> None:
    """A file of schema 2 (games and seats, no seat settings) gets schema 3's and 4's columns
    (seat settings, the table's clock), data kept."""
    conn = sqlite3.connect(tmp_path / "site.sqlite3", isolation_level=None)
    for i in range(2):
        conn.executescript(f"BEGIN; {MIGRATIONS[i]}; PRAGMA user_version = {i + 1}; COMMIT;")
    conn.execute("INSERT INTO games (kinds, seed, save) VALUES ('[\"human\", \"random\"]', 1, '{}')")
    conn.execute("INSERT INTO seats (token, game, seat) VALUES ('tok', 1, 0)")
    conn.close()
    st = Storage.open(tmp_path)
    assert st.version == len(MIGRATIONS) == 4
    saved = st.game_for_token("tok")
    assert saved is not None and saved.kinds == ["human", "random"] and saved.prefs == {0: {}}
    assert saved.since is None  # no clock saved: a restored game's starts anew
    st.close()
