"""Copying spells and triggered abilities (CR 707.10).

A copy is put onto the stack, not cast (so "whenever you cast" doesn't trigger). It copies
the spell's characteristics and every decision made for it — modes, X, targets, division
of damage, additional costs paid, the times it was kicked (CR 707.10). Its controller may choose new targets
(CR 707.10c): any target may stay, even an illegal one; a changed target must be legal,
and a target with no other legal choice stays unchanged. A copy of a permanent spell
becomes a token as it resolves (CR 608.3f); a copy leaving the stack otherwise ceases to
exist (CR 707.10a). The spell is copied from its last known information if it has left the
stack (ruling 2022-06-10, Tomb of Horrors Adventurer). A copy of a triggered ability
(:func:`copy_ability`) has the same source (707.10b) and every choice made for it; its
controller is the player who put it on the stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from undercity.cards import model as m
from undercity.cards.language.bestow import ENCHANT_CREATURE
from undercity.cards.language.continuous import AddAbilities
from undercity.cards.language.spell_copies import CopySpellGaining, CopyThatAbility, CopyThisSpell
from undercity.engine import bestow, kicker, layers, targeting
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.engine.effects import handles
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj


def snapshot(item: StackItem, g: Game) -> dict[str, Any]:
    """What a copy needs of a spell, taken when the copy effect triggers (its LKI)."""
    o = g.s.objs[item.obj] if item.obj is not None else None
    return {"card": o.card if o else None, "targets": list(item.targets), "x": item.x, "modes": item.modes,
            "divide": item.divide, "controller": item.controller, "name": item.name, "ability": item.ability,
            "source": item.obj, "target_names": [targeting.describe(g, tuple(t)) for t in item.targets],
            "additional": list(item.trigger_data.get("additional") or ()),
            "kicked": kicker.times_kicked(g, item.obj) if item.obj is not None else 0,
            "bestowed": item.obj is not None and bool(g.s.effects) and bestow.is_bestowed(g, item.obj)}


def _target_name(g: Game, t: tuple, snap: dict[str, Any], i: int) -> str:
    """How the log names a copy's target: a target kept from the original that has since
    left the game's view (a countered spell) keeps the name it had."""
    if t[0] == "o" and t[1] not in g.s.objs and t[1] not in g.s.lki and i < len(snap.get("target_names", ())):
        if i < len(snap["targets"]) and tuple(snap["targets"][i]) == tuple(t):
            return snap["target_names"][i]
    return targeting.describe(g, t)


def copy_spell(g: Game, job: Job, key: str, snap: dict[str, Any], controller: int, *, new_targets: bool) -> Obj:
    """Put one copy of the spell described by ``snap`` on the stack under ``controller``; the copy."""
    from undercity.engine.resolve import target_specs

    s = g.s
    card = snap["card"]
    probe = StackItem(0, "spell", None, None, card.name, controller, snap["ability"], card.name)
    probe.targets = list(snap["targets"])
    probe.modes = snap["modes"]
    specs = _specs(g, card, probe, target_specs)
    if snap.get("bestowed"):
        specs = (ENCHANT_CREATURE,)  # CR 702.103c: the copy is a bestowed Aura spell too
    targets = list(snap["targets"])
    if new_targets:
        targets = _new_targets(g, job, key, specs, targets, controller, snap["source"], card.name)
    o = g.create_object(card, controller, "stack")
    o.is_copy = True
    o.x = snap["x"]
    kicker.record(g, o.id, snap.get("kicked", 0))  # CR 707.10: kicked as often as the spell
    if snap.get("bestowed"):
        bestow.cast_bestowed(g, o.id, controller, copy=True)  # CR 702.103c
    item = StackItem(s.new_id(), "spell", o.id, o.id, card.name, controller, snap["ability"], card.name)
    item.is_copy = True
    item.targets = [tuple(t) for t in targets]
    item.x = snap["x"]
    item.modes = snap["modes"]
    item.divide = snap["divide"]
    item.trigger_data["additional"] = list(snap.get("additional") or ())  # CR 707.10: not paid, but copied
    s.stack.append(item)
    g.emit(ev.SpellCast(rule="707.10", player=controller, obj=o.id, name=card.name, copy=True,
                        targets=tuple(_target_name(g, tuple(t), snap, i) for i, t in enumerate(item.targets)),
                        x=item.x, modes=item.modes))
    return o


def _new_targets(g: Game, job: Job, key: str, specs: tuple[m.TargetSpec, ...], targets: list[Any],
                 controller: int, source: int | None, name: str) -> list[Any]:
    """The copy's targets: each kept or changed to a legal one (CR 707.10c)."""
    targets = list(targets)
    for i, (spec, cur) in enumerate(zip(specs, targets, strict=False)):
        cands = [c for c in targeting.candidates(g, spec, controller, source) if c != tuple(cur)]
        if not cands:
            continue  # ruling: with no new legal target, it remains unchanged
        opts = [Option(f"keep {targeting.describe(g, tuple(cur))}", tuple(cur))] + [
            Option(targeting.describe(g, c), c) for c in cands]
        targets[i] = tuple(g.ask(job, f"{key}:t{i}", controller, "target",
                                 f"copy of {name}: choose a new target {i + 1} or keep it", opts))
    return targets


