"""The scenario sandbox: a pasted or uploaded scenario file (docs/scenarios.md) is run as
`undercity scenario FILE` runs it; the page shows PASS or each failed expectation, and the log."""

from __future__ import annotations

import re

from page_parts import csrf, message
from starlette.testclient import TestClient

from undercity.web.sandbox import EXAMPLE


def test_the_example_passes_and_shows_its_log(client: TestClient) -> None:
    assert "Lightning Bolt deals 3 damage" in client.get("/sandbox").text  # the form starts with it
    r = client.post("/sandbox", data={"csrf": csrf(client), "text": EXAMPLE})
    assert r.status_code == 200 and "PASS — 1 expectation checked, all held" in r.text
    assert "Lightning Bolt deals 3 damage to Bob" in r.text and "[CR " in r.text


def test_a_failed_expectation_is_named_with_its_line(client: TestClient) -> None:
    r = client.post("/sandbox", data={"csrf": csrf(client), "text": EXAMPLE.replace("{Bob: 17}", "{Bob: 18}")})
    assert r.status_code == 200 and "FAIL — 1 expectation did not hold" in r.text
    assert "<li>line 15: life of Bob: expected 18, found 17</li>" in r.text


def test_an_uploaded_file_is_run_under_its_name(client: TestClient) -> None:
    r = client.post("/sandbox", data={"csrf": csrf(client)},
                    files={"file": ("bolt.yaml", EXAMPLE.replace("targets: [Bob]", "targets: [Carol]").encode(),
                                    "text/yaml")})
    assert r.status_code == 400 and message(r.text).startswith("bolt.yaml (uploaded):")
    assert "Carol" in message(r.text)


def test_bad_scenarios_are_400_and_escaped(client: TestClient) -> None:
    r = client.post("/sandbox", data={"csrf": csrf(client), "text": "format: 2\n"})
    assert r.status_code == 400 and "reads scenario format 1, found the number 2" in message(r.text)
    r = client.post("/sandbox", data={"csrf": csrf(client), "text": "format: 1\nname: <script>x</script>\n: : :\n"})
    assert r.status_code == 400 and "<script>x" not in r.text
    assert client.post("/sandbox", data={"csrf": csrf(client), "text": "  "}).status_code == 400
    assert client.post("/sandbox", data={"text": EXAMPLE}).status_code == 403


def test_an_uploaded_file_name_never_names_a_file_of_the_server(tmp_path, monkeypatch) -> None:
    """The runner reads the file a scenario is named after if it exists: a name from the browser
    must never be a path of this machine."""
    from undercity.web.sandbox import safe_name

    assert safe_name("/etc/passwd") == "passwd (uploaded)"
    assert safe_name("..\\..\\secret.yaml") in ("..\\..\\secret.yaml (uploaded)", "secret.yaml (uploaded)")
    assert safe_name(None) == "(pasted)"
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.yaml (uploaded)").write_text("format: 1")
    assert safe_name("x.yaml") == "(uploaded scenario)"


def test_a_scenario_is_stepped_on_the_table_seat_by_seat(client: TestClient, tmp_path) -> None:
    r = client.post("/sandbox", data={"csrf": csrf(client), "text": EXAMPLE, "action": "step"})
    assert r.status_code == 200
    links = re.findall(r'<a href="(/play/[^"]+)">', r.text)
    assert len(links) == 2  # Alice and Bob, both played from the page
    alice = client.get("/api" + links[0]).json()
    assert alice["decision"]["yours"] and "cast Lightning Bolt" in alice["decision"]["options"]
    assert [c["name"] for c in alice["hand"]] == ["Lightning Bolt"]
    bob = client.get("/api" + links[1]).json()
    assert bob["hand"] == [] and not bob["decision"]["yours"]
    i = alice["decision"]["options"].index("cast Lightning Bolt")
    client.post(links[0], data={"csrf": csrf(client), "choice": str(i)})
    view = client.get("/api" + links[0]).json()
    assert view["decision"]["kind"] == "target" or view["stack"]
    # The stepped game is saved like any other: a new server on the same data rebuilds it.
    from undercity.web.app import create_app

    before = client.get("/api" + links[0]).json()
    again = create_app(client.app.state.storage.path.parent)
    with TestClient(again) as c2:
        assert c2.get("/api" + links[0]).json() == before
    again.state.storage.close()


def test_a_bad_scenario_cannot_be_stepped(client: TestClient) -> None:
    r = client.post("/sandbox", data={"csrf": csrf(client), "text": "format: 1\nplayers: 3\n", "action": "step"})
    assert r.status_code == 400 and "(pasted)" in message(r.text)
