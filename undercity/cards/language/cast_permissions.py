"""Permissions to play or cast a card from a zone other than the hand (CR 601.2, 608.2g, 118.9):
"you may play that card this turn [without paying its mana cost]", "you may cast that card
without paying its mana cost", "you may cast [it] from your graveyard". Handled by
:mod:`undercity.engine.cast_permissions`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import YOU, Amount, Condition, Effect, Filter, Ref, Static, T, Trigger


@dataclass(frozen=True, slots=True)
class ExileTopPlayThisTurn(Effect):
    """Exile the top card of your library; you may play it this turn — without paying its
    mana cost if ``free_if`` holds as this resolves (Caves of Chaos Adventurer)."""

    free_if: Condition | None = None


#: "Whenever you play a card from exile": you cast a spell from exile or play a land from exile
#: (CR 701.18b: to play a card is to play it as a land or cast it as a spell), handled by
#: :mod:`undercity.engine.played_from_exile`.
YOU_PLAY_FROM_EXILE = "you_play_from_exile"
#: "Whenever you cast a spell from exile or a land enters the battlefield under your control from
#: exile" (CR 601.2a, 603.6a: a land put onto the battlefield from exile, played or not).
YOU_CAST_FROM_EXILE_OR_LAND_FROM_EXILE = "you_cast_from_exile_or_land_from_exile"


@dataclass(frozen=True, slots=True)
class ExileTopPlay(Effect):
    """Exile the top ``n`` cards of your library; you may play them this turn or, with
    ``next_turn``, until the end of your next turn (CR 611.2a: the permission lasts that long;
    playing them follows the normal rules, CR 305.1, 601.2). Commune with Lava, Prosper's Mystic
    Arcanum."""

    n: Amount
    next_turn: bool = False
    #: "you may cast spells from among them": spells only, no land (CR 305.9).
    cast_only: bool = False
    #: "If this spell was cast from a graveyard, you may play cards this way without paying their
    #: mana costs" (Ignite the Future).
    free_if_cast_from_graveyard: bool = False
    #: Whose libraries: "exile the top card of each opponent's library" (Stolen Strategy); the
    #: permission is still the controller's (CR 108.3: cards they don't own).
    whose: Ref = YOU
    #: "you may spend mana as though it were mana of any color to cast those spells" (CR 609.4b).
    any_color: bool = False
    #: "You may play those cards for as long as they remain exiled" (Brainstealer Dragon, CR
    #: 611.2b): the permission lasts while the card stays in exile, across turns.
    while_exiled: bool = False
    #: "… as though it were mana of any type to cast those spells" (CR 609.4b, 118.14: colorless too).
    any_type: bool = False


@dataclass(frozen=True, slots=True)
class ExileTopChooseOnePlay(Effect):
    """"Exile the top three cards of target opponent's library. Choose one of them. Until the end
    of your next turn, you may play that card, and you may spend mana as though it were mana of any
    color to cast it." (You Find Some Prisoners): the ``n`` cards of ``whose`` library are exiled
    (CR 406.3: face up), the controller chooses one, and only that one may be played by them
    (CR 611.2a; 609.4b); the others stay exiled (ruling 2021-07-23)."""

    n: Amount
    whose: Ref
    any_color: bool = False


@dataclass(frozen=True, slots=True)
class ExileMayCast(Effect):
    """"Exile target creature. Until the end of your next turn, you may cast that card and you
    may spend mana as though it were mana of any color to cast that spell." (Hurl Through Hell):
    the card exiled — not a token, which ceases to exist (CR 111.7) — may be cast by this
    effect's controller, at its normal timing and paying its costs (CR 601.2; ruling 2021-07-23:
    an animated land card can't be played this way)."""

    what: Ref
    any_color: bool = False
    #: "You may cast it this turn, and you may spend mana as though it were mana of any type to
    #: cast that spell. If that spell would be put into a graveyard this turn, exile it instead."
    #: (Dire Fleet Daredevil): this turn only (CR 611.2a), mana of any type (CR 609.4b, 118.14 —
    #: colorless too), exiled instead of going to a graveyard (CR 614.1a).
    this_turn: bool = False
    any_type: bool = False
    exile_instead: bool = False


@dataclass(frozen=True, slots=True)
class ExileFromHandMayPlay(Effect):
    """"That player exiles a card from their hand. You may play that card for as long as it
    remains exiled." (Fiend of the Shadows): ``who`` chooses a card of their own hand and exiles
    it face up (CR 406.3); this effect's controller may play it — a land play at normal timing
    (CR 305.1) or a spell paying its costs (CR 601.2) — while it stays in exile (CR 611.2b)."""

    who: Ref


@dataclass(frozen=True, slots=True)
class MayCastWhileExiled(Effect):
    """"You may cast that card for as long as it remains exiled[, and you may spend mana as though
    it were mana of any type to cast that spell]" (Hostage Taker): after an earlier effect of the
    ability exiled ``what``, that card — the object in exile, CR 400.7 — may be cast by this
    effect's controller at its normal timing, paying its costs (CR 601.2), until it leaves exile
    (CR 611.2b); with ``any_type`` its mana may be of any type (CR 609.4b, 118.14)."""

    what: Ref
    any_type: bool = False


@dataclass(frozen=True, slots=True)
class ExileUntilNonlandCastFree(Effect):
    """Exile cards from the top of your library until you exile a nonland card; you may cast
    that card without paying its mana cost (CR 608.2g, 118.9). Sarevok's Tome."""


