"""Cards exiled face down (CR 406.3) by an effect that lets its controller look at them and cast
them: "look at the top four cards of target opponent's library, exile one of them face down, then
put the rest on the bottom of that library in a random order. You may look at and cast that card
for as long as it remains exiled, …" (Gonti, Lord of Luxury; Vivien, Champion of the Wilds).

The effect is :class:`LookExileFaceDown`, handled by :mod:`undercity.engine.face_down`; the
permission is a cast permission "for as long as it remains exiled" (CR 611.2b) of
:mod:`undercity.engine.cast_permissions`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import YOU, Effect, Ref


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
