"""One-shot effects that move cards between zones (CR 400.7: a card that changes zones becomes a
new object): returning this card or a chosen card from a graveyard, putting a card from the
hand onto the battlefield (not playing it, CR 305.4), exiling a player's graveyard, and
exiling a permanent then returning it ("flicker"), shuffling a hand and graveyard into a library.
Handled by :mod:`undercity.engine.zone_moves`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import CREATURE, Amount, Condition, Count, Effect, Filter, Ref

# ---------------------------------------------------------------------------------------
# Effects.


@dataclass(frozen=True, slots=True)
class ReturnSourceCard(Effect):
    """Return the source card from ``from_zone`` to ``to`` — "return this card from your
    graveyard to your hand" (Dungeon Crawler). Does nothing if it has left that zone
    (CR 400.7: it would be a new object)."""

    from_zone: str = "graveyard"
    to: str = "hand"


@dataclass(frozen=True, slots=True)
class ExileThisSpell(Effect):
    """"Exile ~." as an instant or sorcery's instruction (Necromantic Selection): the resolving
    spell is exiled, so it isn't put into its owner's graveyard as the final part of its
    resolution (CR 608.2n); a copy of it isn't a card and ceases to exist (CR 707.10a)."""


@dataclass(frozen=True, slots=True)
class ReturnAttachmentToHand(Effect):
    """"When enchanted creature dies, … return ~ to its owner's hand": an Equipment still on the
    battlefield, or the card an Aura became in its owner's graveyard, put there with the creature
    or for no longer being attached to it (CR 400.7f, 704.5m), returns to its owner's hand — if
    it is still there."""


@dataclass(frozen=True, slots=True)
class ReturnUpToOne(Effect):
    """Return up to one card matching ``filter`` from your graveyard to ``to`` — not targeted,
    chosen on resolution — if ``if_`` holds then (Barrowin of Clan Undurr)."""

    filter: Filter = CREATURE
    to: str = "battlefield"
    if_: Condition | None = None


@dataclass(frozen=True, slots=True)
class ReturnChosenCard(Effect):
    """"Return a creature card from your graveyard to the battlefield tapped" (Port of Karfell),
    "you put a creature card from a graveyard onto the battlefield under your control" (Extract
    from Darkness): not targeted — one card matching ``filter`` is chosen as this resolves
    among those there then, if there is one (CR 608.2c-d), from its controller's graveyard or,
    with ``any_graveyard``, from any graveyard; it enters under the ability's controller's
    control (CR 110.2a)."""

    filter: Filter = CREATURE
    any_graveyard: bool = False
    tapped: bool = False
    #: "… with a number of +1/+1 counters on it equal to that result" (Grave Endeavor): it enters
    #: with them (CR 122.6), the amounts counted as this resolves.
    counters: tuple[tuple[str, Amount], ...] = ()


@dataclass(frozen=True, slots=True)
class PutFromHand(Effect):
    """"You may put a [``filter``] card from your hand onto the battlefield [tapped]" —
    chosen as this resolves, not cast (CR 608.2c; Scaled Herbalist, Terrain Generator)."""

    filter: Filter
    tapped: bool = False
    #: "with mana value less than or equal to that creature's power": the bound, counted as it
    #: resolves (CR 608.2h).
    max_mv: Count | None = None
    #: False: "Put a … card" without "you may" — one is put if the hand holds any (CR 608.2c).
    optional: bool = True


@dataclass(frozen=True, slots=True)
class PutFromHandAttached(Effect):
    """"Put an Aura card from your hand onto the battlefield attached to it" (Holy Avenger): an
    Aura card matching ``filter`` that could legally be attached to ``to``, chosen as this
    resolves; the effect says what it enchants (CR 303.4f), and it isn't cast (CR 608.2c)."""

    filter: Filter
    to: Ref


@dataclass(frozen=True, slots=True)
class ReturnAttachedTo(Effect):
    """"Return any number of target Aura and/or Equipment cards … from your graveyard to the
    battlefield attached to enchanted creature" (Mantle of the Ancients): the cards ``what``
    names that could still be attached to ``host`` as this resolves enter together, attached to
    it (CR 303.4f, 301.5c; the others stay where they are, rulings 2021-07-23)."""

    what: Ref
    host: Ref


@dataclass(frozen=True, slots=True)
class ExileGraveyardOf(Effect):
    """Exile each card in the graveyard of each player ``who`` names (Angel of Finality)."""

    who: Ref


@dataclass(frozen=True, slots=True)
class Flicker(Effect):
    """Exile ``what``, then return that card to the battlefield under its owner's control — a
    new object (CR 400.7); a token exiled this way ceases to exist and doesn't return
    (CR 111.7, 704.5d)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class ReturnUnderOwner(Effect):
    """"Return that card to the battlefield under its owner's control" (Galepowder Mage's
    delayed ability, CR 603.7): the card, if it is still the object named (CR 400.7), enters
    under its owner's control; a token that left the battlefield can't (CR 111.8). ``then``: "If
    you do, …" — done only if it returned (CR 608.2c), its "that creature" the returned permanent
    (:class:`ReturnedStat`)."""

    what: Ref
    then: tuple[Effect, ...] = ()
    #: "… with a -1/-1 counter on it" (persist, CR 702.79a, 122.6).
    counters: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class ReturnedStat(Count):
    """"That creature's toughness" after "return that card to the battlefield …. If you do, …"
    (Vanish into Memory): the power or toughness (``stat``) of the permanent returned, as it is
    now (CR 400.7: a new object; 0 if it isn't a creature, CR 208.3)."""

    what: str = "returned_stat"
    stat: str = "toughness"


@dataclass(frozen=True, slots=True)
class ShuffleHandAndGraveyard(Effect):
    """"Shuffle your hand and graveyard into your library" (CR 701.24a, 400.3): the cards of
    both zones put into the library, which is then shuffled."""


@dataclass(frozen=True, slots=True)
class ReturnAllFromGraveyard(Effect):
    """"Return all creature cards in your graveyard that were put there from the battlefield this
    turn to your hand", "Return those cards from your graveyard to the battlefield" (Revivify):
    every card of your graveyard matching ``filter`` as this resolves, moved as one event
    (CR 608.2c, 603.2c) — ``to`` ``"hand"`` or ``"battlefield"`` (under their owner's control, you:
    CR 110.2)."""

    filter: Filter
    to: str


@dataclass(frozen=True, slots=True)
class ExileThen(Effect):
    """"Exile up to one target creature card from an opponent's graveyard. If you do, [``then``]."
    (Uchuulon): ``then`` happens only if an object was exiled — not if no target was chosen, or
    the target was illegal as the ability resolved (CR 608.2b, 608.2c)."""

    what: Ref
    then: tuple[Effect, ...] = ()
