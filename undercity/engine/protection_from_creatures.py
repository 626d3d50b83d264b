"""Protection from creatures (CR 702.16b, e, f), asked where each rule applies: not the target
of abilities from creature sources (:func:`may_target`, asked by ``targeting``), damage from
creature sources is prevented (:func:`prevents`, asked by ``effects.deal_damage``), and an
attacking creature with it can't be blocked by creatures (:func:`may_block`, asked by
``combat.can_block``). The other qualities are in :mod:`undercity.engine.protection`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from undercity.engine import characteristics as ch

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

PROTECTION_FROM_CREATURES = "protection from creatures"


def _is_creature_source(g: Game, source: int | None) -> bool:
    if source is None:
        return False
    o = g.s.objs.get(source)
    if o is not None:
        return ch.is_creature(o)
    lki = g.s.lki.get(source)
    return bool(lki) and "Creature" in lki["types"]


def _protected(g: Game, o: Obj) -> bool:
    return PROTECTION_FROM_CREATURES in ch.keywords(g, o)


def may_target(g: Game, o: Obj, source: int | None) -> bool:
    """CR 702.16b: not the target of abilities from creature sources (or creature spells)."""
    return not (_is_creature_source(g, source) and _protected(g, o))


def prevents(g: Game, source: int | None, target: Any) -> bool:
    """CR 702.16e: damage from creature sources is prevented."""
    if target[0] != "o" or target[1] not in g.s.objs:
        return False
    return _is_creature_source(g, source) and _protected(g, g.s.objs[target[1]])


def may_block(g: Game, blocker: Obj, attacker: Obj) -> bool:
    """CR 702.16f: an attacking creature with protection from creatures can't be blocked by
    creatures."""
    return not (ch.is_creature(blocker) and _protected(g, attacker))

