"""Triggered abilities (CR 603).

:func:`check` looks at each event as it happens and records the abilities it triggers
(CR 603.2), with intervening "if" clauses checked then and again on resolution
(CR 603.4) and leaves-the-battlefield abilities looking back in time (CR 603.10).
The next time a player would receive priority, :func:`put_pending` puts them on the
stack: active player's first, then each other player's in turn order (APNAP, CR 603.3b),
each player choosing the order of their own and their targets (CR 603.3d).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from undercity.cards.language.defending_player import DEFENDING_YOU
from undercity.cards.model import Triggered
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import modal, targeting
from undercity.engine.decisions import Option
from undercity.engine.game import job_runner
from undercity.engine.state import Job, PendingTrigger, StackItem
from undercity.engine.teams import is_active, teammates

if TYPE_CHECKING:
    from undercity.cards.model import TargetSpec
    from undercity.engine.game import Game
    from undercity.engine.state import Obj



def _add(g: Game, o: Obj | None, a: Triggered, controller: int, source_name: str,
         **data: Any) -> None:
    from undercity.engine.resolve import condition_holds

    if a.if_ is not None and not condition_holds(g, a.if_, controller):
        return  # CR 603.4: doesn't trigger
    g.s.pending_triggers.append(PendingTrigger(controller, o.id if o else None, source_name, a, "card",
                                               data))


#: The public name of :func:`_add`, for rules modules that check their own events (dice).
add_pending = _add


def add_inherent(g: Game, controller: int, source_name: str, kind: str, text: str, effects: tuple[Any, ...],
                 rule: str, *, source: int | None = None, **data: Any) -> None:
    """A waiting triggered ability defined by the rules rather than a card's text: with no
    source, inherent to a designation (the monarch, CR 725.2; the initiative, CR 726.2), or
    of a keyword (cascade, CR 702.85a: ``source`` is the spell), controlled by ``controller``."""
    g.s.pending_triggers.append(PendingTrigger(
        controller, source, source_name, None, kind,
        {"effects": effects, "targets": (), "text": text, "rule": rule, **data}))


def watches(kind: str, *, steps: tuple[str, ...] | None = None) -> Any:
    """Register ``fn(game, event)`` as a trigger check for events of ``kind`` (CR 603.2):
    how a rules module (engine/dice.py, engine/draw_triggers.py) lets permanents' abilities
    see events. Checks registered for the same kind all run, in registration order. A check of
    ``step_began`` may name the ``steps`` it acts on ("at the beginning of your upkeep"):
    only their beginnings are offered to it."""

    def deco(fn: Any) -> Any:
        if steps is not None:
            fn.steps = frozenset(steps)
        _CHECKS[kind] = (*_CHECKS.get(kind, ()), fn)  # a tuple: check() loops over it per event
        _STEP_CHECKS.clear()
        _OFFERED.clear()
        _OFFERED_AT.clear()
        return fn

    return deco


#: step -> the checks of ``step_began`` offered its beginning, in registration order.
_STEP_CHECKS: dict[str, tuple[Any, ...]] = {}
#: event kind (step, for a step's beginning) -> what :func:`check` offers the event: the checks of
#: its kind, then the watchers that read it.
_OFFERED: dict[str, tuple[Any, ...]] = {}
_OFFERED_AT: dict[str, tuple[Any, ...]] = {}


def _step_checks(step: str) -> tuple[Any, ...]:
    fns = _STEP_CHECKS.get(step)
    if fns is None:
        fns = _STEP_CHECKS[step] = tuple(fn for fn in _CHECKS.get("step_began", ())
                                         if step in getattr(fn, "steps", (step,)))
    return fns


def _has_triggers(card: Any) -> bool:
    return bool(card.triggered)


def reads(*events: type[ev.Event] | str) -> Callable[[Any], Any]:
    """Declare what a watcher of :func:`_watchers` acts on: the event classes (with their
    subclasses) or kinds it does anything for; :func:`check` offers it only those. A watcher
    without a declaration is offered every event. ``tests/property/test_trigger_watchers.py``
    offers each the events it isn't offered, and fails if one acts on them."""

    def deco(fn: Any) -> Any:
        fn.reads = events
        return fn

    return deco


