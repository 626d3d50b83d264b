"""Continuous effects of a resolved ability until end of turn (CR 611.2a): the handler of
:class:`undercity.cards.language.until_end_of_turn.UntilEndOfTurn`, a layer effect
(:func:`undercity.engine.layers.add_effect`) that ends in the cleanup step (CR 514.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.continuous import SetPT
from undercity.cards.language.until_end_of_turn import BecomesXX, UntilEndOfTurn
from undercity.engine import events as ev
from undercity.engine import layers
from undercity.engine.effects import amount, handles, ref_objects
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game


@handles(UntilEndOfTurn)
def h_until_end_of_turn(g: Game, job: Job, item: StackItem, e: UntilEndOfTurn, key: str) -> None:
    # CR 611.2c: the object is fixed as the ability resolves; 613.7b: the effect's timestamp is
    # when it begins, so a later "becomes" overrides an earlier one in the same layer.
    for oid in ref_objects(g, e.what, item, job):
        o = g.s.objs[oid]
        g.emit(ev.EffectBegan(rule="611.2a", description=f"{o.name} {e.description} until end of turn"))
        layers.add_effect(g, oid, e.mods, until="eot", player=item.controller, source=item.source,
                          text=e.description)


@handles(BecomesXX)
def h_becomes_xx(g: Game, job: Job, item: StackItem, e: BecomesXX, key: str) -> None:
    """X counted as it resolves (CR 608.2h), the base P/T X/X from then on (layer 7b)."""
    x = amount(g, e.x, item, job)
    h_until_end_of_turn(g, job, item, UntilEndOfTurn(e.what, (*e.mods, SetPT(x, x)),
                                                      e.description.replace("an X/X", f"a {x}/{x}")), key)
