"""Damage divided as its controller chooses (CR 601.2d, 603.3d, 608.2b): choosing the targets
and the division, and dealing each legal target its part. The language's
:class:`~undercity.cards.language.divided.DamageDivided`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from undercity.cards.language.divided import DamageDivided
from undercity.engine import targeting
from undercity.engine.decisions import Option
from undercity.engine.effects import _legal, deal_damage, handles

if TYPE_CHECKING:
    from undercity.cards.model import TargetSpec
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem


def of(ability: Any) -> DamageDivided | None:
    """The divided damage of ``ability``'s effects, if it has one."""
    return next((e for e in getattr(ability, "effects", ()) if isinstance(e, DamageDivided)), None)


def choose_targets(g: Game, job: Job, key: str, player: int, spec: TargetSpec, source: int | None, name: str,
                   most: int) -> list[targeting.Target] | None:
    """One to ``most`` different targets for ``spec`` (CR 115.3, 601.2d: at least one); None if
    there is none to choose (CR 603.3d)."""
    chosen: list[targeting.Target] = []
    for k in range(most):
        cands = [c for c in targeting.candidates(g, spec, player, source) if c not in chosen]
        if not cands:
            break
        opts = [Option(targeting.describe(g, c), c) for c in cands]
        if k >= 1:
            opts.append(Option("no more targets", None))
        v = g.ask(job, f"{key}{k}", player, "target", f"choose target {k + 1} for {name}", opts)
        if v is None:
            break
        chosen.append(tuple(v))  # type: ignore[arg-type]
    return chosen or None


def ask_division(g: Game, job: Job, key: str, player: int, amount: int, targets: list[targeting.Target],
                 name: str) -> tuple[int, ...]:
    """How ``amount`` damage is divided among ``targets`` (CR 601.2d): each at least 1; the
    last target gets what is left."""
    out: list[int] = []
    left = amount
    for k, t in enumerate(targets[:-1]):
        most = left - (len(targets) - k - 1)
        what = targeting.describe(g, t)
        v = g.ask(job, f"{key}{k}", player, "divide", f"how much of {name}'s damage to {what}?",
                  [Option(f"{n} to {what}", n) for n in range(1, most + 1)],
                  {"target": t, "left": left, "targets_left": len(targets) - k})
        out.append(v)
        left -= v
    return (*out, left)


@handles(DamageDivided)
def h_damage_divided(g: Game, job: Job, item: StackItem, e: DamageDivided, key: str) -> None:
    """Each target still legal is dealt the part announced for it; an illegal target's part is
    lost (CR 608.2b)."""
    for i, t in enumerate(item.targets):
        if i < len(item.divide) and _legal(job, i):
            deal_damage(g, item.source, item.source_name, t, item.divide[i])
