"""The web site under test: a fresh storage directory per test, the shared card database."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from undercity.web.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(tmp_path / "data")
    with TestClient(app) as c:
        c.get("/")  # the first page sets the browser's CSRF cookie
        yield c
    app.state.storage.close()
