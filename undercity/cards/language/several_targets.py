"""One instruction on several targets of one "target" word (CR 115.3, 601.2c): "Destroy six
target creatures", "Return six target nonland permanents to their owners' hands", "Exile X
target creatures" (X targets: X is announced before they are chosen, CR 601.2b).

The targets are all different (the same object can't be chosen twice for one instance of the
word "target", CR 115.3), so a spell needing N of them can't be cast without N candidates
(ruling 2005-10-01, Hex); the target specifications after the first carry ``same_word``. As it
resolves, the legal ones are destroyed or returned together, as one event (CR 608.2b: the rest
still are if some became illegal). Handled by :mod:`undercity.engine.several_targets`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards import model as m

DESTROY = "destroy"
RETURN_TO_HAND = "return to hand"
#: "return the chosen cards to the battlefield tapped" (Victimize): cards from a graveyard.
RETURN_TO_BATTLEFIELD = "return to the battlefield"
EXILE = "exile"
#: "goad up to X target creatures your opponents control" (CR 701.15a), X of "When ~ becomes
#: monstrous" (701.37c: the X it became monstrous with).
GOAD = "goad"


@dataclass(frozen=True, slots=True)
class OnTargets(m.Effect):
    """``verb`` (``DESTROY`` or ``RETURN_TO_HAND``) the targets ``first`` … ``first + n - 1``
    at once."""

    verb: str
    first: int
    n: int
    #: ``RETURN_TO_BATTLEFIELD``: they enter tapped.
    tapped: bool = False
    #: "X target …": the targets from ``first`` on, as many as the spell's X (``n`` unused).
    x: bool = False
    #: "For each creature exiled this way, its controller creates …": done once for each target
    #: the instruction moved (CR 608.2c), naming it as target ``first``.
    each_moved: m.Effect | None = None

    def covers(self, i: int) -> bool:
        return self.first <= i and (self.x or i < self.first + self.n)

    def one(self, i: int) -> m.Effect:
        """The same instruction on target ``i`` alone (what it does to that target)."""
        if self.verb == RETURN_TO_BATTLEFIELD:
            return m.ReturnToBattlefield(m.T(i))
        if self.verb == EXILE:
            return m.ExileIt(m.T(i))
        if self.verb == GOAD:
            return m.Goad(m.T(i))
        return m.Destroy(m.T(i)) if self.verb == DESTROY else m.ReturnToHand(m.T(i))
