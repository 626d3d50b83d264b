"""Destroying (CR 701.8): the language of :mod:`undercity.cards.language.destroy`."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from undercity.cards.language.destroy import DestroyAllWithManaValue
from undercity.cards.model import ALL
from undercity.engine.effects import amount, destroy_simultaneously, handles, ref_objects

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem


@handles(DestroyAllWithManaValue)
def h_destroy_with_mana_value(g: Game, job: Job, item: StackItem, e: DestroyAllWithManaValue, key: str) -> None:
    """CR 701.8a, 608.2c: the permanents of exactly that mana value, destroyed at once (a token
    copying nothing has mana value 0, CR 202.3; {X} in a permanent's cost counts 0, 107.3)."""
    n = amount(g, e.mana_value, item, job)
    flt = replace(e.filter, min_mv=n, max_mv=n)
    destroy_simultaneously(g, job, key, ref_objects(g, ALL(flt), item, job))
