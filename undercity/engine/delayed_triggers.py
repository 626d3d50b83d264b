"""Delayed triggered abilities (CR 603.7): created as a spell or ability resolves
(:class:`~undercity.cards.language.delayed_triggers.CreateDelayedTrigger`), they trigger once,
the next time their event happens (603.7b) — the beginning of a step (the next end step, your
next upkeep, end of combat, CR 511.2) — and are then put on the stack like any other trigger.

The object a delayed ability refers to ("return that card", "exile it") is fixed as it is
created: the object an earlier effect of the same ability made of it (CR 400.7: the card exiled
is a new object), followed through the zone changes of that resolution. If that object leaves
its zone before the delayed ability resolves, it is a new object the ability doesn't affect
(603.7c): its effects name the object by id (``TRIGGER_OBJECT``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from undercity.cards.language.delayed_triggers import (
    CreateDelayedTrigger,
    CreateReflexiveTrigger,
    NextSpellCast,
    NextStep,
)
from undercity.cards.model import Effect, TargetSpec
from undercity.engine import events as ev
from undercity.engine import triggers
from undercity.engine.effects import handles, ref_objects_now

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem

#: ``State.extra`` key: the delayed triggered abilities waiting to trigger, in creation order.
DELAYED = "delayed_triggers"
#: The ``PendingTrigger.kind`` of a delayed triggered ability.
KIND = "delayed"


@dataclass(frozen=True, slots=True)
class Waiting:
    """A delayed triggered ability created and not yet triggered (CR 603.7a)."""

    when: NextStep | NextSpellCast
    controller: int
    source: int | None
    source_name: str
    effects: tuple[Effect, ...]
    text: str
    #: The object its effects refer to (``TRIGGER_OBJECT``), or None.
    obj: int | None
    #: The turn it was created (for "the next turn's upkeep", "your next spell this turn").
    turn: int
    #: Its targets, chosen as it is put on the stack (CR 603.3d).
    targets: tuple[TargetSpec, ...] = ()
    #: The objects its effects refer to together (``TRIGGER_OBJECTS``: myriad's tokens).
    objs: tuple[int, ...] = ()


@handles(CreateDelayedTrigger)
def h_create_delayed(g: Game, job: Job, item: StackItem, e: CreateDelayedTrigger, key: str) -> None:
    s = g.s
    obj: int | None = None
    if e.about is not None:
        now = ref_objects_now(g, e.about, item, job)
        obj = now[0] if now else None
        o = s.objs.get(obj) if obj is not None else None
        if o is None or e.zone is not None and o.zone != e.zone or o.token and o.zone != "battlefield":
            # CR 603.7c, 111.8: the object it would affect isn't where the ability put it (a
            # commander in the command zone, a token that left the battlefield): it would do
            # nothing.
            g.emit(ev.Note(rule="603.7c", message=f"{item.name}: nothing for the delayed ability to affect"))
            return
    s.extra.setdefault(DELAYED, []).append(
        Waiting(e.when, item.controller, item.source, item.source_name, e.effects, e.text, obj, s.turn, e.targets))


@triggers.watches("step_began")
def _step_began(g: Game, e: ev.StepBegan) -> None:
    """CR 603.7b: each waiting delayed ability whose step begins triggers, once."""
    s = g.s
    waiting: list[Waiting] | None = s.extra.get(DELAYED)
    if not waiting:
        return
    keep: list[Waiting] = []
    for w in waiting:
        if isinstance(w.when, NextSpellCast):
            if w.turn == s.turn:
                keep.append(w)  # "this turn": it can't trigger once the turn has ended
            continue
        if w.when.step != e.step or w.when.yours and s.active != w.controller or w.when.next_turn and s.turn <= w.turn:
            keep.append(w)
            continue
        p = s.players[w.controller]
        if p.left or p.lost:
            continue  # CR 800.4a: abilities of a player who left the game cease to exist
        data: dict[str, object] = {"object": w.obj} if w.obj is not None else {}
        if w.objs:
            data["objects"] = w.objs
        triggers.add_inherent(g, w.controller, w.source_name, KIND, w.text, w.effects, "603.7", source=w.source,
                              **data)
    s.extra[DELAYED] = keep


@triggers.watches("spell_cast")
def _spell_cast(g: Game, e: ev.SpellCast) -> None:
    """"When you cast your next spell this turn" (CR 603.7b, 601.2i): the first spell its
    controller casts after it was created, this turn, triggers it once; "that spell" is it."""
    s = g.s
    waiting: list[Waiting] | None = s.extra.get(DELAYED)
    if not waiting or e.copy:  # a copy isn't cast (CR 707.10)
        return
    from undercity.engine.copying import snapshot

    keep: list[Waiting] = []
    for w in waiting:
        if not isinstance(w.when, NextSpellCast) or w.controller != e.player or w.turn != s.turn:
            keep.append(w)
            continue
        item = next((it for it in s.stack if it.obj == e.obj), None)
        triggers.add_inherent(g, w.controller, w.source_name, KIND, w.text, w.effects, "603.7", source=w.source,
                              targets=w.targets, spell=e.obj, spell_lki=snapshot(item, g) if item else None)
    s.extra[DELAYED] = keep


@handles(CreateReflexiveTrigger)
def h_reflexive(g: Game, job: Job, item: StackItem, e: CreateReflexiveTrigger, key: str) -> None:
    """CR 603.12: it triggers now and is put on the stack the next time a player would receive
    priority, its targets chosen then; its source and controller are the resolving ability's."""
    triggers.add_inherent(g, item.controller, item.source_name, KIND, e.text, e.effects, "603.12",
                          source=item.source, targets=e.targets)