@dataclass(frozen=True, slots=True)
class ExileUntilCastFree(Effect):
    """``who`` exiles cards from the top of their library until they exile a card matching
    ``filter``; the controller may cast that card without paying its mana cost as this resolves
    (CR 608.2g, 118.9); with ``rest_bottom``, the exiled cards not cast this way then go on the
    bottom of that library in a random order (CR 401.4). Chaos Wand."""

    who: Ref
    filter: Filter
    rest_bottom: bool = False


@dataclass(frozen=True, slots=True)
class MayCastFromHandFree(Effect):
    """"You may cast a spell with mana value 5 or less from your hand without paying its mana
    cost" (Rishkar's Expertise): while this resolves (CR 608.2g: timing permissions ignored), one
    card of the controller's hand matching ``filter`` (CR 118.9: no alternative cost); "… with
    mana value less than or equal to the other result …" (Arcane Endeavor): at most ``max_mv``,
    counted as it resolves."""

    filter: Filter = Filter()
    max_mv: Amount | None = None


@dataclass(frozen=True, slots=True)
class MayCastFromGraveyard(Effect):
    """"You may cast ``what`` from your graveyard" while this resolves (CR 608.2g, 601.2),
    paying its costs. ``exile_instead``: "If a spell cast from your graveyard this way would
    be put into your graveyard, exile it instead" (CR 614.1a)."""

    what: Ref = T(0)
    exile_instead: bool = False


@dataclass(frozen=True, slots=True)
class MayCastWithoutPaying(Effect):
    """"You may cast target instant or sorcery card from an opponent's graveyard without paying
    its mana cost" (Memory Plunder): cast while this resolves (CR 608.2g: timing permissions
    based on its type are ignored, other restrictions apply), its mana cost not paid
    (CR 118.9); nothing happens if it can't be cast, and it stays where it is."""

    what: Ref = T(0)


@dataclass(frozen=True, slots=True, eq=False)
class PlayExiledWith(Static):
    """"During your turn, if an opponent lost life this turn, you may play lands and cast spells
    from among cards exiled with ~." (Theater of Horrors; CR 601.2, 305.1, 607.2a): during its
    controller's turn, while ``condition`` holds, they may play the cards its linked ability exiled
    — following the normal timing rules, a land as their land play, a spell paying its costs
    (rulings 2019-01-25). Offered by ``cast_permissions.exiled_with_options``."""

    kind: str = "play_exiled_with"
    condition: Condition | None = None
    #: "During your turn" (CR 500: the turn of the player, or of their team, 805.4).
    during_your_turn: bool = False
    #: "During each player's turn, that player may …" (Share the Spoils): every player, during
    #: their own turn, whoever controls this permanent.
    each_player: bool = False
    #: "play a land or cast a spell": one card each turn for each player, land or spell (ruling
    #: 2021-07-23, Share the Spoils).
    one_each_turn: bool = False
    #: "and they may spend mana as though it were mana of any color to cast that spell" (CR 609.4b).
    any_color: bool = False


@dataclass(frozen=True, slots=True, eq=False)
class CastFromTopOfLibrary(Static):
    """"You may cast Aura and Equipment spells from the top of your library." (CR 601.3: a
    permission): its controller may cast the top card of their library if it matches ``filter``,
    at its normal timing and paying its costs (rulings 2021-07-23, Galea, Kindler of Hope).
    Offered by ``cast_permissions.top_of_library_options``."""

    kind: str = "cast_from_top_of_library"
    filter: Filter = Filter()


@dataclass(frozen=True, slots=True, eq=False)
class PayRatherThanManaCost(Static):
    """"Once each turn, you may pay {0} rather than pay the mana cost for a creature spell you cast
    from exile." (Tlincalli Hunter; CR 118.9, 601.2b, 601.2f): an alternative cost its controller
    may choose for a spell matching ``filter`` they cast from exile — with whatever permission lets
    them cast it there, at its normal timing — once each turn for each permanent with the ability
    (``once_each_turn``). Only one alternative cost can be paid (CR 118.9a); additional costs and
    cost increases still apply (CR 118.9d, 601.2f). Offered by ``cast_permissions.rather_options``."""

    kind: str = "pay_rather_than_mana_cost"
    filter: Filter = Filter()
    once_each_turn: bool = False


#: :class:`PlayedThisWay`'s event.
PLAYED_THIS_WAY = "played_this_way"


@dataclass(frozen=True, slots=True)
class PlayedThisWay(Trigger):
    """"When they do" in the paragraph of a :class:`PlayExiledWith` permission (CR 607.2h: linked
    to it): a player played a land or cast a spell from among the cards exiled with this
    permanent, with its permission (CR 305.1, 601.2i). "Their" is that player
    (:data:`~undercity.cards.language.event_triggers.CASTER`). Detected by
    :mod:`undercity.engine.cast_permissions`."""

    event: str = PLAYED_THIS_WAY


#: :class:`CastThisWay`'s event.
CAST_THIS_WAY = "cast_this_way"


@dataclass(frozen=True, slots=True)
class CastThisWay(Trigger):
    """"When you cast an Equipment spell this way" in the paragraph of a "you may cast … from the
    top of your library" permission (CR 607.2h: linked to it): a spell matching ``filter`` its
    controller cast from the top of their library with this permanent's permission (CR 601.2i).
    Detected by :mod:`undercity.engine.cast_permissions`; "it" is the spell."""

    event: str = CAST_THIS_WAY


@dataclass(frozen=True, slots=True)
class NextSpellFlash(Effect):
    """"The next spell you cast this turn can be cast as though it had flash" (Ride the Avalanche;
    CR 702.8a, 601.3): its controller may cast a spell any time they could cast an instant, until
    they next cast a spell this turn. Asked by ``casting.timing_ok``."""
