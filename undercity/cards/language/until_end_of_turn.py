"""A resolved ability's continuous effect on a permanent until end of turn (CR 611.2a): "~
becomes a 3/3 green and blue Elemental creature with hexproof until end of turn. It's still a
land." (the creature lands, Mishra's Factory, Mutavault, Dimir Keyrune), "switch this
creature's power and toughness until end of turn".

The effect is the layer modifications of :mod:`undercity.cards.language.continuous` —
:class:`AddTypes` or :class:`SetTypes` (layer 4, CR 613.1d, 205.1b), :class:`SetColors` (5),
:class:`AddAbilities` (6), :class:`SetPT` (7b, CR 613.4b), :class:`SwitchPT` (7d) — applied by
the layer system from the time it resolves (its timestamp, CR 613.7b) to the cleanup step
(CR 514.2). Its handler is :mod:`undercity.engine.until_end_of_turn`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.language.continuous import Mod
from undercity.cards.model import Amount, Effect, Ref


@dataclass(frozen=True, slots=True)
class UntilEndOfTurn(Effect):
    """``what`` is modified by ``mods`` until end of turn (CR 611.2a); ``description`` is what
    the log says it becomes ("becomes a 2/2 Assembly-Worker artifact creature")."""

    what: Ref
    mods: tuple[Mod, ...]
    description: str = ""


@dataclass(frozen=True, slots=True)
class BecomesXX(UntilEndOfTurn):
    """:class:`UntilEndOfTurn` with base power and toughness ``x``/``x`` (layer 7b), ``x`` counted
    as it resolves and fixed from then on (CR 608.2h): "become an X/X Insect artifact creature
    with flying, where X is the result"."""

    x: Amount = 0
