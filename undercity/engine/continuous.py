"""Effects of the continuous-effect language (:mod:`undercity.cards.language.continuous`)
that resolve or replace: gaining control (layer 2, CR 613.1b) and entering the battlefield
as a copy (layer 1, CR 707.2, 614.1c). The effects themselves are applied by the layer
system (:mod:`undercity.engine.layers`), which this module also hooks to every event so that
control follows layer 2 at once (:func:`undercity.engine.layers.watch`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.continuous import CopyOf, EntersAsCopy, GainControl, GainControlOf
from undercity.engine import events as ev
from undercity.engine import layers, targeting, triggers
from undercity.engine.decisions import Option
from undercity.engine.effects import handles, ref_objects

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, Obj, StackItem

triggers.GLOBAL_WATCHERS.append(layers.watch)

_UNTIL_TEXT = {"source_controlled": "for as long as {player} controls {source}", "eot": "until end of turn",
               "always": ""}


@handles(GainControlOf)
def h_gain_control(g: Game, job: Job, item: StackItem, e: GainControlOf, key: str) -> None:
    """CR 613.1b: the ability's controller gains control. "For as long as you control [this]"
    ends at once if you no longer control it as the effect would begin (CR 611.2b)."""
    s = g.s
    if e.until not in _UNTIL_TEXT:
        raise ValueError(f"unknown duration {e.until!r} for gaining control; expected one of {sorted(_UNTIL_TEXT)}")
    src = s.objs.get(item.source) if item.source is not None else None
    if e.until == "source_controlled" and (src is None or src.zone != "battlefield"
                                           or src.controller != item.controller):
        g.emit(ev.Note(rule="611.2b", message=f"{g.player_name(item.controller)} no longer controls "
                                              f"{item.source_name}: gaining control does nothing"))
        return
    for oid in ref_objects(g, e.what, item, job):
        o = s.objs[oid]
        if o.zone != "battlefield":
            continue
        text = _UNTIL_TEXT[e.until].format(player=g.player_name(item.controller), source=item.source_name)
        g.emit(ev.EffectBegan(rule="613.1b", description=f"{g.player_name(item.controller)} gains control of "
                                                         f"{o.name}" + (f" {text}" if text else "")))
        layers.add_effect(g, oid, (GainControl(item.controller),), until=e.until, player=item.controller,
                          source=item.source)


#: ``State.extra`` key: object id of a permanent spell -> the copy effect it will enter with.
ENTERS_AS = "enters_as_copy"


def _enters_as(o: Obj) -> EntersAsCopy | None:
    return next((st for st in o.card.static if isinstance(st, EntersAsCopy)), None)


def _name(g: Game, o: Obj) -> str:
    """``o``'s name after copy effects (CR 707.2)."""
    c = layers.chars(g, o)
    return o.name if c is None else c.name


def ask_enters_as_copy(g: Game, job: Job, item: StackItem) -> None:
    """As a permanent spell with "you may have this enter as a copy of …" resolves, its
    controller chooses what it copies, or nothing (CR 614.1c, 707.2). Asked before it moves."""
    s = g.s
    o = s.objs.get(item.obj) if item.obj is not None else None
    st = _enters_as(o) if o is not None else None
    if st is None or o is None:
        return
    opts = [Option(f"{o.name} enters as a copy of {_name(g, s.objs[oid])}", oid) for oid in s.battlefield
            if targeting.matches(g, s.objs[oid], st.filter, item.controller)]
    opts.append(Option(f"{o.name} enters as itself", None))
    chosen = g.ask(job, "enters_as_copy", item.controller, "choose_card",
                   f"{g.player_name(item.controller)}: {st.text}", opts)
    if chosen is None:
        s.extra.get(ENTERS_AS, {}).pop(o.id, None)
        return
    base = layers.copy_values(g, s.objs[chosen])
    # CR 707.9b: the exceptions become part of the copy's copiable values.
    s.extra.setdefault(ENTERS_AS, {})[o.id] = (CopyOf(base.card, base.add_subtypes | st.add_subtypes,
                                                      base.add_abilities + st.add_abilities), _name(g, s.objs[chosen]))


def entering_copy(g: Game, o: Obj, new: Obj) -> None:
    """``o`` becomes ``new`` on the battlefield: if it was to enter as a copy, the copy effect
    applies as it enters (CR 614.1c), before anything sees it enter (its copied "enters"
    abilities trigger, CR 603.6a)."""
    pending = g.s.extra.get(ENTERS_AS)
    if not pending or o.id not in pending:
        return
    mod, name = pending.pop(o.id)
    if not pending:
        g.s.extra.pop(ENTERS_AS, None)
    layers.add_effect(g, new.id, (mod,), until="always", player=new.controller, source=new.id,
                      text=f"a copy of {name}")
    g.emit(ev.Note(rule="707.2", message=f"{o.name} enters as a copy of {name}"))