def check(g: Game, e: ev.Event) -> None:
    """Record the triggered abilities that event ``e`` triggers (CR 603.2)."""
    before = len(g.s.pending_triggers)
    k = e.kind
    if k == "step_began":
        fns = _OFFERED_AT.get(e.step)  # type: ignore[attr-defined]
        if fns is None:
            fns = _OFFERED_AT[e.step] = _step_checks(e.step) + watchers_of(k)  # type: ignore[attr-defined]
    else:
        fns = _OFFERED.get(k)
        if fns is None:
            fns = _OFFERED[k] = _CHECKS.get(k, ()) + watchers_of(k)
    for fn in fns:
        fn(g, e)
    if len(g.s.pending_triggers) <= before:  # nothing triggered: the usual case
        return
    if k == "attack_declared":
        from undercity.engine import additional_triggers

        additional_triggers.after_attack(g, e, before)  # type: ignore[arg-type]  # CR 603.2d
    elif k == "zone_changed":
        from undercity.engine import opponent_enters

        opponent_enters.after_enter(g, e, before)  # type: ignore[arg-type]  # CR 603.2: an ability triggering


_EVERY_EVENT: tuple[Any, ...] = ()


def watchers_of(kind: str) -> tuple[Any, ...]:
    """The watchers of :func:`_watchers` offered events of ``kind``: those declaring a class
    or a subclass of one with that kind, or the kind itself (:func:`reads`), or nothing."""
    return tuple(w for w in _watchers() if getattr(w, "reads", None) is None or kind in _kinds(w.reads))


def _kinds(declared: tuple[type[ev.Event] | str, ...]) -> set[str]:
    out: set[str] = set()
    todo = list(declared)
    while todo:
        c = todo.pop()
        if isinstance(c, str):
            out.add(c)
        else:
            out.add(c.kind)
            todo += c.__subclasses__()
    return out


def _watchers() -> tuple[Any, ...]:
    """The rules modules whose trigger events (CR 603.2) are checked for every event, besides
    those registered for one kind with :func:`watches`, in this order: cascade (702.85),
    commanders (903.9a), control changes of the layer system (613.1b), dealing damage,
    the events of ``event_triggers``, the initiative (726) and the monarch (725)."""
    global _EVERY_EVENT
    if not _EVERY_EVENT:
        from undercity.engine import (
            cascade,
            commander,
            deals_damage,
            event_triggers,
            initiative,
            layers,
            monarch,
        )

        _EVERY_EVENT = (cascade.watch, commander.watch, layers.watch, deals_damage.watch, event_triggers.watch,
                     initiative.watch, monarch.watch)
    return _EVERY_EVENT


def _zone_changed(g: Game, e: ev.ZoneChanged) -> None:
    s = g.s
    if e.to_zone == "battlefield":
        new = s.objs.get(e.new_obj)
        if new is not None:
            for o, trig in ab.with_triggered(g, ch.permanents_with(s, _has_triggers)):
                oid = o.id
                for a in trig:
                    w = a.when
                    if w.event != "enters":
                        continue
                    if w.filter is None:
                        if oid == new.id:
                            _add(g, o, a, o.controller, o.name, object=new.id)
                    elif (targeting.matches(g, new, w.filter, o.controller, oid)
                          and (w.whose != "you" or new.controller == o.controller)):
                        _add(g, o, a, o.controller, o.name, object=new.id)
    if e.from_zone == "battlefield":
        lki = s.lki.get(e.obj)
        if lki is None:
            return
        # CR 603.10a: leaves-the-battlefield abilities look back in time.
        for a in lki.get("triggered", lki["card"].triggered):
            w = a.when
            if (w.event == "dies" and e.to_zone == "graveyard" and "Creature" in lki["types"]) or (
                    w.event == "put_into_graveyard" and e.to_zone == "graveyard") or (
                    w.event == "leaves" and (w.to_zone is None or w.to_zone == e.to_zone)):
                # ``left``: the permanent as it last existed (CR 608.2h: "the +1/+1 counters on ~").
                _add(g, None, a, lki["controller"], lki["name"], object=e.new_obj, left=e.obj)


