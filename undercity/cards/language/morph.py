"""Morph (CR 702.37): "Morph [cost]", and its variant "Megamorph [cost]" (702.37b).

A static ability that functions in any zone from which the card could be cast (CR 702.37a):
"You may cast this card as a 2/2 face-down creature with no text, no name, no subtypes, and no
mana cost by paying {3} rather than paying its mana cost" — an alternative cost (CR 118.9,
702.37c), the cast option's keyword :data:`MORPH` — and, once the permanent is face down, its
controller may turn it face up any time they have priority by paying its morph cost: a special
action (CR 702.37e, 116.2b). A card's morph is :class:`Morph` among its static abilities; the
rules are in :mod:`undercity.engine.morph`, the face-down object in
:mod:`undercity.engine.face_down` (CR 708).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Static
from undercity.mana import ManaCost, parse_cost

#: The cost keyword of a ``cast`` option that casts the card face down (CR 702.37c), and of the
#: special action that turns it face up (``("special", MORPH, id)``, CR 702.37e).
MORPH = "morph"
#: The trigger event of "When ~ is turned face up" (CR 603.2, 702.37e): the permanent's own
#: abilities, which it has once face up (CR 708.8).
TURNED_FACE_UP = "turned_face_up"
#: What casting a card face down with morph costs, whatever its morph cost (CR 702.37a).
FACE_DOWN_COST = parse_cost("{3}")


@dataclass(frozen=True, slots=True, eq=False)
class Morph(Static):
    """"Morph ``cost``" (CR 702.37a): cast face down for {3}; turned face up for ``cost``.
    ``megamorph`` (CR 702.37b): "Megamorph ``cost``", a morph cost, and "As this permanent is
    turned face up, put a +1/+1 counter on it if its megamorph cost was paid to turn it face up"."""

    kind: str = MORPH
    cost: ManaCost | None = None
    megamorph: bool = False
