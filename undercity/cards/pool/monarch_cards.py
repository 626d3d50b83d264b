"""Cards that make a player the monarch or ask who is (CR 725). The language is
:mod:`undercity.cards.language.monarch`; the designation and its inherent triggers are
:mod:`undercity.engine.monarch`."""

from __future__ import annotations

from undercity.cards.language.monarch import IS_MONARCH, BecomeMonarch
from undercity.cards.model import CreateToken, Trigger, Triggered
from undercity.cards.registry import define
from undercity.cards.tokens import keyed_token

#: Skyline Despot's token: "a 5/5 red Dragon creature token with flying".
DRAGON_5_5_FLYING = "Dragon (5/5 red, flying)"
keyed_token(DRAGON_5_5_FLYING, "Dragon", "Token Creature \u2014 Dragon", power=5, toughness=5, colors="R",
            keywords=frozenset({"flying"}))

# Commander precon: Draconic Rage. The upkeep ability checks "if you're the monarch" as the
# upkeep begins and again on resolution (CR 603.4; ruling 2016-08-23).
define("Skyline Despot", triggered=(
    Triggered("When Skyline Despot enters the battlefield, you become the monarch.",
              when=Trigger("enters"), effects=(BecomeMonarch(),)),
    Triggered("At the beginning of your upkeep, if you're the monarch, create a 5/5 red Dragon creature token "
              "with flying.", when=Trigger("beginning_of", step="upkeep"), if_=IS_MONARCH,
              effects=(CreateToken(DRAGON_5_5_FLYING),)),
))