def _has_beginning(card: Any) -> bool:
    """The battlefield index's predicate of the cards with an "at the beginning of [a step]"
    trigger: one index for every step (a step's own would be brought up to date once a turn
    each), and most steps begin with none on the battlefield."""
    return any(a.when.event == "beginning_of" for a in card.triggered)


def _step_began(g: Game, e: ev.StepBegan) -> None:
    s = g.s
    # Pre-filtered by card. While some permanent's abilities aren't its card's (layer 6),
    # with_triggered appends those after the pre-filtered ones, so the pre-filter is then the
    # one of every check (any trigger): the waiting abilities keep their order. Most steps
    # begin with no such ability on the battlefield: then nothing more is asked.
    if ab.plain(g):
        ids = ch.permanents_with(s, _has_beginning)
        if not ids:
            return
    else:
        ids = ch.permanents_with(s, _has_triggers)
    for o, trig in ab.with_triggered(g, ids):
        for a in trig:
            w = a.when
            if w.event == "beginning_of" and w.step == e.step and (
                    w.whose == "each"
                    # "each opponent's [step]": once per opponent's turn (CR 805.4d)
                    or (targeting._is_opponent(g, o.controller, s.active) if w.whose == "opponent"
                        else is_active(g, o.controller))):
                _add(g, o, a, o.controller, o.name)


def _spell_cast(g: Game, e: ev.SpellCast) -> None:
    s = g.s
    spell = s.objs.get(e.obj)
    if spell is None or e.copy:  # a copy isn't cast (CR 707.10)
        return
    for o, trig in ab.with_triggered(g, ch.permanents_with(s, _has_triggers)):
        oid = o.id
        for a in trig:
            w = a.when
            if w.event != "cast" or o.controller != e.player:
                continue
            if w.nth is not None and s.players[e.player].spells_cast_this_turn != w.nth:
                continue
            if targeting.matches(g, spell, w.filter, o.controller, oid):
                from undercity.engine.copying import snapshot

                item = next((it for it in s.stack if it.obj == e.obj), None)
                if w.from_zone is not None and (item is None or item.trigger_data.get("from_zone") != w.from_zone):
                    continue  # "a spell ... from your hand"
                _add(g, o, a, o.controller, o.name, spell=e.obj,
                     spell_lki=snapshot(item, g) if item is not None else None)


def _attack_declared(g: Game, e: ev.AttackDeclared) -> None:
    s = g.s
    att = s.objs.get(e.attacker)
    if att is None:
        return
    defending = s.combat.attackers.get(att.id) if s.combat else None
    d = defending[1] if defending and defending[0] == "p" else (
        s.objs[defending[1]].controller if defending and defending[1] in s.objs else None)
    for o, trig in ab.with_triggered(g, ch.permanents_with(s, _has_triggers)):
        oid = o.id
        for a in trig:
            w = a.when
            if w.event != "attacks":
                continue
            if w.filter is None:
                if oid == att.id:
                    _add(g, o, a, o.controller, o.name, defending=d, object=att.id)
                continue
            if not targeting.matches(g, att, w.filter, o.controller, oid):
                continue
            if w.whose == "you" and att.controller != o.controller:
                continue
            if w.whose == "opponent" and (d is None or defending[0] != "p"
                                          or not targeting._is_opponent(g, o.controller, d)):
                continue  # "attacks one of your opponents": that player, not a planeswalker (CR 508.3a)
            if w.whose == DEFENDING_YOU and d != o.controller:
                continue  # "if you're the defending player" (CR 603.4, 506.2)
            _add(g, o, a, o.controller, o.name, defending=d, object=att.id)


_BY_KIND: dict[str, Any] = {
    "zone_changed": _zone_changed, "step_began": _step_began, "spell_cast": _spell_cast,
    "attack_declared": _attack_declared,
}
#: Event kind -> the checks of that kind, in order: this module's own first, then those
#: registered with :func:`watches` (other rules modules import this one before registering).
_CHECKS: dict[str, tuple[Any, ...]] = {kind: (fn,) for kind, fn in _BY_KIND.items()}


