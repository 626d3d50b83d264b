"""Separating cards into piles (CR 700.3): "Reveal the top five cards of your library. An
opponent separates those cards into two piles. Put one pile into your hand and the other into
your graveyard." (Fact or Fiction), handled by :mod:`undercity.engine.piles`.

A pile may be empty (CR 700.3a); the cards stay revealed while they are separated. "An
opponent" is the opponent the spell's controller chooses as it resolves (CR 608.2d); the
spell's controller then chooses the pile that goes to the first place named.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards import model as m


@dataclass(frozen=True, slots=True)
class RevealIntoPiles(m.Effect):
    """Reveal the top ``n`` cards of your library (CR 701.20a); ``separator`` (``"opponent"``:
    an opponent you choose) separates them into two piles; you put the pile you choose ``to``
    its zone and the other pile ``other_to`` its zone (``hand``, ``graveyard``)."""

    n: int
    separator: str = "opponent"
    to: str = "hand"
    other_to: str = "graveyard"
