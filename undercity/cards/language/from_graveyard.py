"""Abilities that work while their card is in a graveyard (CR 113.6m).

"{1}{B}: Return this card from your graveyard to the battlefield tapped." (Reassembling
Skeleton): an ability whose effect moves the object it's on out of a particular zone
functions only in that zone (CR 113.6m), so it is activated from its owner's graveyard, not
from the battlefield (CR 602.2). Its handler and the listing of such abilities with priority
are in :mod:`undercity.engine.from_graveyard`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.language.continuous import Continuous
from undercity.cards.model import Effect, Ref, Static, Trigger


@dataclass(frozen=True, slots=True)
class ReturnSelf(Effect):
    """Return this card from its owner's graveyard ``to`` the ``battlefield`` (``tapped``; under
    its owner's control, CR 110.2 — the ability's controller, who owns the card) or to its
    owner's ``hand``. If the card left the graveyard before this resolves it is a new object
    (CR 400.7) and nothing happens."""

    to: str
    tapped: bool = False
    #: An Aura returned "attached to target creature": the object it enchants (CR 303.4f).
    attach_to: Ref | None = None


@dataclass(frozen=True, slots=True)
class EntersWhileInGraveyard(Trigger):
    """"Whenever a Dragon enters the battlefield under your control, you may pay {R}. If you do,
    return ~ from your graveyard to your hand." (Spit Flame): a triggered ability whose effect
    returns its card from the graveyard functions only there (CR 113.6m) — a permanent matching
    ``filter`` entering under the control of the card's owner (``whose="you"``)."""

    event: str = "enters_while_in_graveyard"


@dataclass(frozen=True, slots=True, eq=False)
class InGraveyard(Continuous):
    """"As long as ~ is in your graveyard and you control a Mountain, creatures you control have
    haste." (Anger): a static ability that functions only while its card is in its owner's
    graveyard (CR 113.6b) — never on the battlefield — making the continuous effects ``mods`` to
    ``affects`` while ``cond`` holds for that player, its controller (CR 113.8, 604.1). Its
    timestamp is the card's as it was put there (CR 613.7a; ruling 2004-10-04, Anger); the layer
    system asks :func:`undercity.engine.from_graveyard.static_sources` for such cards."""

    kind: str = "in_graveyard"


def static_in_graveyard(st: Static) -> InGraveyard:
    """The static ability ``st`` (a :class:`Continuous` of the battlefield's kind) made to function
    from its card's graveyard instead (CR 113.6b)."""
    assert type(st) is Continuous
    return InGraveyard(st.text, affects=st.affects, mods=st.mods, cond=st.cond)