def put_pending(g: Game) -> bool:
    """Put waiting triggered abilities on the stack; True if there were any."""
    s = g.s
    if not s.pending_triggers:
        return False
    g.push("triggers", pending=s.pending_triggers)
    s.pending_triggers = []
    return True


def _label(t: PendingTrigger) -> str:
    text = t.ability.text if t.ability is not None else t.data.get("text", "")
    return f"{t.source_name}: {text}"


#: Trigger data naming objects (the object that entered, died or attacked; the spell cast).
_OBJECT_DATA = ("object", "spell")


def object_identity(g: Game, oid: Any) -> Any:
    """What could make an object's part in an ability's result differ from another's.

    A card in a graveyard, hand, library or exile is its card, owner and counters; a permanent
    is every part of its state but its id and timestamp — as long as nothing else refers to it
    (an Aura on it, an effect on it, combat). Anything else is only itself."""
    s = g.s
    o = s.objs.get(oid) if isinstance(oid, int) and not isinstance(oid, bool) else None
    if o is None:
        return ("itself", oid)
    if o.zone in ("graveyard", "hand", "library", "exile"):
        return (o.card, o.owner, o.zone, o.token, tuple(sorted(o.counters.items())))
    if o.zone != "battlefield" or (s.combat is not None and (
            oid in s.combat.attackers or oid in getattr(s.combat, "blockers", {}))) or any(
            getattr(e, "obj", None) == oid or getattr(e, "source", None) == oid for e in s.effects) or any(
            s.objs[x].attached_to == oid for x in s.battlefield) or _linked(s.extra, oid):
        return ("itself", oid)
    return (o.card, o.owner, o.controller, o.tapped, o.sick, tuple(sorted(o.counters.items())), o.damage,
            o.deathtouched, o.token, o.attached_to, o.goaded_by, o.is_copy, o.x, o.corpse_exile)


def lki_identity(g: Game, oid: Any) -> Any:
    """What could make a permanent that left (a trigger's ``left``: its last known information,
    CR 608.2h) count differently from another: its card, controller, counters, power, toughness."""
    lki = g.s.lki.get(oid)
    if lki is None:
        return ("itself", oid)
    return (lki["card"], lki["controller"], tuple(sorted(lki["counters"].items())), lki["power"], lki["toughness"])


def _linked(extra: dict[str, Any], oid: int) -> bool:
    """Whether rules state kept for objects (``State.extra``: what a permanent exiled "until it
    leaves" (CR 610.3), loyalty used, …) mentions ``oid`` — then its part may differ."""
    for v in extra.values():
        if isinstance(v, dict):
            if oid in v or any(x == oid or (isinstance(x, list | tuple | set | frozenset) and oid in x)
                               for x in v.values()):
                return True
        elif isinstance(v, list | tuple | set | frozenset) and oid in v:
            return True
    return False


def trigger_identity(g: Game, t: PendingTrigger) -> tuple[Any, ...]:
    """Two waiting triggered abilities with the same identity are indistinguishable: the same
    ability, controller and source name, from sources and about objects that differ in nothing
    (two copies of a card with the same "when ... dies" trigger dying at once), with the same
    data. Putting one or the other on the stack first leads to the same game (up to which
    copy is which), so their order is no choice (CR 603.3b). Targets are chosen after the
    order (CR 603.3d), so they don't tell abilities apart."""
    data = tuple(sorted((k, object_identity(g, v) if k in _OBJECT_DATA else lki_identity(g, v) if k == "left"
                         else repr(v)) for k, v in t.data.items()))
    return (t.controller, t.kind, t.ability, t.source_name, object_identity(g, t.source), data)


def _distinct(g: Game, ids: list[int], pending: list[PendingTrigger]) -> list[int]:
    """The first of each kind of indistinguishable triggered ability among ``ids``."""
    seen: set[tuple[Any, ...]] = set()
    out = []
    for i in ids:
        ident = trigger_identity(g, pending[i])
        if ident not in seen:
            seen.add(ident)
            out.append(i)
    return out


