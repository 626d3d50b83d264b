"""Emblems (CR 114): "you get an emblem with …". Handled by :mod:`undercity.engine.emblems`; what
an emblem does is a continuous effect the layer system reads (CR 114.4).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect


@dataclass(frozen=True, slots=True)
class GetEmblem(Effect):
    """You get an emblem (CR 114.2) of ``kind`` (what it does is read by the layer system, engine.characteristics.EMBLEMS), with ``text``."""

    kind: str
    text: str
