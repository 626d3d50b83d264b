"""Tactics for the heuristic agent: what a spell or ability is worth now and to which
target, combat tricks, and attack and block plans.

Every function is a pure function of the game state, so a decision asked several times
(declaring attackers one creature at a time, targets after the decision to cast) gets the
same plan each time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from undercity.agents import evaluation as ev
from undercity.cards import model as m
from undercity.cards.language import damage_to_controller as ldc
from undercity.cards.language import monstrosity as lm
from undercity.cards.language.cast_during_resolution import CopyCardMayCast
from undercity.cards.language.continuous import (
    GainControlOf,
    LoseAllAbilitiesWhileOnBattlefield,
    LoseAllAbilitiesWhileTapped,
)
from undercity.cards.language.exchange import TradeCreaturesUntilEndOfTurn
from undercity.cards.language.from_graveyard import ReturnSelf
from undercity.cards.language.protection import ProtectionFromChosenColor
from undercity.cards.language.regeneration import Regenerate
from undercity.cards.language.several_targets import OnTargets
from undercity.cards.language.stack_targets import ChangeTargetTo, CounterAbilityDestroySource
from undercity.cards.language.token_copies import CopyOfCardExiledAsCost, CreateTokenCopy
from undercity.cards.language.unearth import Unearth
from undercity.cards.language.zone_moves import ReturnAllFromGraveyard
from undercity.engine import attack_requirements, costs, stack_targets, targeting
from undercity.engine import characteristics as ch
from undercity.engine import combat as cb
from undercity.engine.teams import is_active, teammates
from undercity.mana import total_available

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

Target = tuple[str, int]

_E = ev.effect_class
SEARCH_ANY, IF_ELSE, CANT_BLOCK, DOESNT_UNTAP = _E("SearchAny"), _E("IfElse"), _E("CantBlock"), _E("DoesntUntapNext")
UNTAP, EXPLORE, ATTACH, ATTACH_TO = _E("Untap"), _E("Explore"), _E("Attach"), _E("AttachTo")
DOUBLE_TOUGHNESS, CANT_BE_BLOCKED_BY, BECOME = _E("DoubleToughness"), _E("CantBeBlockedBy"), _E("BecomeUntilEOT")
PUT_FROM_HAND, LOOK_TOP_LAND = _E("PutFromHand"), _E("LookTopPutLand")
PROTECTION_FROM_CHOSEN_COLOR = ProtectionFromChosenColor
IF_CAST_FROM = _E("IfCastFrom")


# ----------------------------------------------------------------------------- helpers


def mine(g: Game, me: int, p: int) -> bool:
    """Is player ``p`` on ``me``'s side (``me`` or a teammate)?"""
    return p in teammates(g, me)


def available_mana(g: Game, me: int) -> int:
    return total_available(costs.mana_sources(g, me), costs.pool_of(g, me))


def token_value(name: str) -> float:
    from undercity.cards.registry import get_token

    try:
        card = get_token(name)
    except KeyError:
        return 1.5
    if "Creature" in card.types:
        return ev.card_creature_value(card)
    return 1.2


def _amount(a: Any, x: int, default: int = 2) -> int:
    if isinstance(a, int):
        return a
    if isinstance(a, m.Count) and a.what == "x":
        return x
    return default


def _opp_lives(g: Game, me: int) -> list[int]:
    return [g.s.players[p].life for p in ev.opponents(g, me)]


def player_damage_value(g: Game, me: int, p: int, n: int) -> float:
    """The value for ``me`` of player ``p`` losing ``n`` life."""
    if n <= 0:
        return 0.0
    life = g.s.players[p].life
    if mine(g, me, p):
        return -(0.4 * n + (ev.LETHAL_BONUS if n >= life else 0.0) + (2.0 if life - n <= 5 else 0.0))
    v = 0.5 * n
    if n >= life:
        v += ev.LETHAL_BONUS
    elif life <= 2 * n + 2:
        v += 0.6 * n  # burn range: finishing matters
    return v


# ----------------------------------------------------------------------------- combat tricks


def in_combat_after_blocks(g: Game) -> bool:
    s = g.s
    return s.combat is not None and s.step in ("declare-blockers", "first-strike-damage")


def trick_gain(g: Game, me: int, o: Obj, dp: int, dt: int, kws: frozenset[str] = frozenset()) -> float:
    """What giving ``o`` +dp/+dt (and ``kws``) until end of turn gains ``me`` now: in combat
    after blockers are declared, or in response to damage aimed at it."""
    s = g.s
    objs = s.objs
    gain = 0.0
    # In response to an opponent's damage spell or ability aimed at it.
    if s.stack:
        top = s.stack[-1]
        if not mine(g, me, top.controller) and ("o", o.id) in [tuple(t) for t in top.targets]:
            effs = ev.flatten(_item_effects(g, top))
            for k, t in enumerate(top.targets):
                if tuple(t) != ("o", o.id):
                    continue
                for e in effs:
                    if isinstance(e, m.DealDamage) and ev.refs_target(e.to, k):
                        n = _amount(e.amount, top.x or 0)
                        t_now = ch.toughness(g, o) - o.damage
                        if n >= t_now and (n < t_now + dt or "indestructible" in kws):
                            gain += ev.creature_value(g, o)
                    elif isinstance(e, m.Destroy) and ev.refs_target(e.what, k) and "indestructible" in kws:
                        gain += ev.creature_value(g, o)
        return gain
    c = s.combat
    if c is None or not in_combat_after_blocks(g):
        return 0.0
    if o.id in c.attackers:
        blockers = [objs[b] for b in c.blocked_by.get(o.id, []) if b in objs]
        if not blockers:
            if o.id in c.blocked:
                return 0.0
            d = c.attackers[o.id]
            if d[0] != "p" or dp <= 0:
                return 0.0
            through = sum(max(ch.power(g, objs[a]), 0) for a in c.attackers
                          if a in objs and a not in c.blocked and c.attackers[a] == d)
            life = s.players[d[1]].life
            v = 0.45 * dp
            if through < life <= through + dp:
                v += ev.LETHAL_BONUS
            return v
        before = ev.gang_block(g, o, blockers)
        after = ev.gang_block(g, o, blockers, a_pt=(dp, dt))
        if "indestructible" in kws:
            after = (False, after[1])
        if "deathtouch" in kws and ch.power(g, o) + dp > 0:
            after = (after[0], [b.id for b in blockers][: max(1, ch.power(g, o) + dp)])
        if before[0] and not after[0]:
            gain += ev.creature_value(g, o)
        for b in blockers:
            if b.id in after[1] and b.id not in before[1]:
                gain += ev.creature_value(g, b)
        if "trample" in kws or ch.has(g, o, "trample"):
            gain += 0.2 * dp
        return gain
    if o.id in c.blockers:
        atk = [objs[a] for a in c.blockers[o.id] if a in objs]
        if not atk:
            return 0.0
        a = atk[0]
        others = [objs[b] for b in c.blocked_by.get(a.id, []) if b in objs]
        before = ev.gang_block(g, a, others)
        after = ev.gang_block(g, a, others, b_pt={o.id: (dp, dt)})
        if "deathtouch" in kws and ch.power(g, o) + dp > 0:
            after = (True, after[1])
        dead_after = [x for x in after[1] if x != o.id or "indestructible" not in kws]
        if o.id in before[1] and o.id not in dead_after:
            gain += ev.creature_value(g, o)
        if after[0] and not before[0]:
            gain += ev.creature_value(g, a)
        return gain
    return 0.0


