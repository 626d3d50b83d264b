"""Emblems (CR 114): "you get an emblem with …". Handled by :mod:`undercity.engine.emblems`; what
an emblem does is a continuous effect the layer system reads (CR 114.4).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import YOU, Effect, Ref, Triggered


@dataclass(frozen=True, slots=True)
class GetEmblem(Effect):
    """You get an emblem (CR 114.2) of ``kind`` (what it does is read by the layer system, engine.characteristics.EMBLEMS), with ``text``."""

    kind: str
    text: str


@dataclass(frozen=True, slots=True)
class GetEmblemWith(Effect):
    """"[Player] gets an emblem with "[ability]"" (CR 114.2) for an emblem whose abilities are
    triggered abilities, read from the quoted text: each player ``player`` names puts an emblem
    with ``triggered`` into the command zone, owned and controlled by them; the abilities
    function there (CR 114.4), each from its owner's point of view ("you": the owner)."""

    player: Ref = YOU
    triggered: tuple[Triggered, ...] = ()
    text: str = ""

