""""Exile … until this permanent leaves the battlefield" (CR 610.3): a target, or "any number of" chosen
as it resolves. Handled by
:mod:`undercity.engine.exile_until`, which also returns the cards (610.3a).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Filter, Ref

#: "the exiled card": the card this object's "exile … until ~ leaves the battlefield" exiled,
#: while it remains exiled (CR 607.2a: linked abilities, 610.3).
EXILED_CARD = Ref("exiled_until")


@dataclass(frozen=True, slots=True)
class ExileUntilLeaves(Effect):
    """Exile ``what`` until this permanent leaves the battlefield (CR 610.3): if this
    permanent has already left the battlefield as this resolves, nothing is exiled
    (CR 610.3c); when it leaves, the exiled cards return to the battlefield under their
    owners' control (CR 610.3a). Banishing Light, Portable Hole."""

    what: Ref


@dataclass(frozen=True, slots=True)
class ExileAnyNumberUntilLeaves(Effect):
    """"Exile any number of ``filter`` [you control] until this permanent leaves the battlefield"
    (CR 610.3; Glorious Protector): its controller chooses them as it resolves, none or more (CR
    608.2d: not targets), and they return as :class:`ExileUntilLeaves`'s do."""

    filter: Filter
