"""Choosing a creature type as a spell resolves (CR 608.2d, 205.3m): the handler of
:class:`~undercity.cards.language.type_choice.ChooseCreatureType`. The spell's controller
chooses among the creature types of CR 205.3m (decision ``choose_creature_type``, as for a
permanent choosing one as it enters); the choice is the spell's (``entering.remember``), read by
"of the chosen type" filters of its later effects (``targeting.matches``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.type_choice import ChooseCreatureType
from undercity.engine import entering
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.engine.effects import handles

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem


@handles(ChooseCreatureType)
def h_choose_creature_type(g: Game, job: Job, item: StackItem, e: ChooseCreatureType, key: str) -> None:
    from undercity.cards.text.creature_types import CREATURE_TYPES

    p = item.controller
    opts = [Option(t, t) for t in sorted(CREATURE_TYPES)]
    chosen = g.ask(job, f"{key}:type", p, "choose_creature_type",
                   f"{g.player_name(p)}: choose a creature type for {item.name}", opts)
    entering.remember(g, item.source, "creature type", chosen)
    g.emit(ev.Note(rule="608.2d", message=f"{g.player_name(p)} chooses {chosen} for {item.name}"))
