"""Every event class, those of the rules modules included, is built by the faster ``__init__``
``events`` gives it, and that one is the dataclass's to the letter: the same signature, every field
set (defaults included), still frozen (the log is shared between copies of a game)."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from undercity.engine import events as ev
from undercity.engine.game import _load_rules


def event_classes() -> list[type]:
    _load_rules()  # the rules modules' own event classes too (monstrosity, class levels…)
    out, todo = [], [ev.Event]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            todo.append(sub)
            if "__slots__" in sub.__dict__:  # the class dataclass(slots=True) made
                out.append(sub)
    return sorted(out, key=lambda c: c.__qualname__)


def expected_signature(cls: type) -> list[tuple[str, object, object]]:
    """The parameters dataclass() gives ``__init__`` for these fields."""
    fs = dataclasses.fields(cls)
    ordered = [f for f in fs if not f.kw_only] + [f for f in fs if f.kw_only]
    return [(f.name, inspect.Parameter.KEYWORD_ONLY if f.kw_only else inspect.Parameter.POSITIONAL_OR_KEYWORD,
             inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default) for f in ordered]


def test_every_rules_module_event_class_is_found() -> None:
    names = {c.__name__ for c in event_classes()}
    assert {"ZoneChanged", "Tapped", "StepBegan", "BecameMonstrous", "LevelGained", "TargetChanged"} <= names


@pytest.mark.parametrize("cls", event_classes(), ids=lambda c: c.__name__)
def test_the_fast_init_is_the_dataclass_init(cls: type) -> None:
    sig = inspect.signature(cls.__init__)
    got = [(n, p.kind, p.default) for n, p in list(sig.parameters.items())[1:]]
    assert got == expected_signature(cls)
    assert cls.__init__.__qualname__ == f"{cls.__qualname__}.__init__"
    required = {f.name: f"{f.name}-value" for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING}
    e = cls(**required)
    for f in dataclasses.fields(cls):
        assert getattr(e, f.name) == required.get(f.name, f.default)
    # The same object as the one a saved game's log rebuilds field by field (Event.__reduce__).
    assert e == ev.rebuild(cls, tuple(getattr(e, f.name) for f in dataclasses.fields(cls)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.rule = "changed"  # type: ignore[misc]
    if required:
        missing = dict(required)
        missing.pop(next(iter(missing)))
        with pytest.raises(TypeError):
            cls(**missing)
