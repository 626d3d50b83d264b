"""Casting spells as an effect resolves, without paying their mana costs (CR 608.2g, 118.9):
"you may cast any number of spells from among those cards without paying their mana costs"
(Etali, Primal Storm; Fevered Suspicion), "cast any number of cards exiled with ~ without paying
their mana costs" (Izzet Chemister; CR 607.2a, linked abilities), "you may cast a spell from
among them without paying its mana cost" of cards chosen from an opponent's hand. Handled by
:mod:`undercity.engine.cast_during_resolution`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Amount, Effect, Filter, Ref


@dataclass(frozen=True, slots=True)
class CastAnyNumberFree(Effect):
    """Cast any number of spells, one after another, from among the cards an earlier effect of
    this ability exiled ("those cards", CR 608.2c) — or, with ``exiled_with``, the cards exiled
    with this ability's source (CR 607.2a) — matching ``filter`` ("those nonland cards"), without
    paying their mana costs (CR 118.9: no alternative cost; X is 0, 107.3b), while this resolves
    (CR 608.2g: timing permissions based on the card's type are ignored). A spell cast this way
    may target one cast before it (rulings 2021-03-19, Etali, Primal Storm); the cards not cast
    stay in exile. ``max_total_mv``: "with total mana value X or less" (counted as it resolves,
    CR 608.2h)."""

    exiled_with: bool = False
    filter: Filter = Filter()
    max_total_mv: Amount | None = None


@dataclass(frozen=True, slots=True)
class ChooseFromHandMayCastFree(Effect):
    """"Target opponent chooses X cards from their hand. Look at those cards. You may cast a spell
    from among them without paying its mana cost." (Extract Brain): ``who`` chooses ``n`` cards of
    their hand (all of them if they have no more, CR 608.2d), this effect's controller looks at
    them, then may cast one of them — a card another player owns, from that player's hand
    (CR 108.3) — without paying its mana cost, as this resolves (CR 608.2g, 118.9)."""

    who: Ref
    n: Amount


@dataclass(frozen=True, slots=True)
class CopyCardMayCast(Effect):
    """"[Exile target instant or sorcery card from a graveyard and] copy it. You may cast the copy
    [without paying its mana cost]." (Psionic Ritual, Demilich): with ``exile``, ``what`` is
    exiled first (CR 701.13a); then the card it names is copied — the copy created in the zone
    the card is in (CR 707.12) and owned by this effect's controller — and that player may cast
    the copy as this resolves (608.2g: timing permissions ignored), with ``free`` without paying
    its mana cost (118.9), else paying its costs (601.2). The copy is cast (707.12: "whenever you
    cast" sees it); a copy not cast ceases to exist when state-based actions are next checked
    (704.5e), as the one cast does when it leaves the stack for anywhere but the battlefield."""

    what: Ref
    exile: bool = False
    free: bool = False
