"""Resolving spells and abilities (CR 608, 405.5).

The top object of the stack resolves when all players pass in succession. Targets are
checked first (CR 608.2b): if all are illegal it doesn't resolve; otherwise its effects
happen in order, skipping illegal targets. Permanent spells enter the battlefield
(CR 608.3); instants and sorceries go to the graveyard (CR 608.2n); copies cease to exist
(CR 707.10a, 704.5e).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from undercity.cards.model import Condition, SpellAbility, TargetSpec
from undercity.engine import (
    adventure,
    bestow,
    casting,
    divided,
    exiled_with,
    layers,
    modal,
    rebound,
    targeting,
    zones,
)
from undercity.engine import events as ev
from undercity.engine.continuous import ask_enters_as_copy
from undercity.engine.effects import HANDLERS
from undercity.engine.entering import ask as ask_as_enters
from undercity.engine.game import job_runner
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game


def target_specs(g: Game, item: StackItem) -> tuple[TargetSpec, ...]:
    a = item.ability
    if item.kind == "spell":
        o = g.s.objs.get(item.obj)
        if o is None:
            return ()
        # its characteristics on the stack: a spell cast bestowed is an Aura spell with enchant
        # creature (CR 702.103b), its target that
        card = layers.view(g, o) if g.s.effects else o.card
        if isinstance(a, SpellAbility) and a.divided:
            return tuple(a.targets[0] for _ in item.targets)
        if isinstance(a, SpellAbility) and card.spell is not None and a is not card.spell and not card.enchant:
            return a.targets  # cast with its text changed (overload, CR 702.96b)
        return casting.spell_target_specs(card, item.modes, item.x)
    if a is None:
        # a delayed or reflexive ability (CR 603.7, 603.12): its targets are in its data, and
        # are checked again like any other's (CR 608.2b)
        return tuple(item.trigger_data.get("targets", ()))
    if divided.of(a) is not None and len(a.targets) == 1:
        return tuple(a.targets[0] for _ in item.targets)  # one to N targets of one kind (CR 601.2d)
    # a modal trigger's chosen modes' (CR 700.2c); "up to X target …", X of its event (CR 701.37c)
    specs = casting.with_x_targets(modal.target_specs(a, item.modes), item.x)
    if specs and specs[-1].any_number:  # "any number of target …": one specification for each chosen
        return specs[:-1] + (specs[-1],) * (len(item.targets) - len(specs) + 1)
    return specs


#: How each typed condition of the card language (a ``model.Condition`` subclass: "if a
#: creature died this turn", "if you control …") is checked, registered with :func:`checks` by
#: the engine module of its concept: type -> fn(game, condition, controller) -> bool.
CHECKS: dict[type, Callable[[Game, Condition, int], bool]] = {}


def checks(cls: type) -> Callable[[Callable[[Game, Condition, int], bool]], Callable[[Game, Condition, int], bool]]:
    """Register ``fn(game, condition, controller)`` as the check of the condition type ``cls``."""

    def deco(fn: Callable[[Game, Condition, int], bool]) -> Callable[[Game, Condition, int], bool]:
        CHECKS[cls] = fn
        return fn

    return deco


def condition_holds(g: Game, cond: Condition | None, controller: int) -> bool:
    """Intervening "if" clauses (CR 603.4)."""
    if cond is None:
        return True
    p = g.s.players[controller]
    if cond.what == "completed_dungeon":
        return bool(p.completed)
    if cond.what == "have_initiative":
        return g.s.initiative == controller
    if cond.what == "revolt":
        return controller in g.s.extra.get("left_battlefield", ())
    check = CHECKS.get(type(cond))
    if check is not None:
        return check(g, cond, controller)
    raise ValueError(f"unknown condition {cond.what}")


def effects_of(g: Game, item: StackItem) -> tuple:
    a = item.ability
    if a is None:
        return tuple(item.trigger_data.get("effects", ()))
    return modal.effects(a, item.modes)  # a modal spell's or trigger's chosen modes (CR 700.2, 608.2c)


def _controlled_by_named(g: Game, spec: TargetSpec, t: tuple[str, int], item: StackItem) -> bool:
    """"target creature that player controls": still controlled by that player (CR 608.2b)."""
    from undercity.engine.attacked_players import controls_target

    return controls_target(g, spec, t, item.trigger_data)


def _within_tapped_power(g: Game, t: tuple[str, int], item: StackItem) -> bool:
    """"with power less than or equal to the tapped creature's power": still (CR 608.2b)."""
    from undercity.engine.each_opponent import within_tapped_power

    return within_tapped_power(g, t, item.trigger_data)


@job_runner("resolve")
def run_resolve(g: Game, job: Job) -> None:
    s = g.s
    # The resolving object is fixed when resolution starts: effects may put new objects on
    # top of it (copies), and a re-run after a choice must keep resolving the same one.
    sid = job.data.setdefault("item", s.stack[-1].id)
    item = next(it for it in s.stack if it.id == sid)
    if job.pc == 0:
        specs = target_specs(g, item)
        if specs and item.targets:
            legal = [targeting.still_legal(g, spec, t, item.controller, item.source)
                     and (spec.controlled_by is None or _controlled_by_named(g, spec, t, item))
                     and (not spec.max_power_of_tapped or _within_tapped_power(g, t, item))
                     for spec, t in zip(specs, item.targets, strict=False)]
            job.data["legal"] = legal
            if not any(legal) and bestow.begin_resolving(g, item):
                legal = job.data["legal"] = []  # CR 702.103e, 608.3b: it resolves as a creature spell
            elif not any(legal):  # CR 608.2b
                s.stack.remove(item)
                g.emit(ev.Fizzled(rule="608.2b", player=item.controller, name=item.name))
                if item.kind == "spell" and item.obj in s.objs:
                    zones.move(g, item.obj, "graveyard", rule="608.2b", verb="is put into the graveyard")
                _done(g, job)
                return
        cond = item.trigger_data.get("if")
        if cond is not None and not condition_holds(g, cond, item.controller):  # CR 603.4
            s.stack.remove(item)
            g.emit(ev.Note(rule="603.4", message=f"{item.name}: its condition is false; it does nothing"))
            _done(g, job)
            return
        job.pc = 1
    if item.kind == "spell":
        card = s.objs[item.obj].card
        if card.is_permanent_card:

            ask_enters_as_copy(g, job, item)  # CR 614.1c: "you may have it enter as a copy of …"

            ask_as_enters(g, job, "as_enters", item.obj, item.controller)  # CR 614.12a: "as it enters, choose"
            s.stack.remove(item)
            # an Aura by its enchant ability: printed, or gained as it was cast bestowed (CR 702.103b)
            enchant = card.enchant if not s.effects else layers.view(g, s.objs[item.obj]).enchant
            new = zones.move(g, item.obj, "battlefield", rule="608.3", verb="enters the battlefield",
                             controller=item.controller)
            if new is not None and enchant is not None and item.targets:
                if item.targets[0][0] == "p":
                    new.attached_player = item.targets[0][1]  # "Enchant player" (CR 303.4b, 608.3c)
                else:
                    new.attached_to = item.targets[0][1]  # CR 608.3c
            g.emit(ev.Resolved(rule="608.3", player=item.controller, name=item.name))
            _done(g, job)
            return
    effects = effects_of(g, item)
    optional = item.trigger_data.get("optional")
    if optional and job.pc == 1:
        from undercity.engine.decisions import Option

        yes = g.ask(job, "optional", item.controller, "yes_no", f"{item.name}: {item.text}? (you may)",
                    [Option("yes", True), Option("no", False)])
        if not yes:
            job.pc = len(effects) + 1
    while job.pc - 1 < len(effects):
        e = effects[job.pc - 1]
        HANDLERS[type(e)](g, job, item, e, f"e{job.pc}")
        job.pc += 1
    exiling = exiled_with.resolving_exile(g, job, item)  # "exile it instead … as it resolves" (CR 614.1a)
    if item in s.stack:  # a spell that put itself elsewhere as it resolved has left it (zones.move)
        s.stack.remove(item)
    g.emit(ev.Resolved(rule="608.2", player=item.controller, name=item.name))
    if item.kind == "spell" and item.obj in s.objs and not adventure.finish_resolving(g, item) \
            and not rebound.finish_resolving(g, item) \
            and not exiled_with.finish_resolving(g, item, exiling):  # CR 715.3d, 702.88a, 614.1a
        # CR 608.2n: an instant or sorcery goes to its owner's graveyard as the last step.
        zones.move(g, item.obj, "graveyard", rule="608.2n", verb="is put into the graveyard")
    _done(g, job)


def _done(g: Game, job: Job) -> None:
    s = g.s
    s.jobs.remove(job)  # not pop(): an effect may have pushed a job (a cast during resolution)
    s.priority = s.active  # CR 117.3b
    s.passes = 0