def copy_ability(g: Game, job: Job, key: str, orig: StackItem, controller: int, *, new_targets: bool) -> StackItem:
    """Put a copy of the triggered or activated ability ``orig`` (on the stack, or as it last was
    there) on the stack under ``controller`` (CR 707.10): the same source (707.10b), modes, X,
    targets (changeable, 707.10c) and division; the copy."""
    from undercity.engine.opponent_enters import COPIES, COPY_LINK
    from undercity.engine.resolve import target_specs

    s = g.s
    targets = list(orig.targets)
    if new_targets:
        targets = _new_targets(g, job, key, target_specs(g, orig), targets, controller, orig.source, orig.name)
    item = StackItem(s.new_id(), orig.kind, None, orig.source, orig.source_name, controller, orig.ability,
                     orig.name, orig.text)
    item.is_copy = True
    item.targets = [tuple(t) for t in targets]
    item.x, item.modes, item.divide = orig.x, orig.modes, orig.divide
    item.trigger_data = {k: v for k, v in orig.trigger_data.items() if k not in (COPY_LINK, COPIES)}
    s.stack.append(item)
    aimed = f" targeting {', '.join(targeting.describe(g, tuple(t)) for t in item.targets)}" if item.targets else ""
    g.emit(ev.Note(rule="707.10", player=controller,
                   message=f"{g.player_name(controller)} puts a copy of {orig.name} on the stack{aimed}"))
    return item


@handles(CopyThatAbility)
def h_copy_that_ability(g: Game, job: Job, item: StackItem, e: CopyThatAbility, key: str) -> None:
    """"Copy that ability": the ability this trigger saw trigger, as it is or last was on the
    stack (CR 707.10); nothing if it never got there (removed for want of targets, 603.3d)."""
    from undercity.engine.opponent_enters import COPIES

    orig = (item.trigger_data.get(COPIES) or {}).get("item")
    if orig is None or job.data.get(f"{key}:done"):
        return
    copy_ability(g, job, f"{key}:c", orig, item.controller, new_targets=e.new_targets)
    job.data[f"{key}:done"] = True


def _specs(g: Game, card: Any, probe: StackItem, target_specs: Any) -> tuple[m.TargetSpec, ...]:
    sa = probe.ability
    if isinstance(sa, m.SpellAbility) and sa.divided:
        return tuple(sa.targets[0] for _ in probe.targets)
    from undercity.engine.casting import spell_target_specs

    return spell_target_specs(card, probe.modes, probe.x)


@handles(m.CopySpell)
def h_copy_spell(g: Game, job: Job, item: StackItem, e: m.CopySpell, key: str) -> None:
    from undercity.engine.resolve import condition_holds

    snap = item.trigger_data.get("spell_lki")
    if snap is None or snap.get("card") is None:
        return
    n = e.times_if if e.if_ is not None and condition_holds(g, e.if_, item.controller) else e.times
    done = job.data.setdefault(f"{key}:done", 0)
    for k in range(done, n):
        copy_spell(g, job, f"{key}:c{k}", snap, item.controller, new_targets=e.new_targets)
        job.data[f"{key}:done"] = k + 1


@handles(CopyThisSpell)
def h_copy_this_spell(g: Game, job: Job, item: StackItem, e: CopyThisSpell, key: str) -> None:
    """"If this spell was cast from a graveyard, you may copy this spell and may choose a new
    target for the copy" (CR 707.10, 707.10c): a copy isn't cast (its zone cast from is none)."""
    if item.is_copy or e.cast_from is not None and item.trigger_data.get("from_zone") != e.cast_from:
        return
    if e.optional and not g.ask(job, f"{key}:copy", item.controller, "yes_no",
                                f"{g.player_name(item.controller)}: copy {item.name}?",
                                [Option(f"copy {item.name}", True), Option("no", False)]):
        return
    if job.data.get(f"{key}:done"):
        return
    copy_spell(g, job, f"{key}:c", snapshot(item, g), item.controller, new_targets=True)
    job.data[f"{key}:done"] = True


@handles(CopySpellGaining)
def h_copy_spell_gaining(g: Game, job: Job, item: StackItem, e: CopySpellGaining, key: str) -> None:
    """"Copy it. You may choose new targets for the copy. If it's a permanent spell, the copy
    gains haste and "…"" (CR 707.10, 707.10c): the abilities the copy of a permanent spell gains
    stay with the token it becomes (400.7a, 608.3f)."""
    snap = item.trigger_data.get("spell_lki")
    if snap is None or snap.get("card") is None or job.data.get(f"{key}:done"):
        return
    o = copy_spell(g, job, f"{key}:c", snap, item.controller, new_targets=e.new_targets)
    job.data[f"{key}:done"] = True
    if o.card.is_permanent_card and (e.keywords or e.abilities):
        # With no duration (CR 611.2a); continuous.spell_effects_continue moves it to the token
        # the copy becomes (CR 112.4), its timestamp kept (613.7b).
        layers.add_effect(g, o.id, (AddAbilities(e.abilities, e.keywords),), until="always", source=o.id,
                          player=item.controller, text="a copy that gained abilities")
