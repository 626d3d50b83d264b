"""The Commander variant's words (CR 903): "if you control your commander" (lieutenant) and
"if you control a commander" — a commander on the battlefield under your control (CR 903.3d);
"your commander" is one of your own, "a commander" anyone's (ruling 2021-07-23, Klauth's Will).
Checked by :mod:`undercity.engine.commander`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Condition


@dataclass(frozen=True, slots=True)
class ControlsCommander(Condition):
    """"If you control your commander" (``yours``) / "if you control a commander"."""

    what: str = "controls_commander"
    yours: bool = True
