"""The heuristic agent sorting the top cards of its library (CR 401.5): it keeps the card it most
wants — a land when it is short of lands, else the best spell it can cast soon — and never
declines a card it may put into its hand; "any number into your graveyard" bins only what it
doesn't want."""

from __future__ import annotations

from pathlib import Path

from undercity.agents.heuristic import HeuristicAgent
from undercity.scenario.runner import Runner
from undercity.scenario.schema import load_scenario

_SCENARIO = """
format: 1
game: {{turn: 3, active: Alice}}
players:
  - name: Alice
    library: {library}
    hand: [{spell}]
    battlefield: {battlefield}
  - name: Bob
    library: [Plains*3]
actions:
  - cast: {spell}
  - resolve
"""


def _pending(tmp_path: Path, spell: str, library: str, battlefield: str) -> tuple[Runner, object]:
    f = tmp_path / "s.yaml"
    f.write_text(_SCENARIO.format(spell=spell, library=library, battlefield=battlefield))
    r = Runner(load_scenario(f))
    r.run()
    d = r.g.pending
    assert d is not None
    return r, d


def _label(d: object, i: int) -> str:
    return d.options[i].label  # type: ignore[attr-defined]


def test_keeps_a_land_when_short_of_lands(tmp_path: Path) -> None:
    r, d = _pending(tmp_path, "Anticipate", "[Serra Angel, Forest, Lightning Bolt]", "[Island*2]")
    assert d.kind == "to_hand"  # type: ignore[attr-defined]
    assert _label(d, HeuristicAgent(strict=True).choose(r.g, d)) == "Forest"


def test_keeps_the_castable_spell_with_lands_enough(tmp_path: Path) -> None:
    r, d = _pending(tmp_path, "Anticipate", "[Forest, Lightning Bolt, Island]",
                    "[Island*2, Mountain*3, Forest]")
    assert _label(d, HeuristicAgent(strict=True).choose(r.g, d)) == "Lightning Bolt"


def test_takes_the_best_creature_card_rather_than_none(tmp_path: Path) -> None:
    r, d = _pending(tmp_path, "Commune with Nature", "[Forest, Grizzly Bears, Island, Serra Angel, Plains]",
                    "[Forest*4]")
    assert _label(d, HeuristicAgent(strict=True).choose(r.g, d)) == "reveal and put Serra Angel into your hand"


def test_bins_an_unwanted_land_and_keeps_a_wanted_spell(tmp_path: Path) -> None:
    r, d = _pending(tmp_path, "Contingency Plan", "[Lightning Bolt, Forest, Island, Swamp, Plains]",
                    "[Island*3, Mountain*3]")
    agent = HeuristicAgent(strict=True)
    first = _label(d, agent.choose(r.g, d))
    assert first != "put Lightning Bolt into your graveyard"
    assert "into your graveyard" in first