def incoming_combat(g: Game, me: int) -> tuple[int, float]:
    """For a combat where ``me`` is attacked, after blocks: (damage to ``me``, value of ``me``'s
    creatures that die)."""
    s = g.s
    c = s.combat
    if c is None:
        return 0, 0.0
    objs = s.objs
    dmg = 0
    lost = 0.0
    for a, d in c.attackers.items():
        ao = objs.get(a)
        if ao is None or mine(g, me, ao.controller):
            continue
        if d[0] == "p" and mine(g, me, d[1]):
            blockers = [objs[b] for b in c.blocked_by.get(a, []) if b in objs]
            if a not in c.blocked:
                dmg += max(ch.power(g, ao), 0)
            elif blockers:
                a_dies, dead = ev.gang_block(g, ao, blockers)
                lost += sum(ev.creature_value(g, objs[b]) for b in dead)
                if ch.has(g, ao, "trample"):
                    dmg += max(0, ch.power(g, ao) - sum(ch.toughness(g, b) for b in blockers))
    return dmg, lost


def my_attack_losses(g: Game, me: int) -> float:
    """Value of ``me``'s attacking creatures that die to their blockers."""
    s = g.s
    c = s.combat
    if c is None:
        return 0.0
    lost = 0.0
    for a in c.attackers:
        ao = s.objs.get(a)
        if ao is None or not mine(g, me, ao.controller):
            continue
        blockers = [s.objs[b] for b in c.blocked_by.get(a, []) if b in s.objs]
        if blockers and ev.gang_block(g, ao, blockers)[0]:
            lost += ev.creature_value(g, ao)
    return lost


# ----------------------------------------------------------------------------- effects: values


def _item_effects(g: Game, item: Any) -> tuple[m.Effect, ...]:
    from undercity.engine.resolve import effects_of

    try:
        return effects_of(g, item)
    except Exception:  # an unusual item: no effects known
        return ()


