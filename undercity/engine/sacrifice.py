"""Sacrificing a named permanent (CR 701.21): the handler of
:class:`undercity.cards.language.sacrifice.SacrificeIt`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.sacrifice import SacrificeIt
from undercity.engine import zones
from undercity.engine.effects import handles, ref_objects
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game


@handles(SacrificeIt)
def h_sacrifice_it(g: Game, job: Job, item: StackItem, e: SacrificeIt, key: str) -> None:
    # CR 701.21a: move it from the battlefield to its owner's graveyard; ref_objects names it
    # only while it is on the battlefield (a token that left can't be sacrificed).
    for oid in ref_objects(g, e.what, item, job):
        zones.move(g, oid, "graveyard", rule="701.21a", verb="is sacrificed")
