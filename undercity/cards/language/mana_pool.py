"""Mana in a player's mana pool that doesn't empty as steps and phases end (CR 106.4, 500.4):
"Add {R}{R}{R}{G}{G}{G}. Until end of turn, you don't lose this mana as steps and phases end."
(Savage Ventmaw). Handled by :mod:`undercity.engine.mana_pool`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect

#: The words of the exemption, after the mana it keeps (CR 106.4).
KEEP_THIS_MANA = "until end of turn, you don't lose this mana as steps and phases end"


@dataclass(frozen=True, slots=True)
class AddKeptMana(Effect):
    """Add ``mana`` (letters of WUBRGC) to its controller's pool; until end of turn that mana
    stays as steps and phases end (CR 106.4), whatever happens to the source (ruling)."""

    mana: str