def base_value(g: Game, me: int, e: m.Effect, source: int | None, x: int) -> float:
    """The value for ``me`` of an untargeted effect (its targeted parts are scored by
    :func:`target_value`)."""
    s = g.s
    opps = ev.opponents(g, me)
    if isinstance(e, m.Draw):
        n = _amount(e.n, x, 1)
        if e.who == m.YOU:
            lib = len(s.players[me].library)
            return -ev.LETHAL_BONUS if n > lib else 1.5 * n
        if e.who == m.EACH_OPPONENT:
            return -1.5 * n * len(opps)
        return 0.0
    if isinstance(e, m.GainLife):
        n = _amount(e.n, x, 2)
        if e.who == m.YOU:
            return (0.6 if s.players[me].life < 8 else 0.3) * n
        return 0.0
    if isinstance(e, m.LoseLife):
        n = _amount(e.n, x, 2)
        if e.who == m.YOU:
            return player_damage_value(g, me, me, n)
        if e.who in (m.EACH_OPPONENT, m.EACH_PLAYER, m.DEFENDING):
            v = sum(player_damage_value(g, me, p, n) for p in opps)
            if e.who == m.EACH_PLAYER:
                v += player_damage_value(g, me, me, n)
            return v
        return 0.0
    if isinstance(e, Regenerate) and e.what == m.SELF:
        return _regeneration_value(g, me, s.objs.get(source) if source is not None else None)
    if isinstance(e, m.CreateToken):
        n = _amount(e.n, x, 1)
        if e.who == m.YOU:
            return n * token_value(e.token)
        return -n * token_value(e.token)
    if isinstance(e, m.TakeInitiative):
        if e.who != m.YOU:
            return 0.0
        return 1.5 if s.initiative == me else ev.INITIATIVE_VALUE + 1.5
    if isinstance(e, m.Venture):
        return 1.5
    if isinstance(e, m.Search):
        if e.filter.types and "Land" in e.filter.types:
            if e.who != m.YOU:
                return 0.0
            lands = ev.lands_of(g, me)
            v = (2.5 if e.to == "battlefield" else 1.5) * e.n
            return v if lands < 7 else 0.5 * e.n
        return 2.5 * e.n
    if isinstance(e, SEARCH_ANY):
        return 2.5 if ev.lands_of(g, me) < 7 else 0.5
    if isinstance(e, PUT_FROM_HAND):  # a land from the hand: ramp, if there is one to put
        if not any(targeting.matches(g, s.objs[c], e.filter, me) for c in s.players[me].hand):
            return 0.0
        return 2.0 if ev.lands_of(g, me) < 9 else 0.5
    if isinstance(e, LOOK_TOP_LAND):  # about two chances in five of a land
        return 1.0 if ev.lands_of(g, me) < 9 else 0.3
    if isinstance(e, m.Scry | m.Surveil):
        return 0.3 * e.n
    if isinstance(e, m.Discard):
        n = _amount(e.n, x, 1)
        if e.who == m.YOU:
            return -1.2 * min(n, max(len(s.players[me].hand) - 1, 0))
        if e.who == m.EACH_OPPONENT:
            return sum(1.2 * min(n, len(s.players[p].hand)) for p in opps)
        return 0.0
    if isinstance(e, ReturnAllFromGraveyard):
        # "Return all creature cards with power 2 or less from your graveyard to your hand"
        # (Dawn): each card it would return, worth about what it is in hand (more onto the
        # battlefield); nothing to return, nothing gained.
        gy = s.players[me].graveyard
        v = sum(ev.card_value(s.objs[c].card) for c in gy if targeting.matches(g, s.objs[c], e.filter, me, source))
        return v * (1.5 if e.to == "battlefield" else 1.0)
    if isinstance(e, m.DestroyAll):
        v = 0.0
        for oid in s.battlefield:
            o = s.objs[oid]
            if targeting.matches(g, o, e.filter, me) and not ch.has(g, o, "indestructible"):
                pv = ev.permanent_value(g, o)
                v += -pv if mine(g, me, o.controller) else pv
        return v
    if isinstance(e, m.Pump) and e.what.kind == "all":
        v = 0.0
        p, t = _amount(e.p, x), _amount(e.t, x)
        for oid in s.battlefield:
            o = s.objs[oid]
            if ch.is_creature(o) and targeting.matches(g, o, e.what.filter, me):
                gain = trick_gain(g, me, o, p, t, e.keywords)
                v += gain if mine(g, me, o.controller) else -gain
        return v
    if isinstance(e, m.PreventCombatDamage):
        if not in_combat_after_blocks(g):
            return 0.0
        if is_active(g, me):
            return my_attack_losses(g, me) - (0.0 if e.to_you_and_yours_only else 3.0)
        dmg, lost = incoming_combat(g, me)
        return -player_damage_value(g, me, me, dmg) + lost
    if isinstance(e, m.PutFromHandOnTop):
        return -1.0 * e.n
    if isinstance(e, m.RevealPutCreature):
        return 5.0
    if isinstance(e, m.ExileTopMayPlay):
        return 1.2 * e.n
    if isinstance(e, m.DrawRevealMayCastFree):
        return 4.0
    if isinstance(e, m.SacrificeChoice):
        whose = opps if e.who in (m.EACH_OPPONENT, m.DEFENDING) else [me] if e.who == m.YOU else []
        v = 0.0
        for p in whose:
            vals = [ev.permanent_value(g, s.objs[oid]) for oid in s.battlefield if s.objs[oid].controller == p
                    and targeting.matches(g, s.objs[oid], e.filter, p)]
            if vals:
                v += -min(vals) if p == me else min(vals)
        return v
    if isinstance(e, m.SacrificeEach):
        return -4.0 if e.who == m.YOU else 4.0
    if isinstance(e, m.ReturnToHand) and e.what == m.SELF and source is not None and source in s.objs:
        o = s.objs[source]
        return -0.8 * ev.permanent_value(g, o) if o.zone == "battlefield" else 1.0
    if isinstance(e, CopyOfCardExiledAsCost) and source is not None and source in s.objs:
        # eternalize (CR 702.129a): a 4/4 copy of the card, from the graveyard
        return ev.card_value(s.objs[source].card) + 1.0
    if isinstance(e, Unearth) and source is not None and source in s.objs:
        # unearth (CR 702.84a): a hasty attacker for one turn, then exiled — worth it when it can
        # attack now, little before combat is over
        card = s.objs[source].card
        attack_now = s.active == me and s.step in ("precombat-main", "beginning-of-combat")
        return (0.6 * ev.card_value(card) + 0.5 * (card.power or 0)) if attack_now else 0.3
    if isinstance(e, ReturnSelf) and source is not None and source in s.objs:
        # "Return this card from your graveyard …" (CR 113.6m): the card back, to the hand or as
        # a permanent (a tapped one can't block this turn).
        back = ev.card_value(s.objs[source].card)
        return 0.8 * back if e.to == "hand" else back - (0.5 if e.tapped else 0.0)
    if isinstance(e, m.PutCounters) and e.what == m.SELF:
        return 1.0 * _amount(e.n, x, 1)
    if isinstance(e, ldc.EachDealsDamageToController):
        # "Each creature deals 1 damage to its controller": each creature's damage to its player.
        return sum(player_damage_value(g, me, s.objs[oid].controller, e.n) for oid in s.battlefield
                   if targeting.matches(g, s.objs[oid], e.filter, me, source))
    if isinstance(e, lm.Monstrosity) and source is not None and source in s.objs:
        # CR 701.37a: the counters and what becoming monstrous unlocks — nothing once it is.
        from undercity.engine.monstrosity import is_monstrous

        return 0.0 if is_monstrous(g, s.objs[source]) else 1.0 * _amount(e.n, x, 4) + 2.5  # a d8: about 4
    if isinstance(e, m.Pump) and e.what == m.SELF and source is not None and source in s.objs:
        return trick_gain(g, me, s.objs[source], _amount(e.p, x), _amount(e.t, x), e.keywords)
    if isinstance(e, m.AddMana | m.CopySpell | m.ExileGraveyards | m.Mill):
        return 0.0
    if isinstance(e, IF_ELSE):
        return sum(base_value(g, me, x2, source, x) for x2 in e.then)
    if isinstance(e, IF_CAST_FROM):
        # "If this spell was cast from exile, … instead": the branch a card cast from where it is
        # now would take (CR 601.2a).
        here = source is not None and source in s.objs and s.objs[source].zone == e.zone
        return sum(base_value(g, me, x2, source, x) for x2 in (e.then if here else e.otherwise))
    if any(ev.refs_target(r, i) for r in ev._effect_refs(e) for i in range(4)):
        return 0.0  # targeted: see target_value
    return 0.3


