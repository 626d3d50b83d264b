"""Objects chosen as an effect resolves (CR 608.2d) — the vocabulary of
:mod:`undercity.cards.language.object_choice`. The choice is asked one permanent at a time
("no more" to stop) and kept in the resolving job's data, where
:func:`undercity.engine.effects.ref_objects` finds it for :data:`CHOSEN_OBJECTS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.object_choice import ChooseAnyNumber
from undercity.engine import targeting
from undercity.engine.decisions import Option
from undercity.engine.effects import handles

if TYPE_CHECKING:
    from undercity.cards.model import Filter
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem

#: ``Job.data`` key of the chosen permanents' ids.
CHOSEN = "chosen_objects"
#: The decision kind: one more permanent (its id) or ``None``, no more.
CHOOSE_OBJECT = "choose_object"


def choose_permanents(g: Game, job: Job, item: StackItem, flt: Filter | None, key: str, kind: str, verb: str,
                      prompt: str) -> list[int]:
    """Any number of permanents matching ``flt`` (from the controller's point of view), chosen
    one at a time as ``item`` resolves, "none" / "no more" to stop (CR 608.2d): the decision
    ``kind``, asked under ``key`` with the number chosen so far, each option "``verb`` [it]"."""
    s = g.s
    p = item.controller
    chosen: list[int] = []
    while True:
        fits = [oid for oid in s.battlefield if oid not in chosen
                and targeting.matches(g, s.objs[oid], flt, p, item.source)]
        if not fits:
            break
        opts = [Option(f"{verb} {targeting.describe(g, ('o', oid))}", oid) for oid in fits]
        opts.append(Option("none" if not chosen else "no more", None))
        v = g.ask(job, f"{key}{len(chosen)}", p, kind, prompt, opts)
        if v is None:
            break
        chosen.append(v)
    return chosen


@handles(ChooseAnyNumber)
def h_choose_any_number(g: Game, job: Job, item: StackItem, e: ChooseAnyNumber, key: str) -> None:
    job.data[CHOSEN] = choose_permanents(g, job, item, e.filter, f"{key}:c", CHOOSE_OBJECT, "choose",
                                         f"{item.source_name}: choose any number")
