"""The heuristic agent choosing how many times to pay a replicate cost (CR 702.56a; decision
``replicate``): Psionic Ritual's "Tap an untapped Horror you control" once for each instant or
sorcery card in a graveyard beyond the one the spell itself targets — a Horror stays untapped
when there is nothing more worth copying — and a spell without targets (Train of Thought) as
many times as it can pay. The random agent answers the decision with a legal option."""

from __future__ import annotations

from pathlib import Path

from undercity.agents.heuristic import HeuristicAgent
from undercity.agents.random_agent import RandomAgent
from undercity.scenario.runner import Runner
from undercity.scenario.schema import load_scenario

_RITUAL = """
format: 1
game: {{turn: 3, active: Alice}}
players:
  - name: Alice
    library: [Island*5]
    hand: [Psionic Ritual]
    graveyard: {graveyard}
    battlefield: [Island*6, Dauthi Horror, Woe Strider, Forgotten Creation]
  - name: Bob
    library: [Plains*3]
actions:
  - cast: Psionic Ritual
    pause: true
"""

_TRAIN = """
format: 1
game: {turn: 3, active: Alice}
players:
  - name: Alice
    library: [Island*5]
    hand: [Train of Thought]
    battlefield: [Island*6]
  - name: Bob
    library: [Plains*3]
actions:
  - cast: Train of Thought
    pause: true
"""


def _decision(tmp_path: Path, text: str):  # type: ignore[no-untyped-def]
    f = tmp_path / "s.yaml"
    f.write_text(text)
    r = Runner(load_scenario(f))
    r.run()
    d = r.g.pending
    assert d is not None and d.kind == "replicate"
    return r.g, d


def _times(tmp_path: Path, text: str) -> int:
    g, d = _decision(tmp_path, text)
    return int(d.options[HeuristicAgent(strict=True).choose(g, d)].value)


def test_one_copy_for_each_more_card_worth_copying(tmp_path: Path) -> None:
    assert _times(tmp_path, _RITUAL.format(graveyard="[Lightning Bolt, Shock]")) == 1


def test_no_copy_for_a_lone_target(tmp_path: Path) -> None:
    assert _times(tmp_path, _RITUAL.format(graveyard="[Lightning Bolt]")) == 0


def test_no_more_copies_than_horrors(tmp_path: Path) -> None:
    gy = "[Lightning Bolt, Shock, Murder, Opt, Negate]"
    assert _times(tmp_path, _RITUAL.format(graveyard=gy)) == 3


def test_a_spell_without_targets_as_often_as_it_can_pay(tmp_path: Path) -> None:
    # {1}{U} and {1}{U} twice more with six Islands
    assert _times(tmp_path, _TRAIN) == 2


def test_random_agent_answers_with_a_legal_option(tmp_path: Path) -> None:
    g, d = _decision(tmp_path, _RITUAL.format(graveyard="[Lightning Bolt, Shock]"))
    assert 0 <= RandomAgent(seed=1).choose(g, d) < len(d.options)