def target_value(g: Game, me: int, effects: tuple[m.Effect, ...], i: int, t: Target | None, x: int = 0,
                 n_targets: int = 1) -> float:
    """The value for ``me`` of choosing ``t`` as target ``i`` of ``effects``."""
    if t is None:
        return 0.0
    s = g.s
    kind, ident = t
    o = s.objs.get(ident) if kind == "o" else None
    if kind == "o" and o is None:
        return -1.0
    if o is not None:
        own = mine(g, me, o.controller if o.zone in ("battlefield", "stack") else o.owner)
    elif kind == "s":  # an ability on the stack: its controller's (CR 113.7)
        ability = stack_targets.on_stack(g, ident)
        own = ability is None or mine(g, me, ability.controller)
    else:
        own = mine(g, me, ident)
    sign = -1.0 if own else 1.0
    total = 0.0
    for e in ev.flatten(effects):
        if isinstance(e, ReturnSelf) and e.attach_to is not None:
            e = m.Pump(0, 0, e.attach_to, frozenset({"aura"}))  # an Aura returned onto it: like casting it
        if isinstance(e, OnTargets):  # "destroy six target creatures": what it does to target i
            if not e.covers(i):
                continue
            e = e.one(i)
        divided = isinstance(e, m.DivideDamage)
        if not divided and not any(ev.refs_target(r, i) for r in ev._effect_refs(e)):
            continue
        total += _one_target_value(g, me, e, t, o, own, sign, x, n_targets)
    return total


def threat_colors(g: Game, me: int, o: Obj) -> list[str]:
    """The colors (CR 105.1 words) whose protection would help ``o`` most now, best first: the
    color of an opponent's spell or ability aimed at it, then of the creatures in combat with
    it, then the most common color among the opponents' permanents (CR 702.16)."""
    from undercity.cards.language.protection import COLOR_WORDS

    s = g.s
    score = dict.fromkeys(COLOR_WORDS, 0.0)
    letter = {v: k for k, v in COLOR_WORDS.items()}

    def add(oid: int | None, w: float) -> None:
        src = s.objs.get(oid) if oid is not None else None
        if src is not None:
            for c in ch.colors(src, g):
                if c in letter:
                    score[letter[c]] += w

    for item in s.stack:
        if not mine(g, me, item.controller) and ("o", o.id) in [tuple(t) for t in item.targets]:
            add(item.obj if item.obj is not None else item.source, 100.0)
    c = s.combat
    if c is not None:
        for b in c.blocked_by.get(o.id, []):
            add(b, 10.0 + ch.power(g, s.objs[b]) if b in s.objs else 0.0)
        for a in c.blockers.get(o.id, []):
            add(a, 10.0)
    for oid in s.battlefield:
        if not mine(g, me, s.objs[oid].controller):
            add(oid, 1.0)
    return sorted(COLOR_WORDS, key=lambda w: -score[w])


def _protection_value(g: Game, me: int, o: Obj | None, own: bool) -> float:
    """Protection from a chosen color (Mother of Runes): saving it from an opponent's spell or
    ability aimed at it, or from the creatures it fights; little otherwise."""
    if o is None or not own or not ch.is_creature(o):
        return -0.3 if o is not None else 0.0
    s = g.s
    if any(not mine(g, me, it.controller) and ("o", o.id) in [tuple(t) for t in it.targets] for it in s.stack):
        return ev.creature_value(g, o)
    if in_combat_after_blocks(g) and s.combat is not None and (s.combat.blocked_by.get(o.id)
                                                                 or s.combat.blockers.get(o.id)):
        return 0.5 * ev.creature_value(g, o)
    return -0.1


def about_to_be_destroyed(g: Game, me: int, o: Obj) -> bool:
    """Whether ``o`` would be destroyed soon: by an opponent's destroy or lethal damage on the
    stack, or by lethal combat damage once blockers are declared (CR 701.8, 704.5g)."""
    s = g.s
    for item in s.stack:
        if mine(g, me, item.controller):
            continue
        aimed = [k for k, t in enumerate(item.targets) if tuple(t) == ("o", o.id)]
        for e in ev.flatten(_item_effects(g, item)):
            if isinstance(e, m.DestroyAll) and e.regenerate and targeting.matches(g, o, e.filter, item.controller):
                return True
            if isinstance(e, m.Destroy) and e.regenerate and any(ev.refs_target(e.what, k) for k in aimed):
                return True
            if isinstance(e, m.DealDamage) and any(ev.refs_target(e.to, k) for k in aimed) \
                    and _amount(e.amount, item.x or 0) >= ch.toughness(g, o) - o.damage:
                return True
    c = s.combat
    if c is None or not in_combat_after_blocks(g):
        return False
    foes = [s.objs[b] for b in c.blocked_by.get(o.id, []) + c.blockers.get(o.id, []) if b in s.objs]
    hit = sum(max(ch.power(g, f), 0) for f in foes)
    return bool(foes) and (hit >= ch.toughness(g, o) - o.damage or any(ch.has(g, f, "deathtouch") for f in foes))


def _regeneration_value(g: Game, me: int, o: Obj | None) -> float:
    """A regeneration shield (CR 701.19a): worth the creature when it is about to be destroyed
    and has no shield yet; otherwise the mana is better kept."""
    from undercity.engine import regeneration

    if o is None or o.controller != me or regeneration.shielded(g, o) or not about_to_be_destroyed(g, me, o):
        return -0.5
    return ev.creature_value(g, o)


