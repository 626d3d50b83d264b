"""When state-based actions are looked for (CR 704.3): whenever a player would receive
priority, but the engine skips collecting them when nothing that could make one apply
happened since the last check found none (``sba._still_quiet``). These tests pin the events
that may be skipped and those that may not, and that a position changed from outside the
engine is checked again after ``Game.advance``."""

from __future__ import annotations

import pytest

from undercity.engine import sba, zones
from undercity.scenario.runner import build_game

_VINES = """
format: 1
name: sba checks
game: {turn: 3, active: Alice}
players:
  - name: Alice
    library: [Forest*5]
    battlefield: [Forest*2]
  - name: Bob
    library: [Island*5]
    battlefield:
      - {card: Grizzly Bears, id: bears, tapped: true}
      - {card: %s, attached_to: bears}
"""


def _on(g, name):
    return next(o for o in g.s.objs.values() if o.name == name)


def _pass(g) -> None:
    d = g.pending
    assert d is not None and d.kind == "priority"
    g.apply(next(i for i, o in enumerate(d.options) if o.value == ("pass",)))


def test_an_aura_that_enchants_only_tapped_creatures_goes_when_its_creature_untaps() -> None:
    """CR 704.5m: Entangling Vines ("Enchant tapped creature") on a creature that becomes
    untapped is attached to an illegal object — an untap alone makes a check necessary while
    such an Aura is on the battlefield."""
    g = build_game(_VINES % "Entangling Vines")
    bears, vines = _on(g, "Grizzly Bears"), _on(g, "Entangling Vines")
    assert vines.zone == "battlefield" and vines.attached_to == bears.id
    zones.set_tapped(g, bears, False, "701.26b")  # an event, as any untap in a game is
    _pass(g)
    assert _on(g, "Entangling Vines").zone == "graveyard"
    assert "Entangling Vines: attached to an illegal object" in "\n".join(g.log_lines())


def test_tapping_and_untapping_alone_need_no_check_with_other_auras(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rancor's "Enchant creature" doesn't ask whether the creature is tapped (CR 701.26): after
    only an untap, the check before the decision still holds and nothing is collected."""
    g = build_game(_VINES % "Rancor")
    bears = _on(g, "Grizzly Bears")
    calls = []
    real = sba.collect
    monkeypatch.setattr(sba, "collect", lambda g: calls.append(1) or real(g))
    zones.set_tapped(g, bears, False, "701.26b")
    _pass(g)
    assert calls == [] and _on(g, "Rancor").zone == "battlefield"


def test_a_position_changed_from_outside_is_checked_after_advance() -> None:
    """CR 704.5g: damage marked on a creature from outside the engine (no event) is seen once
    ``Game.advance`` is called, even while a decision is pending: the answer's check collects."""
    g = build_game(_VINES % "Rancor")
    bears = _on(g, "Grizzly Bears")
    bears.damage = 2
    g.advance()
    _pass(g)
    assert _on(g, "Grizzly Bears").zone == "graveyard"
