"""The scenario sandbox: a pasted or uploaded scenario file (docs/scenarios.md) is run as
`undercity scenario FILE` runs it; the page shows PASS or each failed expectation, and the log."""

from __future__ import annotations

from starlette.testclient import TestClient
from web_helpers import csrf, message

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
    assert r.status_code == 400 and message(r.text).startswith("bolt.yaml:")
    assert "Carol" in message(r.text)


def test_bad_scenarios_are_400_and_escaped(client: TestClient) -> None:
    r = client.post("/sandbox", data={"csrf": csrf(client), "text": "format: 2\n"})
    assert r.status_code == 400 and "reads scenario format 1, found the number 2" in message(r.text)
    r = client.post("/sandbox", data={"csrf": csrf(client), "text": "format: 1\nname: <script>x</script>\n: : :\n"})
    assert r.status_code == 400 and "<script>x" not in r.text
    assert client.post("/sandbox", data={"csrf": csrf(client), "text": "  "}).status_code == 400
    assert client.post("/sandbox", data={"text": EXAMPLE}).status_code == 403
