"""Face-down cards and objects. Cards exiled face down (CR 406.3) by an effect that lets its controller look at them and cast
them: "look at the top four cards of target opponent's library, exile one of them face down, then
put the rest on the bottom of that library in a random order. You may look at and cast that card
for as long as it remains exiled, …" (Gonti, Lord of Luxury; Vivien, Champion of the Wilds).

The effect is :class:`LookExileFaceDown`, handled by :mod:`undercity.engine.face_down`; the
permission is a cast permission "for as long as it remains exiled" (CR 611.2b) of
:mod:`undercity.engine.cast_permissions`.

Face-down spells and permanents (CR 708): :func:`face_down_card` is the characteristics they
have (CR 708.2a, a :class:`FaceDownCard`), which :mod:`undercity.engine.face_down` gives them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from undercity.cards.model import YOU, CardDef, Effect, Ref


@dataclass(frozen=True, slots=True)
class LookExileFaceDown(Effect):
    """Look at the top ``n`` cards of ``whose`` library, exile one of them face down (its
    controller may look at it, CR 406.3), the rest on the bottom of that library in a random order
    (``random``) or in the order its controller chooses (CR 401.4); its controller may cast the
    exiled card for as long as it remains exiled (CR 611.2b) — only if it's a creature spell
    (``creature_only``), spending mana as though it were mana of any type (``any_type``, CR 609.4b)."""

    n: int
    whose: Ref = YOU
    random: bool = True
    creature_only: bool = False
    any_type: bool = False


#: ``State.extra`` key: the object id of a face-down spell or permanent -> (its own card, the
#: keyword of the ability that made it face down: ``morph``) (CR 708.2, 702.37c); kept by
#: :mod:`undercity.engine.face_down`.
FACE_DOWN_OBJECTS = "face_down_objects"
#: How a face-down spell or permanent is named (CR 708.2a: it has no name). The rules never match
#: it against a card's name — no card is named this — so it serves only to show the object.
FACE_DOWN_NAME = "a face-down creature"


class FaceDownCard(CardDef):
    """The characteristics of a face-down spell or permanent that the rules or the ability that
    made it face down list (CR 708.2a, 702.37a): a 2/2 creature with no text, no name, no
    subtypes, no mana cost — colorless, mana value 0. These are the object's copiable values
    (CR 708.2, 613.2b). One instance, pickled by reference."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        return (face_down_card, ())


_FACE_DOWN = FaceDownCard(name=FACE_DOWN_NAME, mana_cost=None, types=frozenset({"Creature"}), subtypes=frozenset(),
                          supertypes=frozenset(), colors=frozenset(), power=2, toughness=2, oracle_text="",
                          type_line="Creature")


def face_down_card() -> FaceDownCard:
    """The one face-down creature's characteristics (CR 708.2a)."""
    return _FACE_DOWN
