"""A player being attacked (CR 506.2, 508.3b): "Whenever enchanted player is attacked" and
"each opponent attacking that player" — the vocabulary of
:mod:`undercity.cards.language.attacked_players`.

Attack events are emitted after the whole declaration of attackers, in declaration order
(``combat.run_declare_attackers``), so the ability triggers once, on the first attacker
declared attacking that player (the Curses' ruling 2017-08-25: once, however many creatures
attack). A player is attacking another while they control a creature attacking that player
(ruling 2017-08-25), read from the combat as the ability resolves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.attacked_players import (
    ATTACKED_PLAYER,
    ATTACKING_PLAYER,
    OPPONENTS_ATTACKING,
    YOU_AND_ATTACKING_PLAYER,
    AttackAPlayer,
    PlayerAttacked,
)
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import targeting, triggers

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from undercity.cards.model import CardDef, Ref, TargetSpec
    from undercity.engine.game import Game
    from undercity.engine.state import StackItem

#: The player references of this concept, resolved by :func:`players`.
PLAYER_REFS = frozenset({ATTACKED_PLAYER.kind, OPPONENTS_ATTACKING.kind, ATTACKING_PLAYER.kind,
                         YOU_AND_ATTACKING_PLAYER.kind})


def _has_player_attacked(card: CardDef) -> bool:
    return any(isinstance(a.when, PlayerAttacked) for a in card.triggered)


@triggers.watches("attack_declared")
def _player_attacked(g: Game, e: ev.AttackDeclared) -> None:
    """CR 508.3b: once per declaration, for each Aura attached to the attacked player."""
    s = g.s
    c = s.combat
    d = c.attackers.get(e.attacker) if c is not None else None
    if c is None or d is None or d[0] != "p":
        return  # a planeswalker attacked isn't its controller attacked (ruling 2017-08-25)
    sources = ch.permanents_with(s, _has_player_attacked)
    if not sources or next(a for a, x in c.attackers.items() if x == d) != e.attacker:
        return
    for sid in ab.with_abilities(g, sources):
        src = s.objs[sid]
        if src.attached_player != d[1]:
            continue
        for a in ab.triggered(g, src):
            if isinstance(a.when, PlayerAttacked):
                triggers.add_pending(g, src, a, src.controller, src.name, attacked=d[1])


def players(g: Game, ref: Ref, item: StackItem) -> list[int]:
    """The players :data:`ATTACKED_PLAYER` or :data:`OPPONENTS_ATTACKING` names as ``item``
    resolves (in APNAP order, CR 101.4)."""
    s = g.s
    if ref.kind in (ATTACKING_PLAYER.kind, YOU_AND_ATTACKING_PLAYER.kind):
        a = item.trigger_data.get("attacking")
        both = {a, item.controller} if ref.kind == YOU_AND_ATTACKING_PLAYER.kind else {a}
        n = len(s.players)
        return [q for q in ((s.active + k) % n for k in range(n)) if q in both and not s.players[q].left]
    p = item.trigger_data.get("attacked")
    if p is None or s.players[p].left:
        return []
    if ref.kind == ATTACKED_PLAYER.kind:
        return [p]
    c = s.combat
    if c is None:
        return []
    attacking = {s.objs[a].controller for a, d in c.attackers.items() if d == ("p", p) and a in s.objs}
    n = len(s.players)
    return [q for q in ((s.active + k) % n for k in range(n))
            if q in attacking and not s.players[q].left and targeting._is_opponent(g, item.controller, q)]


def _has_attack_a_player(card: CardDef) -> bool:
    return any(isinstance(a.when, AttackAPlayer) for a in card.triggered)


@triggers.watches("attack_declared")
def _attack_a_player(g: Game, e: ev.AttackDeclared) -> None:
    """CR 508.3e: "Whenever one or more [creatures] you control attack an opponent" — once per
    declaration for each player attacked, on the first matching creature declared attacking
    them (attack events follow the whole declaration, in its order)."""
    s = g.s
    c = s.combat
    d = c.attackers.get(e.attacker) if c is not None else None
    if c is None or d is None or d[0] != "p":
        return  # attacking a planeswalker or battle isn't attacking a player (CR 508.3e)
    sources = ch.permanents_with(s, _has_attack_a_player)
    if not sources:
        return
    for sid in ab.with_abilities(g, sources):
        src = s.objs[sid]
        for a in ab.triggered(g, src):
            if not isinstance(a.when, AttackAPlayer):
                continue
            if a.when.whose == "opponent":  # an opponent attacks another of your opponents
                if not (targeting._is_opponent(g, src.controller, e.player)
                        and targeting._is_opponent(g, src.controller, d[1])):
                    continue
            elif src.controller != e.player:
                continue
            first = next((x for x, y in c.attackers.items() if y == d and x in s.objs
                          and s.objs[x].controller == e.player
                          and targeting.matches(g, s.objs[x], a.when.filter, src.controller, sid)), None)
            if first == e.attacker:
                triggers.add_pending(g, src, a, src.controller, src.name, attacked=d[1], attacking=e.player)


def controls_target(g: Game, spec: TargetSpec, t: tuple[str, int], data: Mapping[str, Any]) -> bool:
    """Whether target ``t`` is controlled by the player ``spec.controlled_by`` names (CR 115.1):
    "target creature that player controls" of a trigger that recorded the attacked player."""
    from undercity.cards.language.each_opponent import THE_OPPONENT

    ref = spec.controlled_by
    if ref is None:
        return True
    # the attacked player, or the opponent a reflexive ability was created for (CR 603.12)
    field = {ATTACKED_PLAYER.kind: "attacked", THE_OPPONENT.kind: "opponent"}.get(ref.kind)
    if field is None:
        raise ValueError(f"{ref.kind} names no trigger's player")
    o = g.s.objs.get(t[1]) if t[0] == "o" else None
    return o is not None and o.controller == data.get(field)