def _steal_value(g: Game, me: int, e: GainControlOf, o: Obj | None, own: bool) -> float:
    """Gaining control of ``o`` (CR 613.1b): for good, it swings the board by its value twice;
    until end of turn (Threaten) it is worth an attack now — before combat on our own turn —
    and making their best blocker ours (the spell's "untap it, it gains haste" parts are
    counted here, not as helping an opponent's creature)."""
    if o is None or o.zone != "battlefield":
        return 0.0
    if own:
        return -1.0
    v = ev.permanent_value(g, o)
    if e.until in ("always", "source_controlled"):
        return 2.0 * v if e.until == "always" else 1.6 * v
    if not ch.is_creature(o, g) or not is_active(g, me) or g.s.step != "precombat-main":
        return -1.0
    return 1.0 + 0.8 * max(ch.power(g, o), 0) + 0.3 * ev.creature_value(g, o) + 1.2


def _trade_value(g: Game, me: int, t: Target) -> float:
    """Reins of Power with opponent ``t``: before combat on our turn, their creatures attack for
    us (untapped, with haste) while ours become their blockers; at any other time it does
    nothing useful."""
    if t[0] != "p" or mine(g, me, t[1]) or not is_active(g, me) or g.s.step != "precombat-main":
        return -1.0
    theirs = sum(0.8 * max(ch.power(g, o), 0) for o in ev.creatures_of(g, [t[1]]))
    ours = sum(0.5 * max(ch.power(g, o), 0) for o in ev.creatures_of(g, [me]))
    return theirs - ours - 1.0


def _kill_value(g: Game, o: Obj, n: int) -> float | None:
    """If ``n`` damage destroys creature ``o``: its value; else None."""
    if not ch.is_creature(o) or ch.has(g, o, "indestructible"):
        return None
    if n >= ch.toughness(g, o) - o.damage:
        return ev.creature_value(g, o)
    return None


