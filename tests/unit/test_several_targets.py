"""Several targets of one "target" word must all be different (CR 115.3): Hex ("Destroy six
target creatures") can't be cast without six creatures to target, and a creature chosen once
isn't offered again (ruling 2005-10-01, Hex)."""

from __future__ import annotations

from undercity.scenario.runner import build_game

_SETUP = """
format: 1
game: {turn: 3, active: Alice}
players:
  - name: Alice
    library: [Swamp*5]
    hand: [Hex]
    battlefield: [Swamp*6]
  - name: Bob
    library: [Swamp*5]
    battlefield: [%s]
"""


def _can_cast(creatures: int) -> bool:
    g = build_game(_SETUP % ", ".join(["Grizzly Bears"] * creatures))
    d = g.pending
    assert d is not None
    return any(o.value[0] == "cast" for o in d.options if isinstance(o.value, tuple))


def test_hex_needs_six_different_creatures() -> None:
    assert not _can_cast(5)
    assert _can_cast(6)


def test_a_creature_chosen_once_is_not_offered_again() -> None:
    g = build_game(_SETUP % ", ".join(["Grizzly Bears"] * 7))
    d = g.pending
    assert d is not None
    g.apply(next(o for o in d.options if isinstance(o.value, tuple) and o.value[0] == "cast"))
    chosen = []
    for _ in range(6):
        d = g.pending
        assert d is not None and d.kind == "target"
        values = [o.value for o in d.options]
        assert not set(chosen) & set(values)
        assert len(values) == 7 - len(chosen)
        chosen.append(values[0])
        g.apply(d.options[0])
    assert [tuple(t) for t in g.s.stack[-1].targets] == chosen
