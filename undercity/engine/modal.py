"""Modal triggered abilities (CR 700.2, 700.2b, 603.3c): "When …, choose one —".

A :class:`~undercity.cards.model.Triggered` with ``modes`` has its modes chosen by its
controller as it is put on the stack (CR 603.3c), before its targets (603.3d): only the
targets of the chosen modes are chosen (700.2c), a mode whose targets can't be chosen can't be
chosen (700.2b), and an ability for which no mode is chosen ("choose up to one —" answered
with none, or no legal mode) is removed from the stack (700.2b). The chosen modes are the stack
item's ``modes``, as for a modal spell, so resolving (CR 608.2c) and copying (700.2g) read them
the same way.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import TYPE_CHECKING, Any

from undercity.cards.model import Ref, TargetSpec, Triggered
from undercity.engine import targeting
from undercity.engine.decisions import Option

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, PendingTrigger

#: The option value of "no more modes" (as for casting a modal spell, CR 601.2b).
NO_MORE = -1


def is_modal(a: Any) -> bool:
    """``a`` is a modal triggered ability (CR 700.2)."""
    return isinstance(a, Triggered) and bool(a.modes)


def choose_modes(g: Game, job: Job, i: int, t: PendingTrigger) -> tuple[int, ...]:
    """CR 603.3c, 700.2b: the modes the controller of the pending trigger ``i`` of ``job``
    chooses for it — each legal mode at most once (700.2d), between the fewest and the most
    it allows; () if none is chosen or none is legal."""
    a = t.ability
    assert isinstance(a, Triggered)
    lo, hi = a.choose
    picked: list[int] = []
    for k in range(hi):
        opts = [Option(md.text, n) for n, md in enumerate(a.modes) if n not in picked
                and all(s.optional or targeting.candidates(g, s, t.controller, t.source) for s in md.targets)]
        if k >= lo or not opts:
            opts.append(Option("no more modes", NO_MORE))
        v = g.ask(job, f"m{i}:{k}", t.controller, "mode", f"choose a mode for {t.source_name}'s ability", opts,
                  {"ability": a.text})
        if v == NO_MORE:
            break
        picked.append(v)
    return tuple(sorted(picked))


def target_specs(a: Any, modes: tuple[int, ...]) -> tuple[TargetSpec, ...]:
    """The targets of a triggered ability: a modal one's are those of its chosen modes, in
    order (CR 700.2c)."""
    if is_modal(a):
        return tuple(s for n in modes for s in a.modes[n].targets)
    return tuple(getattr(a, "targets", ()) or ())


def effects(a: Any, modes: tuple[int, ...]) -> tuple[Any, ...]:
    """What a triggered ability or a spell does: a modal one's chosen modes, in the order printed
    (CR 700.2, 608.2c). Each mode numbers its own targets from 0; on the stack they follow those of the
    modes before it (:func:`target_specs`), so its references are shifted past them."""
    if not getattr(a, "modes", ()):
        return tuple(getattr(a, "effects", ()))
    out: list[Any] = []
    offset = 0
    for n in modes:
        md = a.modes[n]
        out += [shift_targets(e, offset) for e in md.effects]
        offset += len(md.targets)
    return tuple(out)


def shift_targets(x: Any, offset: int) -> Any:
    """``x`` with every reference to target ``i`` (and to its controller) made ``i + offset``."""
    if offset == 0:
        return x
    if isinstance(x, Ref):
        return replace(x, i=x.i + offset) if x.kind in ("target", "target_controller") else x
    if isinstance(x, tuple):
        return tuple(shift_targets(y, offset) for y in x)
    if is_dataclass(x) and not isinstance(x, type):
        changed = {f.name: v for f in fields(x) if f.init
                   and (v := shift_targets(getattr(x, f.name), offset)) is not getattr(x, f.name)}
        return replace(x, **changed) if changed else x
    return x
