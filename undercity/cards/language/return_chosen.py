"""Returning a permanent its controller chooses on resolution (CR 608.2d): "return a land you
control to its owner's hand" (the Karoos: Simic Growth Chamber, Azorius Chancery, …).

Not a target: the permanent is chosen as the ability resolves, among those matching the
filter then, and may be the source itself. Its handler is :mod:`undercity.engine.return_chosen`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Filter


@dataclass(frozen=True, slots=True)
class ReturnChosen(Effect):
    """The ability's controller chooses a permanent they control matching ``filter`` and
    returns it to its owner's hand (CR 608.2c-d); nothing if they control none."""

    filter: Filter
