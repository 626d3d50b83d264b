"""The types of mana a permanent "could produce" (CR 106.7), for Exotic Orchard and Fellwar
Stone (:data:`undercity.cards.language.could_produce.OPPONENT_LAND_COLOR`).

A permanent could produce every type of mana any of its mana abilities would add if it resolved
now: whether it could be activated (tapped, its costs, a Vivid land's counters) doesn't matter
(rulings of 2009-02-01). An ability that itself reads what other lands could produce counts only
what the lands it looks at could produce without looking back at the one asking, so two Exotic
Orchards make nothing of each other alone (ruling of 2009-02-01).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.could_produce import OPPONENT_LAND_COLOR
from undercity.engine import costs, layers, targeting

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

_COLORS = "WUBRG"


def could_produce(g: Game, o: Obj, seen: frozenset[int] = frozenset()) -> frozenset[str]:
    """The types of mana ``o``'s mana abilities would add if they resolved now (CR 106.7);
    ``seen``: the permanents whose "could produce" is being found, not asked again."""
    out: set[str] = set()
    for a in costs.mana_abilities(g, o):
        eff = a.effects[0]
        if getattr(eff, "mana", None) == OPPONENT_LAND_COLOR:
            if o.id not in seen:
                out |= opponents_lands_colors(g, o.controller, seen | {o.id})
            continue
        mana = costs.produced_mana(g, o, eff)  # type: ignore[arg-type]
        out |= set(_COLORS) if mana == "any" else set(mana[4:] if mana.startswith("any:") else mana)
    return frozenset(out)


def opponents_lands_colors(g: Game, player: int, seen: frozenset[int] = frozenset()) -> frozenset[str]:
    """The colors (not colorless: "any color", CR 105.1, 106.1a) that a land an opponent of
    ``player`` controls could produce."""
    s = g.s
    out: set[str] = set()
    for oid in s.battlefield:
        land = s.objs[oid]
        if land.controller == player or not targeting._is_opponent(g, player, land.controller):
            continue
        if "Land" in layers.view(g, land).types:
            out |= could_produce(g, land, seen)
    return frozenset(c for c in out if c in _COLORS)


def produced(g: Game, o: Obj) -> str:
    """What ``o``'s "one mana of any color that a land an opponent controls could produce" adds
    now: a color, ``any:`` and the colors to choose from, or nothing (the ability can still be
    activated, it adds no mana; ruling of 2004-10-04)."""
    colors = opponents_lands_colors(g, o.controller, frozenset({o.id}))
    ordered = "".join(c for c in _COLORS if c in colors)
    return ordered if len(ordered) <= 1 else "any:" + ordered