def _one_target_value(g: Game, me: int, e: m.Effect, t: Target, o: Obj | None, own: bool, sign: float,
                      x: int, n_targets: int) -> float:
    s = g.s
    if isinstance(e, CopyCardMayCast):
        # A copy of the card to cast (CR 707.12): about what the card itself is worth (free: more).
        return ev.card_value(o.card) * (1.0 if e.free else 0.5) if o is not None else 0.0
    if isinstance(e, CreateTokenCopy):
        # A token copy is ours whoever controls the original (CR 707.2, 111.2): the best permanent.
        return ev.permanent_value(g, o) if o is not None and o.zone == "battlefield" else 0.0
    if isinstance(e, m.DealDamage | m.DivideDamage):
        n = _amount(e.amount, x)
        if isinstance(e, m.DivideDamage):
            n = n // max(n_targets, 1)
        if o is None:
            return player_damage_value(g, me, t[1], n)
        if ch.is_creature(o):
            kv = _kill_value(g, o, n)
            if kv is not None:
                return sign * kv
            return sign * 0.1 * n
        if "Planeswalker" in o.card.types:
            return sign * min(n, o.counters.get("loyalty", 0)) * 1.0
        return 0.0
    if isinstance(e, m.LoseLife):
        if o is not None:
            return 0.0
        return player_damage_value(g, me, t[1], _amount(e.n, x))
    if isinstance(e, m.Destroy):
        from undercity.engine import regeneration

        if o is None or ch.has(g, o, "indestructible") or regeneration.shielded(g, o, e.regenerate):
            return 0.0
        return sign * ev.permanent_value(g, o)
    if isinstance(e, LoseAllAbilitiesWhileTapped | LoseAllAbilitiesWhileOnBattlefield):
        # Immovable Rod: like removal for as long as the Rod stays tapped (about half its worth);
        # Opportunistic Dragon: for as long as it stays on the battlefield.
        if o is None or o.zone != "battlefield":
            return 0.0
        return sign * 0.5 * ev.permanent_value(g, o)
    if isinstance(e, m.ExileIt):
        if o is None:
            return 0.0
        if o.zone != "battlefield":
            return sign * 0.5 * ev.card_value(o.card)
        return sign * ev.permanent_value(g, o) * 1.05
    if isinstance(e, m.ReturnToHand):
        if o is None:
            return 0.0
        if o.zone == "graveyard":
            return -sign * ev.card_value(o.card)
        if o.zone == "battlefield":
            v = ev.permanent_value(g, o)
            return sign * (v if o.token else 0.45 * v)
        return 0.0
    if isinstance(e, ChangeTargetTo):
        return _redirect_value(g, me, t, own)
    if isinstance(e, CounterAbilityDestroySource):
        # an opponent's ability countered, and the permanent it came from destroyed (Green Slime)
        ability = stack_targets.on_stack(g, t[1]) if t[0] == "s" else None
        src = s.objs.get(ability.source) if ability is not None and ability.source is not None else None
        gone = ev.permanent_value(g, src) if src is not None and src.zone == "battlefield" else 0.0
        return sign * (2.0 + gone)
    if isinstance(e, m.CounterSpell):
        if o is None:  # an ability (CR 701.6a): worth countering an opponent's
            return sign * 2.0 if t[0] == "s" else 0.0
        return sign * (2.0 + 1.5 * o.card.mana_value)
    if isinstance(e, m.Discard):
        if o is not None:
            return 0.0
        n = _amount(e.n, x, 1)
        return sign * 1.2 * min(n, len(s.players[t[1]].hand))
    if isinstance(e, m.Mill):
        return sign * 0.1 * _amount(e.n, x, 1) if o is None else 0.0
    if isinstance(e, m.SacrificeChoice):
        if o is not None:
            return 0.0
        vals = [ev.permanent_value(g, s.objs[oid]) for oid in s.battlefield if s.objs[oid].controller == t[1]
                and targeting.matches(g, s.objs[oid], e.filter, t[1])]
        return sign * (min(vals) if vals else 0.0)
    if isinstance(e, m.Goad):
        if o is None:
            return 0.0
        if own:
            return -1.0 - 0.1 * ev.creature_value(g, o)
        # Good to goad what dies attacking into our blockers; worse to goad a big threat.
        blockers = [b for b in ev.creatures_of(g, teammates(g, me))]
        if any(ev.duel(g, o, b) == (True, False) for b in blockers if ev.can_block(g, b, o)):
            return 2.0 + 0.3 * ev.creature_value(g, o)
        return 1.0 + 0.05 * ev.creature_value(g, o)
    if isinstance(e, (m.CantAttack, CANT_BLOCK, DOESNT_UNTAP)):
        if o is None:
            return 0.0
        return sign * 0.3 * ev.permanent_value(g, o)
    if isinstance(e, PROTECTION_FROM_CHOSEN_COLOR):
        return _protection_value(g, me, o, own)
    if isinstance(e, Regenerate):
        return _regeneration_value(g, me, o) if own else -0.5
    if isinstance(e, m.Pump | m.PumpUntil):
        if o is None or not ch.is_creature(o):
            return 0.0
        p, tt = _amount(e.p, x), _amount(e.t, x)
        if p + tt < 0 or (p + tt == 0 and not e.keywords and p < 0):
            if not own:
                if tt < 0 and ch.toughness(g, o) + tt - o.damage <= 0:
                    return ev.creature_value(g, o)
                return 0.3 * min(-p, max(ch.power(g, o), 0)) + 0.1
            return -0.3 * max(-p, 0) - 0.5
        if own:
            gain = trick_gain(g, me, o, p, tt, e.keywords) if isinstance(e, m.Pump) else 0.0
            if "haste" in e.keywords and o.sick and is_active(g, me) and g.s.step == "precombat-main":
                gain += 0.6 * max(ch.power(g, o) + p, 0)
            if isinstance(e, m.PumpUntil):
                gain += 0.3 * (p + tt)
            # Something small to rank creatures by, when the gain can't be predicted.
            return gain + 0.02 * ev.creature_value(g, o) + (0.05 if e.keywords else 0.0)
        return -0.5 - 0.1 * (p + tt)
    if isinstance(e, m.PutCounters):
        if o is None or not ch.is_creature(o):
            return 0.0
        n = _amount(e.n, x, 1)
        good = e.counter == "+1/+1"
        if e.counter == "-1/-1" and not own and ch.toughness(g, o) - n - o.damage <= 0:
            return ev.creature_value(g, o)
        v = 1.2 * n + 0.08 * ev.creature_value(g, o)
        if ch.has(g, o, "flying") or ch.has(g, o, "menace") or ch.has(g, o, "trample"):
            v += 0.3 * n
        if good:
            return v if own else -v
        return -v if own else v
    if isinstance(e, m.GainLife):
        return (0.3 if o is None and own else -0.3) * _amount(e.n, x)
    if isinstance(e, m.Draw):
        return (1.5 if own else -1.5) * _amount(e.n, x, 1)
    if isinstance(e, m.ReturnToBattlefield):
        if o is None:
            return 0.0
        return ev.card_creature_value(o.card) if "Creature" in o.card.types else ev.card_value(o.card)
    if isinstance(e, UNTAP):
        if o is None:
            return 0.0
        return (0.5 + 0.05 * ev.permanent_value(g, o)) * (1 if o.tapped else 0.2) * (1 if own else -1)
    if isinstance(e, EXPLORE):
        return 1.0 if own else -1.0
    if isinstance(e, (ATTACH, ATTACH_TO)):
        if o is None:
            return 0.0
        if not own:
            return -1.0
        return 1.0 + 0.12 * ev.creature_value(g, o) + (0.5 if not o.sick else 0.0)
    if isinstance(e, DOUBLE_TOUGHNESS):
        return 0.5 if own else -0.5
    if isinstance(e, m.MustBeBlocked):
        return 0.3 if own else -0.3
    if isinstance(e, CANT_BE_BLOCKED_BY):
        return (0.4 + 0.3 * max(ch.power(g, o), 0)) if (own and o is not None) else -0.4
    if isinstance(e, BECOME):
        if o is None:
            return 0.0
        bp = e.base[0]
        if own:
            return 0.4 if ch.power(g, o) <= bp else -0.4 * (ch.power(g, o) - bp)
        return 0.4 * max(ch.power(g, o) - bp, 0)
    if isinstance(e, m.CreateToken):
        return (1.0 if own else -1.0) * token_value(e.token) * _amount(e.n, x, 1)
    if isinstance(e, m.Venture):
        return 1.5 if own else -1.5
    if isinstance(e, m.TakeInitiative):
        return 3.0 if own else -3.0
    if isinstance(e, GainControlOf):
        return _steal_value(g, me, e, o, own)
    if isinstance(e, TradeCreaturesUntilEndOfTurn):
        return _trade_value(g, me, t)
    # Anything else: helpful effects for our things, harmful ones for the opponents'.
    return -0.5 * sign if isinstance(e, ev.HELPFUL) else 0.5 * sign


def best_targets(g: Game, me: int, effects: tuple[m.Effect, ...], specs: tuple[m.TargetSpec, ...],
                 source: int | None, x: int = 0) -> tuple[float, list[Target | None]]:
    """The best choice for each target specification (greedy, distinct targets) and the
    total value; a required target with no candidate makes the value -inf."""
    total = 0.0
    chosen: list[Target | None] = []
    for i, spec in enumerate(specs):
        cands = [c for c in targeting.candidates(g, spec, me, source) if c not in chosen]
        best: Target | None = None
        best_v = 0.0 if spec.optional else float("-inf")
        for c in cands:
            v = target_value(g, me, effects, i, c, x)
            if v > best_v:
                best, best_v = c, v
        if best is None and not spec.optional:
            return float("-inf"), chosen
        chosen.append(best)
        total += best_v
    return total, chosen


