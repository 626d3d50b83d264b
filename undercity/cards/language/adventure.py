"""Adventurer cards (CR 715): a card with an Adventure — an inset instant or sorcery with its own
name, mana cost, types and text (its *alternative characteristics*, CR 715.2).

A definition says what each half does::

    adventurer("Embereth Shieldbreaker // Battle Display", adventure=SpellAbility(
        "Destroy target artifact.", effects=(Destroy(T(0)),), targets=(...)))

The main card is an :class:`AdventurerCard`: a :class:`~undercity.cards.model.CardDef` with
its normal characteristics only (CR 715.4: in every zone but the stack it is "Embereth
Shieldbreaker", a creature card of mana value 2), registered under the Oracle name of the
whole card ("X // Y", as the Oracle data and the card database name it), so a decklist or a
scenario may name either. Its Adventure is an :class:`AdventureSpell`, built from the Oracle
data's second face (``faces[1]``: name, mana cost, type line "Instant — Adventure",
colors, text) and the ``adventure`` spell ability.

The rules are in :mod:`undercity.engine.adventure`: casting the card as an Adventure (CR
715.3, 715.3a-b: only the alternative characteristics, chosen as it is cast — a priority
option of its own, ``("cast", id, ADVENTURE)``), exiling it as it resolves and letting its
controller cast the card later from exile (715.3d), and the normal characteristics again
as soon as it leaves the stack any other way (countered, 715.4).

**For the Oracle-text compiler.** A card of ``layout: adventure`` has two ``faces`` in its
Oracle fields; the main face's text lowers like any card's (triggered, activated, static
abilities, keywords: the keyword arguments of :func:`~undercity.cards.registry.define`), and
the Adventure face's text lowers as a spell: one ``SpellAbility`` (its effects and targets;
reminder text "(Then exile this card. You may cast the creature later from exile.)" is the
rule, not an ability). ``adventurer(name, adventure=<that SpellAbility>, **main_kwargs)``
then defines the card; nothing else about Adventures belongs in a definition.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any

from undercity.cards.model import CardDef, SpellAbility

if TYPE_CHECKING:
    from undercity.cards.oracle import OracleCard

#: The cost keyword of a ``cast`` priority option that casts the card as its Adventure (CR
#: 715.3): ``("cast", object id, ADVENTURE)``; scenarios write ``adventure: true``.
ADVENTURE = "adventure"


def _get(key: str) -> CardDef:
    from undercity.cards.registry import get_card

    return get_card(key)


def _get_adventure(key: str) -> CardDef:
    card = _get(key)
    assert isinstance(card, AdventurerCard)
    return card.adventure


class AdventurerCard(CardDef):
    """An adventurer card's normal characteristics (CR 715.4) and its Adventure. Pickles by the
    Oracle name of the whole card (``key``)."""

    __slots__ = ("adventure", "key")
    adventure: CardDef
    key: str

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_get, (self.key,))


class AdventureSpell(CardDef):
    """The alternative characteristics of an Adventure (CR 715.2, 715.3b): what the spell is
    while on the stack as an Adventure. ``main`` is the adventurer card it belongs to."""

    __slots__ = ("key",)
    key: str

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_get_adventure, (self.key,))

    @property
    def main(self) -> CardDef:
        return _get(self.key)


def has_adventure(card: CardDef) -> bool:
    """CR 715.2a: the card "has an Adventure", whether or not it uses those characteristics now."""
    return isinstance(card, AdventurerCard | AdventureSpell)


def adventure_of(card: CardDef) -> CardDef | None:
    """The Adventure (alternative characteristics) of an adventurer card, else None."""
    return card.adventure if isinstance(card, AdventurerCard) else None


def normal_card(card: CardDef) -> CardDef:
    """The card's normal characteristics (CR 715.4): an Adventure's main card; any other card itself."""
    return card.main if isinstance(card, AdventureSpell) else card


def adventurer(name: str, *, adventure: SpellAbility, oracle: OracleCard | None = None, **main: Any) -> CardDef:
    """Define an adventurer card from its Oracle data (``oracle``, or the shipped data's card
    named ``name``): ``name`` is the whole card's ("X // Y"); ``main`` are the main card's
    abilities (as for :func:`~undercity.cards.registry.define`), ``adventure`` the Adventure's
    spell ability."""
    from undercity.cards import registry
    from undercity.cards.oracle import find_oracle
    from undercity.mana import parse_cost

    oc = oracle if oracle is not None else find_oracle(name)
    if oc.layout != "adventure" or len(oc.faces) != 2:
        raise ValueError(f"{oc.name} is not an adventurer card (layout {oc.layout!r}, {len(oc.faces)} faces)")
    plain = registry.define(oc.name, oracle=oc, **main)
    main_face, adv = oc.faces
    card = AdventurerCard(**{f.name: getattr(plain, f.name) for f in fields(CardDef)} | {"name": main_face.name})
    spell = AdventureSpell(
        name=adv.name, mana_cost=parse_cost(adv.mana_cost) if adv.mana_cost else None,
        types=frozenset(adv.types), subtypes=frozenset(adv.subtypes), supertypes=frozenset(adv.supertypes),
        colors=frozenset(adv.colors), power=None, toughness=None, oracle_text=adv.oracle_text,
        type_line=adv.type_line, spell=registry._reg(adventure))
    object.__setattr__(spell, "key", oc.name)
    object.__setattr__(card, "key", oc.name)
    object.__setattr__(card, "adventure", spell)
    registry._CARDS[oc.name] = card  # replaces the plain definition define() made
    return card
