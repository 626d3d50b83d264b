"""Abilities that trigger additional times (CR 603.2d): the language's
:class:`~undercity.cards.language.additional_triggers.AttackTriggersAdditionalTime`, applied by
:func:`triggers.check` once every ability a creature's attack declaration triggered is waiting.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from undercity.cards.language.additional_triggers import AttackTriggersAdditionalTime
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine import events as ev
    from undercity.engine.game import Game


@lru_cache(maxsize=4096)
def _has_it(card: CardDef) -> bool:
    return any(isinstance(st, AttackTriggersAdditionalTime) for st in card.static)


def after_attack(g: Game, e: ev.AttackDeclared, before: int) -> None:
    """The abilities that creature ``e.attacker`` being declared an attacker triggered are the
    pending triggers from ``before`` on. Each of a permanent whose controller controls that
    creature triggers once more for each such ability that player's permanents have (603.2d;
    the effect doesn't apply to itself, so two of them make three)."""
    s = g.s
    holders = ch.permanents_with(s, _has_it)
    if not holders:
        return
    att = s.objs.get(e.attacker)
    if att is None:
        return
    player = att.controller
    extra = sum(1 for oid in ab.with_abilities(g, holders) if s.objs[oid].controller == player
                for st in ab.static(g, s.objs[oid]) if isinstance(st, AttackTriggersAdditionalTime))
    if not extra:
        return
    for t in list(s.pending_triggers[before:]):
        src = s.objs.get(t.source) if t.source is not None else None
        if t.kind != "card" or src is None or src.zone != "battlefield" or src.controller != player \
                or t.controller != player:
            continue
        for _ in range(extra):
            s.pending_triggers.append(replace(t, data=dict(t.data)))