def _redirect_value(g: Game, me: int, t: Target, own: bool) -> float:
    """Changing a target of spell or ability ``t`` to our own permanent (CR 115.7b): worth it
    to draw an opponent's spell or ability away from our things, never for our own."""
    item = stack_targets.item_of(g, t)
    if item is None or own:
        return -1.0
    s = g.s
    ours = [x for x in item.targets if x[0] == "p" and mine(g, me, x[1])
            or x[0] == "o" and x[1] in s.objs and s.objs[x[1]].zone == "battlefield" and mine(g, me, s.objs[x[1]].controller)]
    return 3.0 if ours else -1.0


def ability_value(g: Game, me: int, effects: tuple[m.Effect, ...], specs: tuple[m.TargetSpec, ...],
                  source: int | None, x: int = 0) -> float:
    base = sum(base_value(g, me, e, source, x) for e in effects)
    tv, _ = best_targets(g, me, effects, specs, source, x)
    return base + tv


# ----------------------------------------------------------------------------- attacks


def default_defender(g: Game, me: int, defs: list[tuple[str, int]]) -> tuple[str, int] | None:
    """Whom to attack: the opponent with the initiative (attacking steals it, CR 726.2), else
    the monarch (combat damage takes it, CR 725.2), else the one with the lowest life."""
    s = g.s
    players = [d for d in defs if d[0] == "p"]
    if not players:
        return defs[0] if defs else None
    for holder in (s.initiative, s.monarch):
        for d in players:
            if holder is not None and d[1] == holder:
                return d
    return min(players, key=lambda d: (s.players[d[1]].life, d[1]))


#: After this many rounds of turns, attacks that trade are made even when behind on board.
STALL_TURN = 10


@dataclass
class AttackPlan:
    attackers: dict[int, tuple[str, int]]
    lethal: bool = False


def _through_estimate(g: Game, attackers: list[Obj], blockers: list[Obj]) -> int:
    """Damage that gets through if the defender chump-blocks the biggest blockable attackers."""
    powers = []
    free = 0
    for a in attackers:
        p = max(ch.power(g, a), 0)
        able = [b for b in blockers if ev.can_block(g, b, a)]
        if not able or (ch.has(g, a, "menace") and len(able) < 2):
            free += p
        else:
            powers.append(p)
    powers.sort(reverse=True)
    nb = len(blockers)
    return free + sum(powers[nb:])


def attack_plan(g: Game, me: int) -> AttackPlan:
    s = g.s
    objs = s.objs
    able = [objs[oid] for oid in s.battlefield if objs[oid].controller == me and cb.can_attack(g, objs[oid])]
    defs = cb.defenders_for(g, me)
    if not able or not defs:
        return AttackPlan({})
    target = default_defender(g, me, defs)
    assert target is not None
    tp = target[1] if target[0] == "p" else objs[target[1]].controller
    defenders = [p for p in teammates(g, tp) if not s.players[p].left]
    blockers = ev.potential_blockers(g, defenders)
    life = s.players[tp].life
    holder_is_target = s.initiative is not None and s.initiative in defenders
    # Trades are welcome when we are ahead on board, and in long games (to break stalls).
    ours = sum(ev.creature_value(g, o) for o in ev.creatures_of(g, [me]))
    theirs = sum(ev.creature_value(g, o) for o in ev.creatures_of(g, defenders))
    aggressive = ours > theirs * 1.3 + 2 or s.turn >= STALL_TURN * len(s.living())
    plan: dict[int, tuple[str, int]] = {}
    for a in able:
        if attack_requirements.must_attack(g, a):  # CR 508.1d: goaded, "attacks each combat if able"
            plan[a.id] = _goad_defender(g, a, defs, target)
            continue
        if ch.power(g, a) <= 0:
            continue
        va = ev.creature_value(g, a)
        cands = [b for b in blockers if ev.can_block(g, b, a)]
        if ch.has(g, a, "menace") and len(cands) < 2:
            cands = []
        worst = 0
        for b in cands:
            a_dies, b_dies = ev.duel(g, a, b)
            if a_dies and not b_dies:
                worst = 2
                break
            if a_dies and b_dies and ev.creature_value(g, b) < va - 0.5:
                worst = max(worst, 1)
        # A double block that kills it while losing at most one cheap blocker.
        if worst == 0 and len(cands) >= 2 and not ch.has(g, a, "menace"):
            pair = sorted(cands, key=lambda b: -ch.power(g, b))[:2]
            a_dies, dead = ev.gang_block(g, a, pair)
            if a_dies and len(dead) <= 1 and sum(ev.creature_value(g, objs[d]) for d in dead) < va:
                worst = 1
        if worst == 0 or (worst == 1 and (holder_is_target or aggressive)):
            plan[a.id] = target
    attacking = [a for a in able if ch.power(g, a) > 0]
    through_all = _through_estimate(g, attacking, blockers)
    lethal = through_all >= life
    if lethal:
        for a in attacking:
            plan.setdefault(a.id, target)
    elif holder_is_target and len(attacking) > len(blockers):
        # More attackers than blockers: one of them gets through and steals the initiative.
        for a in attacking:
            plan.setdefault(a.id, target)
    if not lethal and plan:
        plan = _keep_defenders(g, me, plan, able)
    return AttackPlan(plan, lethal)


def _goad_defender(g: Game, a: Obj, defs: list[tuple[str, int]], target: tuple[str, int]) -> tuple[str, int]:
    by = attack_requirements.goaded_by(g, a)
    others = [d for d in defs if d[0] == "p" and d[1] not in by]
    if not others or target in others:
        return target
    return others[0]


