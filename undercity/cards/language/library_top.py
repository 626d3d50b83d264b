"""Looking at the top of a library and sorting those cards (CR 401.5: a library's cards may be
looked at only as an effect allows; CR 401.4: cards put on the top or bottom of a library),
handled by :mod:`undercity.engine.library_top`:

- "Look at the top N cards of your library. Put one of them into your hand and the rest into
  your graveyard." (Warlock Class): ``LookPutOneIntoHand(n=N)``;
- every sentence family "Look at the top N cards of your library. Put one of them into your
  hand and the rest on the bottom of your library in any order." / "You may reveal a creature
  card from among them and put it into your hand. Put the rest on the bottom of your library in
  a random order." / "…, then put them back in any order.": one ``LookAtTop``;
- "Put target creature on the bottom of its owner's library", "put target creature card from
  your graveyard on top of your library": ``PutOnLibrary``;
- the static "You may look at the top card of your library any time." (CR 401.5):
  :class:`LookAtTopAnyTime`, asked by the seat's views (``library_top.top_seen_by``).

**For the Oracle-text compiler.** ``cards/text/lower.py`` reads those sentences into these
effects; anything it can't say with their fields is refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import CREATURE, YOU, Amount, Effect, Filter, Ref, Static

#: Where the cards looked at go (CR 401.4, 404.1, 403.1).
HAND, BATTLEFIELD, GRAVEYARD, TOP, BOTTOM = "hand", "battlefield", "graveyard", "top", "bottom"
#: "You may exile a creature card from among them. … For as long as that card remains exiled, you
#: may cast it." (Durnan of the Yawning Portal): exiled face up (CR 406.3), castable by the player
#: who looked (``LookAtTop.cast_while_exiled``).
EXILE = "exile"


@dataclass(frozen=True, slots=True)
class LookPutOneIntoHand(Effect):
    """Look at the top ``n`` cards of your library; put one of them into your hand and the rest
    into your graveyard (fewer if the library holds fewer, CR 401.5)."""

    n: int


@dataclass(frozen=True, slots=True)
class LookAtTop(Effect):
    """Look at the top ``n`` cards of your library (fewer if it holds fewer, CR 401.5) and sort
    them: ``take`` of them (None: any number) that match ``filter`` go to ``to`` — revealed
    first if ``reveal`` (CR 701.20a), onto the battlefield ``tapped`` —; with ``up_to`` the
    player may take fewer, none ("you may reveal a creature card from among them and put it into
    your hand"). The rest go to ``rest``: on top or on the bottom of the library in an order the
    player chooses (CR 401.4) or, with ``random``, in a random order; or into the graveyard."""

    n: Amount
    take: int | None = 1
    up_to: bool = False
    filter: Filter | None = None
    reveal: bool = False
    to: str = HAND
    tapped: bool = False
    rest: str = BOTTOM
    random: bool = False
    #: Whose library (CR 401.5: "look at the top card of target player's library").
    whose: Ref = YOU
    #: "a Cleric card, a Rogue card, … and/or a Wizard card": at most one card for each filter, each
    #: card counting for one filter it matches (``take`` is their number, ``filter`` unused).
    filters: tuple[Filter, ...] = ()
    #: ``to`` EXILE: "For as long as that card remains exiled, you may cast it" (CR 611.2b), at its
    #: normal timing paying its costs (CR 601.2); "That spell has undaunted" (CR 702.125a) is
    #: ``undaunted``.
    cast_while_exiled: bool = False
    undaunted: bool = False


@dataclass(frozen=True, slots=True)
class ExileTopPutAny(Effect):
    """"Exile the top ``n`` cards of your library. You may put any number of [``filter``] cards
    from among them onto the battlefield." (CR 406.3, 608.2c): the rest stay exiled."""

    n: Amount
    filter: Filter | None = None


@dataclass(frozen=True, slots=True)
class PutOnLibrary(Effect):
    """Put the object ``what`` names on top of (``top``) or on the bottom of its owner's library
    (CR 400.3: a card goes to its owner's library; CR 401.4)."""

    what: Ref
    top: bool = True


@dataclass(frozen=True, slots=True)
class PutBeneathTop(Effect):
    """"Put target creature into its owner's library just beneath the top X cards of that
    library" (Underdark Rift): the object ``what`` names put into its owner's library with ``n``
    cards above it — on the bottom if the library has fewer (ruling 2021-07-23; CR 401.4)."""

    what: Ref
    n: Amount


@dataclass(frozen=True, slots=True)
class LookRevealToHand(Effect):
    """Look at the top ``n`` cards of your library; you may reveal a card matching ``filter``
    from among them and put it into your hand; if it's legendary you gain ``legendary_life``
    life; put the rest on the bottom of your library in a random order (Ellywick Tumblestrum)."""

    n: int
    filter: Filter = CREATURE
    legendary_life: int = 0


@dataclass(frozen=True, slots=True)
class LookTopPutLand(Effect):
    """"Look at the top card of your library. If it's a land card, you may put it onto the
    battlefield [``tapped``]." With ``bottom``: "If you don't put the card onto the battlefield,
    you may put it on the bottom of your library." (Explorer's Scope, Lantern of Revealing); with
    ``else_hand``: "…, put it into your hand." (Risen Reef)."""

    bottom: bool = False
    tapped: bool = True
    else_hand: bool = False


@dataclass(frozen=True, slots=True)
class RevealUntilIntoGraveyard(Effect):
    """"Each opponent reveals cards from the top of their library until they reveal a land card,
    then puts those cards into their graveyard" (Consuming Aberration): each player ``who``
    names reveals from the top until a card matching ``filter`` (all of the library if none
    does, CR 701.20a), then puts every card revealed — that one too — into their graveyard.
    Not milling (CR 701.17a names only "mill")."""

    who: Ref
    filter: Filter


@dataclass(frozen=True, slots=True)
class ShuffleInRevealTop(Effect):
    """"The owner of target permanent shuffles it into their library, then reveals the top card
    of their library. If it's a permanent card, they put it onto the battlefield." (Chaos Warp):
    the permanent ``what`` names goes into its owner's library (CR 400.3), that player shuffles
    (CR 701.24a) and reveals the top card (CR 701.20a); a card matching ``put`` enters the
    battlefield under their control, else it stays on top."""

    what: Ref
    put: Filter


@dataclass(frozen=True, slots=True, eq=False)
class LookAtTopAnyTime(Static):
    """"You may look at the top card of your library any time." (CR 401.5): its controller may
    see the top card of their library — a view of their own, no action and no stack (ruling
    2021-07-23, Galea, Kindler of Hope)."""

    kind: str = "look_at_top_any_time"
