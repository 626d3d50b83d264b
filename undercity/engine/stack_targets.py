"""Spells and abilities on the stack as targets (CR 115.1, 113.7; language
:mod:`undercity.cards.language.stack_targets`).

A spell is the target ``("o", its object)``; an activated or triggered ability on the stack is
``("s", its stack item's id)`` — it is no object of the game's, and it is a legal target only
while it is on the stack (CR 608.2b). Countering an ability removes it from the stack and none
of its effects happen (701.6a); its costs aren't refunded (701.6b). "Change a target of target
spell or ability to ~" (115.7b) changes one target, which the changing effect's controller
chooses as it resolves, and only to a legal target that leaves every other target legal (115.7a,
115.7e; rulings 2020-08-07, Spellskite); the new target "becomes the target" (CR 702.21a).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from undercity.cards.language.stack_targets import ABILITY, ChangeTargetTo, CounterAbilityDestroySource
from undercity.engine import events as ev
from undercity.engine import triggers
from undercity.engine.decisions import Option
from undercity.engine.effects import _legal, destroy, handles, ref_objects

if TYPE_CHECKING:
    from undercity.cards.model import Ref, TargetSpec
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem
    from undercity.engine.targeting import Target


@dataclass(frozen=True, slots=True, kw_only=True)
class TargetChanged(ev.Event):
    """A target of the spell or ability ``item`` changed to ``to`` (CR 115.7)."""

    item: int
    name: str
    old: str
    new: str
    to: tuple[str, int]
    kind: ClassVar[str] = "target_changed"

    def text(self, names: list[str], viewer: int | None = None) -> str:
        return f"{self.name}'s target {self.old} is changed to {self.new}"


def candidates(g: Game, spec: TargetSpec, controller: int, source: int | None) -> list[Target]:
    """Every spell and ability on the stack ``spec`` may target. The spell being cast or the
    ability being put on the stack chooses its targets before it is there (CR 601.2c, 602.2b,
    603.3d), so it can't target itself (115.5); a spell's own abilities can't target it
    either (``source``)."""
    from undercity.engine.targeting import matches

    out: list[Target] = []
    for item in g.s.stack:
        if item.kind == "spell":
            if spec.kind == ABILITY:
                continue  # "activated or triggered ability": not a spell (CR 113.1)
            if item.obj is not None and item.obj != source and matches(g, g.s.objs[item.obj], spec.filter,
                                                                        controller, source):
                out.append(("o", item.obj))
        elif spec.filter is None or source_matches(g, item, spec, controller, source):
            out.append(("s", item.id))
    return out


def source_matches(g: Game, item: StackItem, spec: TargetSpec, controller: int, source: int | None) -> bool:
    """Whether the source of the ability ``item`` matches ``spec``'s filter ("from an artifact or
    enchantment source"): the source as it is now, or as it last existed on the battlefield if
    it left (CR 113.7, 113.7a, 608.2b)."""
    from undercity.engine.targeting import matches

    assert spec.filter is not None
    o = g.s.objs.get(item.source) if item.source is not None else None
    if o is not None:
        return matches(g, o, spec.filter, controller, source)
    lki = g.s.lki.get(item.source) if item.source is not None else None
    return lki is not None and bool(spec.filter.types & lki["types"])  # the filter is of card types


def ability_legal(g: Game, spec: TargetSpec, sid: int, controller: int, source: int | None) -> bool:
    """An ability target still legal: on the stack (CR 608.2b), its source still matching."""
    item = on_stack(g, sid)
    return item is not None and (spec.filter is None or source_matches(g, item, spec, controller, source))


def on_stack(g: Game, sid: int) -> StackItem | None:
    """The ability ``sid`` if it is still on the stack (CR 608.2b: else an illegal target)."""
    return next((it for it in g.s.stack if it.id == sid and it.kind != "spell"), None)


def item_of(g: Game, t: Target) -> StackItem | None:
    """The stack item a spell-or-ability target names, if it is still on the stack."""
    kind, ident = t
    if kind == "s":
        return on_stack(g, ident)
    return next((it for it in g.s.stack if it.kind == "spell" and it.obj == ident), None) if kind == "o" else None


def describe(g: Game, sid: int) -> str:
    """How the log and the options name the ability ``sid``."""
    item = on_stack(g, sid)
    return item.name if item is not None else "an ability no longer on the stack"


def counter_abilities(g: Game, ref: Ref, item: StackItem, job: Job) -> None:
    """"Counter target … ability" (CR 701.6a): the targeted ability, if still a legal target,
    leaves the stack and none of its effects happen (a spell target is countered by the
    caller, ``effects.h_counter``)."""
    if ref.kind != "target" or ref.i >= len(item.targets) or not _legal(job, ref.i):
        return
    kind, sid = item.targets[ref.i]
    ability = on_stack(g, sid) if kind == "s" else None
    if ability is None:
        return
    g.s.stack.remove(ability)
    g.emit(ev.Countered(rule="701.6a", player=ability.controller, name=ability.name))


@handles(CounterAbilityDestroySource)
def h_counter_ability_destroy_source(g: Game, job: Job, item: StackItem, e: CounterAbilityDestroySource,
                                     key: str) -> None:
    done = key + ":countered"
    if done not in job.data:  # once, even if the destruction asks a question and this runs again
        job.data[done] = None
        if e.what.kind == "target" and e.what.i < len(item.targets) and _legal(job, e.what.i):
            kind, sid = item.targets[e.what.i]
            ability = on_stack(g, sid) if kind == "s" else None
            if ability is not None:
                counter_abilities(g, e.what, item, job)
                job.data[done] = ability.source
    src = g.s.objs.get(job.data[done]) if job.data[done] is not None else None
    if src is not None and src.zone == "battlefield":
        # "If a permanent's ability is countered this way, destroy that permanent" (CR 608.2c):
        # the same object, still a permanent (CR 400.7)
        destroy(g, job, key + ":destroy", src.id)


def _words(specs: tuple[TargetSpec, ...], divided: bool) -> list[int]:
    """The instance of the word "target" each target belongs to (CR 115.3): a specification
    with ``same_word`` continues the previous one's; a divided spell's targets are one word's."""
    out: list[int] = []
    for j, spec in enumerate(specs):
        out.append(0 if divided else out[-1] if j and spec.same_word else j)
    return out


