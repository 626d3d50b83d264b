"""Backgrounds (CR 702.124k, "Choose a Background"): legendary enchantments that can be a
second commander. They give abilities to "commander creatures you own" — a ``Grant`` to
``commanders_you_own`` (layer 6, CR 613.1f; :mod:`undercity.engine.abilities`)."""

from __future__ import annotations

from undercity.cards import registry
from undercity.cards.language.conditions import CreatureCardToYourGraveyardThisTurn
from undercity.cards.model import CreateToken, Grant, Trigger, Triggered
from undercity.cards.registry import define, token

if "Squirrel" not in registry._TOKENS:
    token("Squirrel", "Token Creature — Squirrel", power=1, toughness=1, colors="G")

# The granted ability is the commander's: "your" end step and "your" graveyard are those of
# the commander's controller, who controls the triggered ability (CR 113.8).
define("Cloakwood Hermit", static=(
    Grant('Commander creatures you own have "At the beginning of your end step, if a creature card was put '
          'into your graveyard from anywhere this turn, create two tapped 1/1 green Squirrel creature '
          'tokens."', to="commanders_you_own", abilities=(Triggered(
              "At the beginning of your end step, if a creature card was put into your graveyard from "
              "anywhere this turn, create two tapped 1/1 green Squirrel creature tokens.",
              when=Trigger("beginning_of", step="end"),
              if_=CreatureCardToYourGraveyardThisTurn(),
              effects=(CreateToken("Squirrel", 2, tapped=True),)),)),))
