"""Exchanges of control (CR 701.12a-b) as data. Handled by :mod:`undercity.engine.exchange`.

**For the Oracle-text compiler.** "Exchange control of ~ and target creature" is
:class:`ExchangeControl` of ``SELF`` and the target.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Ref


@dataclass(frozen=True, slots=True)
class ExchangeControl(Effect):
    """Exchange control of ``first`` and ``second`` (CR 701.12a-b), indefinitely: if either is
    gone (or no longer a legal target) nothing happens; if one player controls both, nothing
    happens; otherwise each controller gains control of the other's permanent at once."""

    first: Ref
    second: Ref


@dataclass(frozen=True, slots=True)
class TradeCreaturesUntilEndOfTurn(Effect):
    """Reins of Power: "Untap all creatures you control and all creatures [``player``] controls.
    You and that opponent each gain control of all creatures the other controls until end of
    turn. Those creatures gain haste until end of turn." — the two sets are fixed as it
    resolves (CR 608.2c, 611.2c); either may be empty (ruling 2004-10-04)."""

    player: Ref
