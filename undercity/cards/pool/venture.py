"""Cards that venture into the dungeon (CR 701.49a-c): the generic keyword action, which
never starts Undercity (CR 701.49d). Used by the dungeon rules scenarios."""

from __future__ import annotations


