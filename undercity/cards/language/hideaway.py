"""Hideaway (CR 702.75) and the ability linked to it, "you may play the exiled card without
paying its mana cost if …" (CR 607.2a, 118.9). Handled by :mod:`undercity.engine.hideaway`.

"Hideaway" printed without a number is "Hideaway 4" and "[This permanent] enters tapped"
(CR 702.75b): the compiler lowers the keyword to that trigger and that static ability.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Activated, Condition, Effect, Static, Trigger, Triggered

#: The text of the trigger "Hideaway 4" means (CR 702.75a).
HIDEAWAY_TEXT = ("When this permanent enters, look at the top {n} cards of your library. Exile one of them face "
                 "down and put the rest on the bottom of your library in a random order.")


@dataclass(frozen=True, slots=True)
class Hideaway(Effect):
    """Look at the top ``n`` cards of your library, exile one of them face down (its controller
    may look at it, CR 406.3) and put the rest on the bottom in a random order (CR 702.75a)."""

    n: int = 4


@dataclass(frozen=True, slots=True)
class PlayExiledFree(Effect):
    """"You may play the exiled card without paying its mana cost if ``only_if``": the card
    exiled with this permanent's hideaway (CR 607.2a), played as this resolves (CR 608.2g:
    timing ignored; a land only with a land play left on your turn, CR 305.2b, 305.3); the
    condition is checked as it resolves."""

    only_if: Condition | None = None


def hideaway_abilities(n: int) -> tuple[Triggered, Static]:
    """"Hideaway N" (CR 702.75a) and, for a card printed with "Hideaway" alone, "[this] enters
    tapped" (CR 702.75b)."""
    return (Triggered(HIDEAWAY_TEXT.format(n=n), when=Trigger("enters"), effects=(Hideaway(n),)),
            Static("Hideaway (this permanent enters tapped)", kind="enters_tapped"))


def linked(activated: list[Activated], triggered: list[Triggered]) -> bool:
    """Whether every "the exiled card" of these abilities has the hideaway trigger it refers to
    (CR 607.2a: linked abilities of one card)."""
    uses = any(isinstance(e, PlayExiledFree) for a in activated for e in a.effects)
    return not uses or any(isinstance(e, Hideaway) for a in triggered for e in a.effects)
