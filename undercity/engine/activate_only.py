""""Activate only …" restrictions (CR 602.5b) of
:class:`undercity.cards.language.activate_only.ActivateOnly`, and what they read: whether a
player attacked this turn (recorded as attackers are declared, CR 508.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.activate_only import (
    DURING_END_OF_COMBAT,
    DURING_YOUR_UPKEEP,
    IF_SUSPENDED,
    IF_YOU_ATTACKED,
    ONCE_EACH_TURN,
    ActivateOnly,
)
from undercity.cards.model import Activated
from undercity.engine import abilities, triggers
from undercity.engine import events as ev
from undercity.engine.teams import is_active

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

#: ``State.extra`` key: player -> the last turn they declared an attacking creature.
ATTACKED_TURN = "attacked_turn"
#: ``State.extra`` key: (turn, {(object id, ability text)}) — the "once each turn" abilities
#: activated this turn.
ACTIVATED_ONCE = "activated_once_this_turn"


def allows(g: Game, player: int, a: Activated, o: Obj | None = None) -> bool:
    """Whether ``a``'s restriction lets ``player`` activate it (of object ``o``) now (CR 602.5b)."""
    if not isinstance(a, ActivateOnly) or not a.only:
        return True
    s = g.s
    if a.only == DURING_YOUR_UPKEEP:
        return s.step == "upkeep" and is_active(g, player)
    if a.only == IF_YOU_ATTACKED:
        return s.extra.get(ATTACKED_TURN, {}).get(player) == s.turn
    if a.only == DURING_END_OF_COMBAT:
        return s.step == "end-of-combat"  # CR 511: whoever's turn it is
    if a.only == ONCE_EACH_TURN:
        rec = s.extra.get(ACTIVATED_ONCE)
        return o is None or rec is None or rec[0] != s.turn or (o.id, a.text) not in rec[1]
    if a.only == IF_SUSPENDED:
        from undercity.engine.suspend import is_suspended

        return o is not None and is_suspended(o)  # CR 702.62b
    raise ValueError(f"unknown activation restriction {a.only!r}")


@triggers.watches("attack_declared")
def _record_attack(g: Game, e: ev.AttackDeclared) -> None:
    # Raid (CR 207.2c) looks at the whole turn: the creature needn't stay on the battlefield,
    # nor the player it attacked in the game (rulings of 2018-01-19).
    g.s.extra.setdefault(ATTACKED_TURN, {})[e.player] = g.s.turn


@triggers.watches("ability_activated")
def _record_once(g: Game, e: ev.AbilityActivated) -> None:
    """An ability with "Activate only once each turn" has been activated (CR 602.5b)."""
    s = g.s
    o = s.objs.get(e.source)
    if o is None or not any(isinstance(a, ActivateOnly) and a.only == ONCE_EACH_TURN and a.text == e.ability
                            for a in abilities.activated(g, o)):
        return
    rec = s.extra.get(ACTIVATED_ONCE)
    if rec is None or rec[0] != s.turn:
        rec = s.extra[ACTIVATED_ONCE] = (s.turn, set())
    rec[1].add((o.id, e.ability))