@job_runner("triggers")
def run_put_triggers(g: Game, job: Job) -> None:
    s = g.s
    pending: list[PendingTrigger] = job.data["pending"]
    living = s.living()
    n = len(s.players)
    apnap = [(s.active + k) % n for k in range(n)]
    stack_order: list[int] = []  # indexes into pending, in the order put on the stack
    done: set[int] = set()
    for p in apnap:
        # CR 603.3b, APNAP; with shared team turns each team puts all the abilities its players
        # control on the stack in the order it chooses, the active team first (CR 805.7). The
        # team's first player in this order decides for it (its primary player, CR 805.2).
        if p in done or p not in living:
            continue
        group = [q for q in apnap if q in teammates(g, p) and q in living]
        done.update(group)
        mine = [i for i, t in enumerate(pending) if t.controller in group]
        if not mine:
            continue
        whose = "your team's" if len(group) > 1 else "your"
        shared = len({pending[i].controller for i in mine}) > 1  # say whose each ability is

        def label(i: int, shared: bool = shared) -> str:
            t = pending[i]
            text = _label(t)
            if "attacked" in t.data:  # the attacked player each trigger is for (CR 508.3e)
                text += f" (that player: {s.players[t.data['attacked']].name})"
            if "opponent" in t.data and "tapped" in t.data:  # one per opponent (engine.each_opponent)
                o = s.objs.get(t.data["tapped"])
                tapped = o.name if o is not None else (s.lki.get(t.data["tapped"]) or {}).get("name", "?")
                text += f" (that player: {s.players[t.data['opponent']].name}; the tapped creature: {tapped})"
            return f"{text} (controlled by {s.players[t.controller].name})" if shared else text

        resolve_order: list[int] = []
        while len(resolve_order) < len(mine) - 1:
            rest = [i for i in mine if i not in resolve_order]
            opts = [Option(label(i), i) for i in _distinct(g, rest, pending)]
            k = len(resolve_order)
            resolve_order.append(g.ask(job, f"order{p}:{k}", p, "order_triggers",
                                       f"{s.players[p].name}: which of {whose} triggered abilities resolves "
                                       f"{'first' if k == 0 else 'next'}?", opts,
                                       {"abilities": [label(i) for i in rest]}))
        resolve_order += [i for i in mine if i not in resolve_order]
        stack_order += list(reversed(resolve_order))
    # Modes (CR 603.3c, 700.2b), then targets (CR 603.3d), asked in the order the abilities go
    # on the stack.
    chosen: dict[int, list[targeting.Target] | None] = {}
    divisions: dict[int, tuple[int, ...]] = {}  # CR 601.2d, 603.3d: damage divided as chosen
    modes: dict[int, tuple[int, ...]] = {}
    for i in stack_order:
        t = pending[i]
        if modal.is_modal(t.ability):
            modes[i] = modal.choose_modes(g, job, i, t)
            if not modes[i]:
                chosen[i] = None  # CR 700.2b: no mode chosen, removed from the stack
                continue
        specs = (modal.target_specs(t.ability, modes.get(i, ())) if t.ability is not None
                 else t.data.get("targets", ()))
        if specs and specs[-1].x_count:  # "up to X target …", X of the trigger event (CR 701.37c, 603.3d)
            from undercity.engine.casting import with_x_targets

            specs = with_x_targets(specs, t.data.get("x", 0))
        from undercity.engine import divided

        div = divided.of(t.ability)
        if div is not None and len(specs) == 1 and isinstance(div.amount, int):
            # "N damage divided as you choose among any number of targets": one to N different
            # targets, then the division, as it is put on the stack (CR 603.3d, 601.2c-d).
            chosen[i] = divided.choose_targets(g, job, f"t{i}:", t.controller, specs[0], t.source,
                                               t.source_name, div.max_targets)
            if chosen[i] is not None:
                divisions[i] = divided.ask_division(g, job, f"d{i}:", t.controller, div.amount,
                                                    chosen[i], t.source_name)  # type: ignore[arg-type]
            continue
        tl: list[targeting.Target] | None = []
        for j, spec in enumerate(specs):
            if spec.any_number:  # "any number of target creatures": none or more, all different (CR 115.3)
                tl += _any_number(g, job, i, j, spec, t)  # type: ignore[operator]
                continue
            cands = targeting.candidates(g, spec, t.controller, t.source)
            if spec.controlled_by is not None:  # "target creature that player controls" (CR 115.1)
                from undercity.engine.attacked_players import controls_target

                cands = [c for c in cands if controls_target(g, spec, c, t.data)]
            if spec.max_power_of_tapped:  # "… less than or equal to the tapped creature's power"
                from undercity.engine.each_opponent import within_tapped_power

                cands = [c for c in cands if within_tapped_power(g, c, t.data)]
            if spec.same_word and tl:  # "other targets": different from those chosen before (CR 115.3)
                from undercity.engine.casting import same_word_chosen

                cands = [c for c in cands if c not in same_word_chosen(specs, j, tl)]
            if not cands and not spec.optional:
                tl = None  # CR 603.3d: removed from the stack
                break
            v = g.ask(job, f"t{i}:{j}", t.controller, "target",
                      f"choose {spec.text or 'a target'} for {t.source_name}'s ability",
                      [Option(targeting.describe(g, c), c) for c in cands]
                      + ([Option("no target", None)] if spec.optional else []))
            if v is not None:  # "up to one target": none chosen
                tl.append(tuple(v))  # type: ignore[union-attr, arg-type]
        chosen[i] = tl
    for i in stack_order:
        t = pending[i]
        a = t.ability
        text = a.text if a is not None else t.data.get("text", "")
        tl = chosen[i]
        if tl is None and i in modes and not modes[i]:
            g.emit(ev.Note(rule="700.2b", message=f"no mode is chosen for {t.source_name}'s ability "
                                                  "and it is removed"))
            continue
        if tl is None:
            g.emit(ev.Note(rule="603.3d", message=f"{t.source_name}'s ability has no legal targets "
                                                  "and is removed"))
            continue
        item = StackItem(s.new_id(), "triggered", None, t.source, t.source_name, t.controller, a,
                         f"{t.source_name} trigger", text)
        item.targets = tl
        item.x = t.data.get("x")  # X of the trigger event ("When ~ becomes monstrous", CR 701.37c)
        item.modes = modes.get(i, ())
        item.divide = divisions.get(i, ())
        item.trigger_data = dict(t.data)
        if "copy_link" in t.data:  # opponent_enters.COPY_LINK: a trigger waits to copy it (CR 707.10)
            t.data["copy_link"]["item"] = item
        if a is not None and getattr(a, "if_", None) is not None:
            item.trigger_data["if"] = a.if_
        if a is not None and getattr(a, "optional", False):
            item.trigger_data["optional"] = True
        s.stack.append(item)
        g.emit(ev.AbilityTriggered(rule=t.data.get("rule", "603.3a"), player=t.controller, source=t.source,
                                   name=t.source_name, ability=text,
                                   targets=tuple(targeting.describe(g, x) for x in tl)))
        if item.modes:
            g.emit(ev.Note(rule="603.3c", player=t.controller, message=f"{t.source_name}'s ability: mode "
                           + "; ".join(a.modes[n].text for n in item.modes)))
    s.jobs.pop()
    s.passes = 0  # new objects on the stack: everyone must pass again (CR 117.4)


def _any_number(g: Game, job: Job, i: int, j: int, spec: TargetSpec, t: Any) -> list[targeting.Target]:
    """The targets chosen for an "any number of target …" specification (the ``j``-th, the last, of
    pending trigger ``i``) as the ability is put on the stack (CR 603.3d, 601.2c): one at a time,
    each different (CR 115.3), until "no more"; the k-th is target ``j + k``, asked as that."""
    chosen: list[targeting.Target] = []
    while True:
        cands = [c for c in targeting.candidates(g, spec, t.controller, t.source) if c not in chosen]
        if not cands:
            return chosen
        v = g.ask(job, f"t{i}:{j + len(chosen)}", t.controller, "target",
                  f"choose {spec.text or 'a target'} for {t.source_name}'s ability ({len(chosen)} chosen)",
                  [Option(targeting.describe(g, c), c) for c in cands]
                  + [Option("no more targets" if chosen else "no target", None)])
        if v is None:
            return chosen
        chosen.append(tuple(v))  # type: ignore[arg-type]
