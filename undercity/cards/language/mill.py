"""Milling (CR 701.17) and the abilities that trigger on it or on life loss with a number, handled
by :mod:`undercity.engine.mill`:

- "Whenever a player mills one or more creature cards" (``Trigger(MILLS_CREATURE_CARDS)``): once
  for each player's mill that put at least one creature card into a graveyard (CR 603.2c,
  701.17c: the milled cards are found where they went);
- "Whenever an opponent loses life" (``Trigger(OPPONENT_LOSES_LIFE)``): once for each life-loss
  event of an opponent (CR 119.3, 603.2), the player and the amount remembered;
- "that player mills that many cards" (``MillThatMany()``): the player and the number of the
  trigger event.

**For the Oracle-text compiler.** ``cards/text/lower.py`` reads those phrases into these.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Effect

MILLS_CREATURE_CARDS = "mills_creature_cards"
OPPONENT_LOSES_LIFE = "opponent_loses_life"
#: Trigger events that remember a player and a number ("that player", "that many").
THAT_PLAYER_THAT_MANY = frozenset({OPPONENT_LOSES_LIFE})


@dataclass(frozen=True, slots=True)
class MillThatMany(Effect):
    """"That player mills that many cards": the player and the amount of the trigger event
    (CR 701.17a; fewer if their library holds fewer, 701.17b)."""
