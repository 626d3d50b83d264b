"""Setting base power and toughness until end of turn (CR 613.4b): "Target creature has base
power and toughness 7/7 until end of turn." (Storvald, Frost Giant Jarl).

:class:`SetBasePTUntilEOT` is a resolved effect: a layer-7b :class:`~undercity.cards.language.continuous.SetPT`
on each object ``what`` names, with its own timestamp (CR 613.7b); counters and other
modifications of layer 7c still apply over it. Its handler is :mod:`undercity.engine.base_pt`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Amount, Effect, Ref


@dataclass(frozen=True, slots=True)
class SetBasePTUntilEOT(Effect):
    """``what`` has base power and toughness ``p``/``t`` until end of turn (CR 613.4b, 611.2a)."""

    what: Ref
    p: Amount
    t: Amount
    #: "… and gain all creature types" (Mirror Entity): layer 4 (CR 613.1d, 205.3m) in the
    #: same effect, with the same timestamp.
    add_subtypes: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class SetBasePTUntilYourNextTurn(Effect):
    """"Until your next turn, up to two target creatures each have base power and toughness 0/3
    and lose all abilities" (CR 613.4b, 613.1f, 611.2b): one effect with one timestamp (613.7b) —
    the base power and toughness in layer 7b and, with ``lose_abilities``, the abilities lost in
    layer 6 — on each object ``what`` names as it resolves (611.2c), until its controller's next
    turn."""

    what: Ref
    p: int
    t: int
    lose_abilities: bool = False