def _keep_defenders(g: Game, me: int, plan: dict[int, tuple[str, int]], able: list[Obj]) -> dict[int, tuple]:
    """Don't attack with creatures needed to survive the crack-back."""
    s = g.s
    objs = s.objs
    my_life = s.players[me].life
    # The most dangerous opponent's creatures (in a multiplayer game the others are busy too).
    their: list[int] = []
    for p in ev.opponents(g, me):
        powers = sorted((max(ch.power(g, c), 0) for c in ev.creatures_of(g, [p]) if not ch.has(g, c, "defender")),
                        reverse=True)
        if sum(powers) > sum(their):
            their = powers
    if not their:
        return plan
    mine_all = ev.creatures_of(g, [me])
    plan = dict(plan)

    def crack_back() -> int:
        home = [o for o in mine_all if o.id not in plan or ch.has(g, o, "vigilance")]
        # Each creature at home can chump the biggest attacker (fliers ignored for simplicity).
        return sum(their[len(home):])

    removable = sorted((objs[a] for a in plan if not attack_requirements.must_attack(g, objs[a])),
                       key=lambda o: (ch.toughness(g, o) - ch.power(g, o), -ev.creature_value(g, o)), reverse=True)
    while crack_back() >= my_life and removable:
        plan.pop(removable.pop(0).id)
    return plan


# ----------------------------------------------------------------------------- blocks


def _attacks_me(g: Game, me: int, d: tuple[str, int]) -> bool:
    return cb._attacks_player(g, d, me)


def block_plan(g: Game, me: int) -> list[tuple[int, int]]:
    """(blocker, attacker) pairs: good blocks first, then trades, then chump blocks to survive
    (or to keep the initiative)."""
    s = g.s
    c = s.combat
    if c is None:
        return []
    objs = s.objs
    attackers = [objs[a] for a, d in c.attackers.items() if a in objs and _attacks_me(g, me, d)]
    if not attackers:
        return []
    free = [objs[oid] for oid in s.battlefield if objs[oid].controller == me and ch.is_creature(objs[oid])
            and not objs[oid].tapped]
    life = s.players[me].life
    attackers.sort(key=lambda a: (-ev.creature_value(g, a), a.id))
    plan: list[tuple[int, int]] = []
    used: set[int] = set()
    blocked: set[int] = set()

    def avail(a: Obj) -> list[Obj]:
        return [b for b in free if b.id not in used and ev.can_block(g, b, a)]

    for a in attackers:
        if ch.has(g, a, "menace"):
            continue
        cands = avail(a)
        if not cands:
            continue
        va = ev.creature_value(g, a)
        outcomes = [(b, ev.duel(g, a, b)) for b in cands]
        good = [b for b, (ad, bd) in outcomes if ad and not bd]
        safe = [b for b, (ad, bd) in outcomes if not bd]
        trade = [b for b, (ad, bd) in outcomes if ad and bd and ev.creature_value(g, b) <= va + 0.5]
        pick = None
        for group in (good, safe, trade):
            if group:
                pick = min(group, key=lambda b: (ev.creature_value(g, b), b.id))
                break
        if pick is not None:
            plan.append((pick.id, a.id))
            used.add(pick.id)
            blocked.add(a.id)
    # Double blocks on what is still unblocked (menace attackers need them).
    for a in attackers:
        if a.id in blocked:
            continue
        cands = sorted(avail(a), key=lambda b: (ev.creature_value(g, b), b.id))
        if len(cands) < 2:
            continue
        va = ev.creature_value(g, a)
        best = None
        for i in range(len(cands)):
            for j in range(i + 1, len(cands)):
                pair = [cands[i], cands[j]]
                a_dies, dead = ev.gang_block(g, a, pair)
                loss = sum(ev.creature_value(g, objs[d]) for d in dead)
                if a_dies and loss < va - 0.5 and (best is None or loss < best[0]):
                    best = (loss, pair)
        if best is not None:
            for b in best[1]:
                plan.append((b.id, a.id))
                used.add(b.id)
            blocked.add(a.id)

    def incoming() -> int:
        n = 0
        for a in attackers:
            p = max(ch.power(g, a), 0)
            if a.id not in blocked:
                n += p
            elif ch.has(g, a, "trample"):
                bl = [objs[b] for b, x in plan if x == a.id]
                n += max(0, p - sum(ch.toughness(g, b) for b in bl))
        return n

    # Chump blocks: to survive, or when falling into burn range.
    def chump_until(limit: int, max_value: float) -> None:
        for a in sorted((a for a in attackers if a.id not in blocked), key=lambda a: -ch.power(g, a)):
            if incoming() < limit:
                return
            need = 2 if ch.has(g, a, "menace") else 1
            cands = sorted(avail(a), key=lambda b: (ev.creature_value(g, b), b.id))[:need]
            if len(cands) < need or ch.power(g, a) <= 0:
                continue
            if sum(ev.creature_value(g, b) for b in cands) > max_value:
                continue
            for b in cands:
                plan.append((b.id, a.id))
                used.add(b.id)
            blocked.add(a.id)

    chump_until(life, float("inf"))
    if life <= 8:
        chump_until(life - 3, 4.5)
    # Keep the initiative: block every attacker that would connect, if it is cheap enough.
    if s.initiative == me:
        open_ = [a for a in attackers if a.id not in blocked and ch.power(g, a) > 0]
        spare = sorted((b for b in free if b.id not in used), key=lambda b: (ev.creature_value(g, b), b.id))
        needed: list[tuple[int, int]] = []
        cost = 0.0
        pool = list(spare)
        ok = True
        for a in open_:
            need = 2 if ch.has(g, a, "menace") else 1
            got = [b for b in pool if ev.can_block(g, b, a)][:need]
            if len(got) < need:
                ok = False
                break
            for b in got:
                pool.remove(b)
                needed.append((b.id, a.id))
                a_dies, b_dies = ev.duel(g, a, b)
                cost += ev.creature_value(g, b) if b_dies else 0.0
        if ok and needed and cost <= ev.INITIATIVE_VALUE + 3.0:
            plan += needed
    # Menace pairs must be declared together: order the plan by attacker.
    order = {a: k for k, (_, a) in enumerate(plan)}
    plan.sort(key=lambda ba: order[ba[1]])
    return plan
