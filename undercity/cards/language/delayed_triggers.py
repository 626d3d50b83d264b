"""Delayed triggered abilities (CR 603.7): an effect that creates an ability triggering later —
"Return that card to the battlefield under its owner's control at the beginning of the next
end step", "At the beginning of your next upkeep, …", "Sacrifice that token at end of combat";
and reflexive ones, "When you do, …" (CR 603.12).
Handled by :mod:`undercity.engine.delayed_triggers`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Ref, TargetSpec


@dataclass(frozen=True, slots=True)
class NextStep:
    """When a delayed triggered ability triggers: as the first ``step`` (an engine step name,
    ``"end"``, ``"upkeep"``, ``"end-of-combat"``) to begin after it was created (CR 603.7b,
    513.2: one created during that step waits for the next one) — of any turn, or with
    ``yours`` only of its controller's turns ("your next upkeep"), or with ``next_turn`` only of
    a later turn ("the next turn's upkeep")."""

    step: str
    yours: bool = False
    next_turn: bool = False


@dataclass(frozen=True, slots=True)
class NextSpellCast:
    """When a delayed triggered ability triggers: as its controller next casts a spell this turn
    (CR 603.7b, 601.2i): "When you cast your next spell this turn, …"; "that spell" is it."""


#: "when you cast your next spell this turn"
NEXT_SPELL_CAST = NextSpellCast()
#: "at the beginning of the next end step"
NEXT_END_STEP = NextStep("end")
#: "at end of combat" (CR 511.2): as the end of combat step begins.
END_OF_COMBAT = NextStep("end-of-combat")


@dataclass(frozen=True, slots=True)
class CreateDelayedTrigger(Effect):
    """Create a delayed triggered ability (CR 603.7a) that does ``effects`` ``when`` says. Its
    source and controller are those of the spell or ability creating it (603.7d-e).

    ``about`` is the object the delayed ability refers to ("that card", "it": the ability's
    ``TRIGGER_OBJECT``), fixed as this resolves: the object an earlier effect of the same
    ability moved to ``zone`` (the card exiled, the creature put onto the battlefield), or the
    object itself if ``zone`` is None. If it isn't there, or later leaves that zone, it is a new
    object the delayed ability doesn't affect (CR 603.7c, 400.7)."""

    when: NextStep | NextSpellCast
    effects: tuple[Effect, ...]
    text: str
    about: Ref | None = None
    zone: str | None = None
    #: The delayed ability's own targets, chosen as it is put on the stack (CR 603.7, 603.3d).
    targets: tuple[TargetSpec, ...] = ()


@dataclass(frozen=True, slots=True)
class CreateReflexiveTrigger(Effect):
    """"When you do, …" (CR 603.12): a reflexive triggered ability, created by the resolving
    spell or ability only if its optional action was taken (the "if you do" it stands in),
    triggering at once; its ``targets`` are chosen as it is put on the stack (603.3d), after
    the resolving object has finished resolving."""

    effects: tuple[Effect, ...]
    text: str
    targets: tuple[TargetSpec, ...] = ()
