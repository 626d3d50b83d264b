"""Cards that venture into the dungeon (CR 701.49a-c): the generic keyword action, which
never starts Undercity (CR 701.49d). Used by the dungeon rules scenarios."""

from __future__ import annotations

from undercity.cards.model import Trigger, Triggered, Venture
from undercity.cards.registry import define

define("Veteran Dungeoneer", triggered=(
    Triggered("When Veteran Dungeoneer enters the battlefield, venture into the dungeon.",
              effects=(Venture(),)),))
define("Clattering Skeletons", triggered=(
    # A "dies" trigger: with an instant (Murder, Lightning Bolt) it ventures at instant speed.
    Triggered("When Clattering Skeletons dies, venture into the dungeon.",
              when=Trigger("dies"), effects=(Venture(),)),))
