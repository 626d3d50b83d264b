"""Requirements on blocking (CR 509.1c): "They block this turn if able" (Domineering Will) — an
effect of a resolved spell or ability, checked as blockers are declared
(:func:`undercity.engine.block_requirements.must_block`, asked by ``combat``): each creature it
applies to that is able to block must be declared as a blocker; its controller still chooses
which attacker it blocks (ruling 2014-11-07).

**For the Oracle-text compiler.** "They block this turn if able." after an effect on "up to N
target creatures" is :class:`BlocksThisTurn` for each of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Ref


@dataclass(frozen=True, slots=True)
class BlocksThisTurn(Effect):
    """``what`` blocks this turn if able (CR 509.1c): a requirement until end of turn."""

    what: Ref


@dataclass(frozen=True, slots=True)
class ChoosesBlocks(Effect):
    """"You choose which creatures block this turn and how those creatures block." (Berserker's
    Frenzy): ``who`` makes each defending player's declaration of blockers this turn (CR 509.1a),
    within the same rules — restrictions and requirements still apply (ruling 2021-07-23), and
    each creature's controller pays any cost to block (509.1d)."""

    who: Ref
