"""Protection (CR 702.16) as data. "Protection from [quality]" itself is a keyword: the string
``"protection from red"`` among a permanent's keywords (printed, or granted until end of turn by
``model.Pump``), which :mod:`undercity.engine.protection` reads.

**For the Oracle-text compiler.** The keyword line "Protection from black" (and "protection
from black and from red", two keywords) lowers to the keyword strings; "target creature gains
protection from white until end of turn" to ``Pump(0, 0, …, {"protection from white"})``;
"gains protection from the color of your choice until end of turn" to
:class:`ProtectionFromChosenColor`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Ref

#: The colors (CR 105.1) by their words, and the letter the cards' color sets use.
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@dataclass(frozen=True, slots=True)
class ProtectionFromChosenColor(Effect):
    """"``what`` gains protection from the color of your choice until end of turn": the
    resolving ability's controller chooses a color (CR 608.2d), then ``what`` has protection
    from it until end of turn (CR 611.2a, 702.16)."""

    what: Ref
