"""Cards exiled by an ability and found again later (CR 607.2a, linked abilities; CR 406.6):
"exile the top four cards … from among those cards …" within one ability, and "cards exiled
with [this permanent]" across its abilities (Journey to the Lost City). The handlers are
:mod:`undercity.engine.exiled_with`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from undercity.cards.model import (
    CREATURE,
    YOU,
    Activated,
    Amount,
    Count,
    Effect,
    ExileIt,
    Filter,
    Ref,
    Triggered,
)


@dataclass(frozen=True, slots=True)
class ExileTopRemember(Effect):
    """Exile the top ``n`` cards of your library (face up, CR 406.3): for the rest of the
    ability they are "those cards", and they are "exiled with" the ability's source. ``whose``:
    "the top card of each player's library" (Etali, Primal Storm), one event for all of them."""

    n: int
    whose: Ref = YOU


@dataclass(frozen=True, slots=True)
class ExileUntilRemember(Effect):
    """"Each opponent exiles cards from the top of their library until they exile a nonland card"
    (CR 701.13a, 401.1): each of ``who`` in turn order (CR 101.4) exiles cards until one matches
    ``filter`` (all of their library if none does); every card exiled is one of "those cards" for
    the rest of the ability (Fevered Suspicion's "those nonland cards" are the ones matching)."""

    who: Ref
    filter: Filter


@dataclass(frozen=True, slots=True)
class ExileLinked(Effect):
    """An ``ExileIt`` of an ability linked to one that refers to the cards "exiled with" this
    object (CR 607.2a: Izzet Chemister's "Exile target instant or sorcery card from your
    graveyard"): the card exiled is recorded as exiled with the ability's source."""

    what: Ref


@dataclass(frozen=True, slots=True)
class PutOneOfThose(Effect):
    """"You may put a [``filter``] card from among those cards onto the battlefield" (under
    the ability's controller)."""

    filter: Filter


@dataclass(frozen=True, slots=True)
class PutExiledWith(Effect):
    """"Put all [``filter``] cards exiled with [this] onto the battlefield" (under the
    ability's controller; CR 607.2a). ``permanent=True``: permanent cards (CR 110.4b)."""

    permanent: bool = True


@dataclass(frozen=True, slots=True)
class ReturnExiledWith(Effect):
    """"Return up to X cards from among cards exiled with ~ to their owners' hands" (Bag of
    Devouring; CR 607.2a, 400.3): the ability's controller chooses up to ``n`` of the cards its
    source's linked abilities exiled, still in exile; each goes to its owner's hand. The source
    may have left (sacrificed to pay the cost): the cards are still the ones exiled with it."""

    n: Amount


@dataclass(frozen=True, slots=True)
class AmongThose(Count):
    """"the number of [``filter``] cards among those cards" (the cards of this ability, CR 607.2a)."""

    what: str = "among_those"


def among_those(flt: Filter = CREATURE) -> Count:
    """"for each [``flt``] card among those cards"."""
    return AmongThose(filter=flt)


def refers_to_exiled_with(e: Effect) -> bool:
    """Whether ``e`` refers to the cards "exiled with" its ability's source (CR 607.2a)."""
    from undercity.cards.language.cast_during_resolution import CastAnyNumberFree

    return isinstance(e, PutExiledWith | ReturnExiledWith) or isinstance(e, CastAnyNumberFree) and e.exiled_with


def link_exiles(activated: list[Activated], triggered: list[Triggered]) -> tuple[list[Activated], list[Triggered]]:
    """CR 607.2a: an activated or triggered ability printed on an object that exiles cards and one
    that refers to cards "exiled with [this object]" are linked — so when some ability of the card
    refers to them, each ``ExileIt`` of its abilities exiles with the object (``ExileLinked``)."""
    if not any(refers_to_exiled_with(e) for a in (*activated, *triggered) for e in a.effects):
        return activated, triggered

    def linked(effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
        return tuple(ExileLinked(e.what) if isinstance(e, ExileIt) else e for e in effects)

    return ([replace(a, effects=linked(a.effects)) for a in activated],
            [replace(t, effects=linked(t.effects)) for t in triggered])


@dataclass(frozen=True, slots=True)
class ExileAsItResolves(Effect):
    """"Whenever a player casts an instant or sorcery spell, exile it instead of putting it into a
    graveyard as it resolves." (Rod of Absorption): a replacement effect (CR 614.1a) on the spell
    the trigger names — if it resolves, it's exiled "with" this ability's source (CR 607.2a)
    instead of being put into its owner's graveyard (CR 608.2n); countered, it isn't. With several
    such effects its controller chooses which one exiles it (CR 616.1)."""
