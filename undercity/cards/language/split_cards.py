"""Split cards (CR 709) and aftermath (CR 702.127): one card with two castable halves, each its
own set of characteristics — a name, a mana cost, a type line and a text box.

A definition says what each half does::

    split_card("Dusk // Dawn", halves=(SpellAbility("Destroy all creatures with power 3 or greater.", …),
                                       SpellAbility("Return all creature cards with power 2 or less …", …)))

The card is a :class:`SplitCard`: a :class:`~undercity.cards.model.CardDef` with the two halves'
characteristics combined (CR 709.4), as it is in every zone but the stack — its name is the
Oracle name of the whole card ("Dusk // Dawn", as decklists and the card database name it; its
two names are :attr:`SplitCard.names`, CR 709.4a), its mana cost the two mana costs together
and so its mana value their sum and its colors theirs (709.4b: Dusk // Dawn is a white card of
mana value 9), its types each half's (709.4c). It has no spell ability of its own: a player
casts one half (709.3), a :class:`SplitHalf` built from the Oracle data's face (``faces[i]``:
name, mana cost, type line, colors, text) and that half's spell ability. A half whose text has
the keyword aftermath has ``"aftermath"`` among its keywords (CR 702.127a).

The rules are in :mod:`undercity.engine.split_cards`: choosing the half (a priority option of
its own, ``("cast", id, HALVES[i])``, or a question when an effect lets a player cast the card),
only that half's characteristics on the stack (709.3a-b), aftermath's permission and its
restrictions (702.127a), and the whole card again as soon as it leaves the stack.

**For the Oracle-text compiler.** A card of ``layout: split`` or ``aftermath`` has two ``faces``
in its Oracle fields; each face's text lowers as an instant or sorcery spell (one
``SpellAbility``; aftermath's reminder text "(Cast this spell only from your graveyard. Then
exile it.)" is the keyword's, gone with the rest, CR 207.2a). ``split_card(name, halves=…,
aftermath=…)`` then defines the card.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any

from undercity.cards.model import CardDef, SpellAbility

if TYPE_CHECKING:
    from undercity.cards.oracle import OracleCard

#: The cost keywords of the ``cast`` priority options that cast the left or the right half of a
#: split card (CR 709.3): ``("cast", object id, HALVES[i])``; scenarios write ``half: NAME``.
LEFT_HALF, RIGHT_HALF = "left half", "right half"
HALVES = (LEFT_HALF, RIGHT_HALF)
#: The keyword a half with aftermath has (CR 702.127a).
AFTERMATH = "aftermath"


def _get(key: str) -> CardDef:
    from undercity.cards.registry import get_card

    return get_card(key)


def _get_half(key: str, i: int) -> CardDef:
    card = _get(key)
    assert isinstance(card, SplitCard)
    return card.halves[i]


class SplitCard(CardDef):
    """A split card's combined characteristics (CR 709.4) and its two halves (709.1). Pickles
    by the Oracle name of the whole card (``name``)."""

    __slots__ = ("halves",)
    halves: tuple[CardDef, CardDef]

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_get, (self.name,))

    @property
    def names(self) -> tuple[str, str]:
        """CR 709.4a: each split card has two names."""
        return (self.halves[0].name, self.halves[1].name)


class SplitHalf(CardDef):
    """One half of a split card (CR 709.3b): what the spell is while on the stack as that half.
    ``key`` is the whole card's name, ``index`` 0 for the left half, 1 for the right."""

    __slots__ = ("index", "key")
    key: str
    index: int

    def __reduce__(self) -> tuple[Any, tuple[str, int]]:
        return (_get_half, (self.key, self.index))

    @property
    def whole(self) -> CardDef:
        return _get(self.key)


def is_split(card: CardDef) -> bool:
    """The card is a split card in a zone other than the stack (CR 709.4)."""
    return isinstance(card, SplitCard)


def whole_card(card: CardDef) -> CardDef:
    """The characteristics a card has off the stack (CR 709.4): a half's whole split card; any
    other card itself."""
    return card.whole if isinstance(card, SplitHalf) else card


def has_aftermath(half: CardDef) -> bool:
    """CR 702.127a: this half of a split card has aftermath."""
    return AFTERMATH in half.keywords


def split_card(name: str, *, halves: tuple[SpellAbility, SpellAbility], aftermath: tuple[bool, bool] = (False, False),
               oracle: OracleCard | None = None) -> CardDef:
    """Define a split card from its Oracle data (``oracle``, or the shipped data's card named
    ``name``, "X // Y"): ``halves`` are the two halves' spell abilities, left then right;
    ``aftermath`` says which half has the keyword (CR 702.127a)."""
    from undercity.cards import registry
    from undercity.cards.oracle import find_oracle
    from undercity.mana import parse_cost

    oc = oracle if oracle is not None else find_oracle(name)
    if oc.layout not in ("split", "aftermath") or len(oc.faces) != 2:
        raise ValueError(f"{oc.name} is not a split card (layout {oc.layout!r}, {len(oc.faces)} faces)")
    made = []
    for i, (face, sa, aft) in enumerate(zip(oc.faces, halves, aftermath, strict=True)):
        half = SplitHalf(
            name=face.name, mana_cost=parse_cost(face.mana_cost) if face.mana_cost else None,
            types=frozenset(face.types), subtypes=frozenset(face.subtypes), supertypes=frozenset(face.supertypes),
            colors=frozenset(face.colors), power=None, toughness=None, oracle_text=face.oracle_text,
            type_line=face.type_line, keywords=frozenset({AFTERMATH}) if aft else frozenset(),
            spell=registry._reg(sa))
        object.__setattr__(half, "key", oc.name)
        object.__setattr__(half, "index", i)
        made.append(half)
    left, right = made
    # CR 709.4b: the combined mana cost (its colors and mana value follow from it); 709.4c: each
    # card type of either half, each ability of each half.
    costs = "".join(f.mana_cost or "" for f in oc.faces)
    plain = CardDef(
        name=oc.name, mana_cost=parse_cost(costs) if costs else None, types=left.types | right.types,
        subtypes=left.subtypes | right.subtypes, supertypes=left.supertypes | right.supertypes,
        colors=left.colors | right.colors, power=None, toughness=None,
        oracle_text=f"{left.oracle_text}\n//\n{right.oracle_text}",
        type_line=f"{left.type_line} // {right.type_line}", keywords=left.keywords | right.keywords)
    card = SplitCard(**{f.name: getattr(plain, f.name) for f in fields(CardDef)})
    object.__setattr__(card, "halves", (left, right))
    registry._CARDS[oc.name] = card
    return card
