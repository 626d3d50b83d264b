"""Punisher effects (CR 118.12a): "[do something] unless [a player does something else]".

The rule reads it as "[that player] may [do something else]. If they don't, [do something]":
what the player may do is a cost paid as the effect resolves (CR 118.12) — mana ("unless its
controller pays {1}"), a sacrifice ("unless that player sacrifices a creature") or a discard
("unless they discard a land card") of a permanent or card of their choice. Handled by
:mod:`undercity.engine.unless`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect, Filter, Ref


@dataclass(frozen=True, slots=True)
class Unless(Effect):
    """``effects`` happen unless ``payer`` pays: ``mana`` (a mana cost, "{3}"), or sacrifices a
    permanent matching ``sacrifice``, or discards a card matching ``discard``. ``text`` names the
    payment ("sacrifice a creature") for the question."""

    effects: tuple[Effect, ...]
    payer: Ref
    mana: str = ""
    sacrifice: Filter | None = None
    discard: Filter | None = None
    text: str = ""
