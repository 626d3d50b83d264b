"""Legendary creatures for the bundled Commander decks (CR 903.3): existing Oracle cards,
defined as data in the effect language."""

from __future__ import annotations

from undercity.cards.model import F, ReturnToBattlefield, T, TargetSpec, Trigger, Triggered
from undercity.cards.registry import define

# Deathtouch comes from the Oracle keywords. "Choose a Background" (CR 702.124k) is a
# deck-construction ability: it lets the deck have a Background as a second commander
# (undercity.formats.commander) and does nothing during the game.
define("Erinis, Gloom Stalker", triggered=(
    Triggered("Whenever Erinis, Gloom Stalker attacks, return target land card from your graveyard to the "
              "battlefield.",
              when=Trigger("attacks"),
              targets=(TargetSpec("card", F("Land", controller="you"), zone="graveyard",
                                  text="target land card from your graveyard"),),
              effects=(ReturnToBattlefield(T(0)),)),
))
