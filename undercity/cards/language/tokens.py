"""Creating tokens beyond the core ``CreateToken``: tokens that enter tapped and attacking
(CR 508.4), a token that gains keywords until end of turn (CR 611.2a). Handled by :mod:`undercity.engine.tokens`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import YOU, Amount, Effect, Filter, Ref


@dataclass(frozen=True, slots=True)
class CreateTokensAttacking(Effect):
    """Create ``n`` ``token`` tokens that are tapped and attacking (CR 508.4: their
    controller chooses what each attacks; they never "attacked")."""

    token: str
    n: Amount = 1


@dataclass(frozen=True, slots=True)
class CreateTokenGaining(Effect):
    """"Create a ``token`` token. That token gains ``keywords`` until end of turn." — the token
    just created, and only it (CR 111.1, 611.2a; Loyal Apprentice's Thopter)."""

    token: str
    keywords: frozenset[str]
    who: Ref = YOU


@dataclass(frozen=True, slots=True)
class CreateForEach(Effect):
    """"For each creature your opponents control, create a ``token`` token": one for each
    permanent ``per`` matches as it resolves (CR 608.2c); the tokens and those permanents are
    kept for what follows in the same resolution ("each of those Beasts fights a different one
    of those creatures")."""

    token: str
    per: Filter
