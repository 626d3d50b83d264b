"""Regeneration (CR 701.19) as data.

**For the Oracle-text compiler.** "Regenerate ~" / "Regenerate target creature" is
:class:`Regenerate` (a shield, 701.19a); "Destroy target creature. It can't be regenerated." is
one ``model.Destroy`` / ``model.DestroyAll`` with ``regenerate=False`` (701.19c: the shields
don't apply to that destruction); "[It] can't be regenerated this turn" is
:class:`CantBeRegenerated`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Ref


@dataclass(frozen=True, slots=True)
class Regenerate(Effect):
    """"Regenerate ``what``" (CR 701.19a): the next time it would be destroyed this turn,
    instead remove all damage marked on it, its controller taps it, and it is removed from
    combat."""

    what: Ref


@dataclass(frozen=True, slots=True)
class CantBeRegenerated(Effect):
    """"``what`` can't be regenerated this turn" (CR 701.19c): its regeneration shields don't
    apply until end of turn."""

    what: Ref