def changeable(g: Game, item: StackItem, to: Target) -> list[int]:
    """The targets of ``item`` that may be changed to ``to`` (CR 115.7a-b, 115.7e): ``to`` is a
    legal target in that one's place and isn't already chosen for the same word "target"
    (CR 115.3), and every other target still legal is still legal after the change."""
    from undercity.engine import divided as dv
    from undercity.engine import targeting
    from undercity.engine.resolve import target_specs

    specs = target_specs(g, item)
    words = _words(specs, bool(item.divide) or dv.of(item.ability) is not None)
    out = []
    for j, (spec, cur) in enumerate(zip(specs, item.targets, strict=False)):
        if tuple(cur) == to or not targeting.still_legal(g, spec, to, item.controller, item.source):
            continue
        if any(tuple(t) == to and words[k] == words[j] for k, t in enumerate(item.targets) if k != j):
            continue
        out.append(j)
    return out


@handles(ChangeTargetTo)
def h_change_target(g: Game, job: Job, item: StackItem, e: ChangeTargetTo, key: str) -> None:
    if e.what.kind != "target" or e.what.i >= len(item.targets) or not _legal(job, e.what.i):
        return
    other = item_of(g, tuple(item.targets[e.what.i]))  # type: ignore[arg-type]
    to_ids = ref_objects(g, e.to, item, job)  # ~ on the battlefield, or nothing (ruling 2020-08-07)
    if other is None or not to_ids:
        return
    from undercity.engine import targeting

    to: Target = ("o", to_ids[0])
    js = changeable(g, other, to)
    if not js:
        return  # no target can be changed: none is (CR 115.7a)
    j = g.ask(job, f"{key}:which", item.controller, "change_target",
              f"{g.player_name(item.controller)}: which target of {other.name} becomes "
              f"{targeting.describe(g, to)}?",
              [Option(f"{targeting.describe(g, tuple(other.targets[k]))} (target {k + 1})", k) for k in js],
              {"item": other.id})
    old = targeting.describe(g, tuple(other.targets[j]))
    other.targets[j] = to
    g.emit(TargetChanged(rule="115.7b", item=other.id, name=other.name, old=old,
                         new=targeting.describe(g, to), to=to))


@triggers.watches(TargetChanged.kind)
def _on_target_changed(g: Game, e: TargetChanged) -> None:
    """The new target becomes the target of the spell or ability (CR 115.7, 702.21a)."""
    from undercity.engine import event_triggers

    item = next((it for it in g.s.stack if it.id == e.item), None)
    if item is not None:
        event_triggers._targeted(g, item, only=e.to)
        if item.kind == "spell":
            event_triggers._targeted_by_spell(g, item, [e.to])
