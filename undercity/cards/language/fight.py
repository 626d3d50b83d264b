"""Fighting (CR 701.14) as data. Handled by :mod:`undercity.engine.fight`.

**For the Oracle-text compiler.** "~ fights another target creature" is :class:`Fight` of
``SELF`` and the target; "Each of those Beasts fights a different one of those creatures", after
a :class:`~undercity.cards.language.tokens.CreateForEach`, is :class:`FightDifferent`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Ref


@dataclass(frozen=True, slots=True)
class Fight(Effect):
    """``first`` fights ``second`` (CR 701.14a): each deals damage equal to its power to the
    other. If either is no longer on the battlefield, no longer a creature or no longer a legal
    target, neither deals damage (701.14b)."""

    first: Ref
    second: Ref


@dataclass(frozen=True, slots=True)
class FightDifferent(Effect):
    """"Each of those Beasts fights a different one of those creatures" (CR 701.14a): each token
    the :class:`~undercity.cards.language.tokens.CreateForEach` before it made fights one of the
    permanents it counted, all at once (ruling 2015-11-04, Ezuri's Predation)."""
