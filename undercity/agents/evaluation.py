"""What the AIs know about Magic: values of cards and permanents, combat outcomes, what an
effect does to its target, and a static evaluation of a position (for search cut-offs).

Everything here is a pure function of the game state (no agent memory), so that the
heuristic agent answers each decision the same way however it got there, and a search AI
can evaluate copies of the game.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from undercity.cards import model as m
from undercity.engine import characteristics as ch
from undercity.engine.targeting import _is_opponent
from undercity.engine.teams import teammates

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

LETHAL_BONUS = 60.0
INITIATIVE_VALUE = 3.5

# ----------------------------------------------------------------------------- players


def is_opponent(g: Game, me: int, p: int) -> bool:
    return _is_opponent(g, me, p)


def opponents(g: Game, me: int) -> list[int]:
    """Living opponents of ``me``, in turn order."""
    s = g.s
    return [p.idx for p in s.players if not p.left and not p.lost and _is_opponent(g, me, p.idx)]


def creatures_of(g: Game, players: Iterable[int]) -> list[Obj]:
    ps = set(players)
    s = g.s
    return [s.objs[oid] for oid in s.battlefield if s.objs[oid].controller in ps and ch.is_creature(s.objs[oid])]


# ----------------------------------------------------------------------------- values

_KW_FLAT = {"deathtouch": 1.5, "indestructible": 3.0, "hexproof": 0.7, "vigilance": 0.3, "haste": 0.2,
            "reach": 0.3, "shroud": 0.5, "protection from creatures": 1.5}


def _kw_bonus(p: int, kws: frozenset[str]) -> float:
    v = 0.0
    if not kws:
        return v
    for k in kws:
        v += _KW_FLAT.get(k, 0.0)
    if "flying" in kws:
        v += 0.5 + 0.6 * p
    if "lifelink" in kws:
        v += 0.5 * p
    if "first strike" in kws:
        v += 0.5 * p
    if "double strike" in kws:
        v += 1.0 * p
    if "trample" in kws:
        v += 0.2 * p
    if "menace" in kws:
        v += 0.4 * p
    return v


def creature_value(g: Game, o: Obj) -> float:
    """How much a creature on the battlefield is worth to its controller (roughly: a vanilla
    2/2 is 4, a 4/4 flier 11)."""
    p, t = ch.power(g, o), ch.toughness(g, o)
    if t <= 0:
        return 0.0
    kws = ch.keywords(g, o)
    v = 1.0 + max(p, 0) + 0.6 * t + _kw_bonus(max(p, 0), kws) + 0.4 * o.card.mana_value
    if o.card.triggered or o.card.activated or o.card.static:
        v += 0.5
    return v


@lru_cache(maxsize=4096)
def card_creature_value(card: CardDef) -> float:
    """The value of a creature card were it on the battlefield."""
    p, t = card.power or 0, card.toughness or 0
    v = 1.0 + max(p, 0) + 0.6 * max(t, 0) + _kw_bonus(max(p, 0), card.keywords) + 0.4 * card.mana_value
    if card.triggered or card.activated or card.static:
        v += 0.5
    return v


def permanent_value(g: Game, o: Obj) -> float:
    """The value of any permanent to its controller."""
    card = o.card
    if ch.is_creature(o):
        return creature_value(g, o)
    if "Land" in card.types:
        # A land with no mana ability (Evolving Wilds) is worth what it fetches, not a source.
        return 1.5 if any(a.mana_ability for a in card.activated) else 0.5
    if card.token:
        return 1.0  # Treasures, Clues
    if card.enchant is not None:
        return 1.0 + 0.5 * card.mana_value
    return 1.0 + 0.7 * card.mana_value


@lru_cache(maxsize=4096)
def card_value(card: CardDef) -> float:
    """A card's value in hand, regardless of the situation."""
    if "Land" in card.types:
        return 1.5
    if "Creature" in card.types:
        return card_creature_value(card)
    return 2.0 + 0.8 * card.mana_value


def lands_of(g: Game, p: int) -> int:
    s = g.s
    return sum(1 for oid in s.battlefield if s.objs[oid].controller == p and "Land" in s.objs[oid].card.types)


def hand_keep_value(g: Game, me: int, card: CardDef) -> float:
    """How much ``me`` wants to keep ``card`` in hand now (low = discard / bottom first)."""
    s = g.s
    lands = lands_of(g, me)
    hand = s.players[me].hand
    lands_in_hand = sum(1 for c in hand if "Land" in s.objs[c].card.types)
    if "Land" in card.types:
        total = lands + lands_in_hand
        if total <= 3:
            return 9.0
        if total <= 5:
            return 4.0
        return 0.5
    v = card_value(card)
    mv = card.mana_value
    if mv > lands + lands_in_hand + 1:
        v -= 1.5 * (mv - lands - lands_in_hand)  # far from castable
    return v


def land_count_target(hand_size: int) -> int:
    return max(1, round(hand_size * 0.42))


# ----------------------------------------------------------------------------- combat

def _deals_damage_to(kws_src: frozenset[str], kws_dst: frozenset[str]) -> bool:
    return "protection from creatures" not in kws_dst


def lethal_to(g: Game, src: Obj, dst: Obj, dmg: int | None = None, dst_t: int | None = None,
              src_kws: frozenset[str] | None = None, dst_kws: frozenset[str] | None = None) -> bool:
    """Would ``dmg`` (default: ``src``'s power) combat damage from ``src`` destroy ``dst``?"""
    sk = ch.keywords(g, src) if src_kws is None else src_kws
    dk = ch.keywords(g, dst) if dst_kws is None else dst_kws
    n = ch.power(g, src) if dmg is None else dmg
    if n <= 0 or "indestructible" in dk or not _deals_damage_to(sk, dk):
        return False
    if "deathtouch" in sk:
        return True
    t = ch.toughness(g, dst) if dst_t is None else dst_t
    return n >= t - dst.damage


def duel(g: Game, a: Obj, b: Obj, a_pt: tuple[int, int] = (0, 0), b_pt: tuple[int, int] = (0, 0)
         ) -> tuple[bool, bool]:
    """One creature fights another in combat (attacker ``a`` blocked by ``b`` alone): (a dies,
    b dies). ``a_pt``/``b_pt``: extra power/toughness (a trick)."""
    ka, kb = ch.keywords(g, a), ch.keywords(g, b)
    pa, ta = ch.power(g, a) + a_pt[0], ch.toughness(g, a) + a_pt[1]
    pb, tb = ch.power(g, b) + b_pt[0], ch.toughness(g, b) + b_pt[1]
    a_kills = lethal_to(g, a, b, pa, tb, ka, kb)
    b_kills = lethal_to(g, b, a, pb, ta, kb, ka)
    a_fs = "first strike" in ka or "double strike" in ka
    b_fs = "first strike" in kb or "double strike" in kb
    if a_fs and not b_fs:
        if a_kills:
            return False, True
        a_kills2 = "double strike" in ka and lethal_to(g, a, b, 2 * pa, tb, ka, kb)
        return b_kills, a_kills2
    if b_fs and not a_fs:
        if b_kills:
            return True, False
        b_kills2 = "double strike" in kb and lethal_to(g, b, a, 2 * pb, ta, kb, ka)
        return b_kills2, a_kills
    return b_kills, a_kills


def gang_block(g: Game, a: Obj, blockers: list[Obj], a_pt: tuple[int, int] = (0, 0),
               b_pt: dict[int, tuple[int, int]] | None = None) -> tuple[bool, list[int]]:
    """Attacker ``a`` blocked by ``blockers``: (a dies, ids of blockers that die). The attacker
    kills blockers in order of increasing toughness; first strike is ignored for gangs."""
    if len(blockers) == 1:
        extra = (b_pt or {}).get(blockers[0].id, (0, 0))
        ad, bd = duel(g, a, blockers[0], a_pt, extra)
        return ad, [blockers[0].id] if bd else []
    ka = ch.keywords(g, a)
    pa, ta = ch.power(g, a) + a_pt[0], ch.toughness(g, a) + a_pt[1]
    total = 0
    deathtouch = False
    for b in blockers:
        kb = ch.keywords(g, b)
        if "protection from creatures" in ka:
            continue
        pb = ch.power(g, b) + (b_pt or {}).get(b.id, (0, 0))[0]
        total += max(pb, 0)
        deathtouch = deathtouch or ("deathtouch" in kb and pb > 0)
    a_dies = "indestructible" not in ka and (deathtouch or (total > 0 and total >= ta - a.damage))
    left = pa
    dead: list[int] = []
    order = sorted(blockers, key=lambda b: ch.toughness(g, b))
    for b in order:
        if left <= 0:
            break
        kb = ch.keywords(g, b)
        tb = ch.toughness(g, b) + (b_pt or {}).get(b.id, (0, 0))[1]
        need = 1 if "deathtouch" in ka else max(tb - b.damage, 1)
        if "indestructible" in kb or "protection from creatures" in kb:
            continue
        if left >= need:
            dead.append(b.id)
            left -= need
        else:
            break
    return a_dies, dead


def can_block(g: Game, b: Obj, a: Obj) -> bool:
    from undercity.engine.combat import can_block as _cb

    return _cb(g, b, a)


def potential_blockers(g: Game, defenders: Iterable[int]) -> list[Obj]:
    """Untapped creatures of the defending players (they untap before blocking only in
    their own untap step, so tapped ones can't block this turn)."""
    return [o for o in creatures_of(g, defenders) if not o.tapped]


# ----------------------------------------------------------------------------- effects

class _Never:
    """Stands for an effect class the card language doesn't (or no longer) define."""


def effect_class(name: str) -> type:
    """An effect class of the card language by name, wherever it is defined (model, or a
    concept module of cards/language); a class nothing is an instance of if none defines it."""
    for mod in _effect_modules():
        c = getattr(mod, name, None)
        if isinstance(c, type):
            return c
    return _Never


def _effect_modules() -> list[Any]:
    import importlib
    import pkgutil

    from undercity.cards import language

    mods: list[Any] = [m]
    for info in sorted(pkgutil.iter_modules(language.__path__), key=lambda i: i.name):
        mods.append(importlib.import_module(f"undercity.cards.language.{info.name}"))
    return mods


def effect_classes(*names: str) -> tuple[type, ...]:
    return tuple(effect_class(n) for n in names)


#: Effects that are good for their target (an unknown targeted effect is taken to be harmful).
HELPFUL = effect_classes("PutCounters", "GainLife", "Draw", "ReturnToBattlefield", "MustBeBlocked", "CreateToken",
                         "Untap", "Explore", "Attach", "AttachTo", "DoubleToughness", "CantBeBlockedBy")
IF_ELSE = effect_class("IfElse")
#: "Sacrifice a creature. If you do, …": what follows is the effect on the targets.
SACRIFICE_THEN = effect_class("SacrificeThen")


def refs_target(ref: Any, i: int) -> bool:
    # "each of any number of target …" (``m.EACH_TARGET``) names every target from its index on.
    return isinstance(ref, m.Ref) and (ref.kind == "target" and ref.i == i or ref.kind == "each_target" and i >= ref.i)


@lru_cache(maxsize=512)
def _field_names(cls: type) -> tuple[str, ...]:
    import dataclasses

    return tuple(f.name for f in dataclasses.fields(cls)) if dataclasses.is_dataclass(cls) else ()


def _effect_refs(e: m.Effect) -> list[Any]:
    """The references (``T(0)``, ``YOU`` …) among an effect's fields."""
    out = []
    for name in _field_names(type(e)):
        v = getattr(e, name, None)
        if isinstance(v, m.Ref):
            out.append(v)
    return out


def flatten(effects: Iterable[m.Effect]) -> list[m.Effect]:
    out: list[m.Effect] = []
    for e in effects:
        if isinstance(e, IF_ELSE | SACRIFICE_THEN):
            out += flatten(e.then)  # type: ignore[attr-defined]
        else:
            out.append(e)
    return out


def aura_polarity(card: CardDef) -> int:
    total = 0
    for st in card.static:
        if st.affects != m.ENCHANTED:
            continue
        total += st.p + st.t
        if st.keywords and st.p + st.t >= 0:
            total += 1
    if total == 0:
        return 1 if card.static else -1
    return 1 if total > 0 else -1


# ----------------------------------------------------------------------------- static evaluation


@lru_cache(maxsize=64)
def room_depth(dungeon: str, room: str) -> int:
    """How many rooms into ``dungeon`` ``room`` is (the topmost room is 1)."""
    from undercity.cards.dungeons import get_dungeon

    d = get_dungeon(dungeon)
    depth = {d.topmost: 1}
    todo = [d.topmost]
    while todo:
        r = todo.pop(0)
        for n in d.room(r).leads_to:
            if n not in depth:
                depth[n] = depth[r] + 1
                todo.append(n)
    return depth.get(room, 1)


#: The features of a position for one side (see :func:`features`), in this order.
FEATURES = ("life", "life_log", "power", "creature_value", "creatures", "evasive_power", "hand", "lands",
            "other_permanents", "initiative", "dungeon", "my_turn")


def _side(g: Game, players: list[int]) -> list[float]:
    s = g.s
    ps = set(players)
    life = sum(s.players[p].life for p in players) / len(players)
    power = value = n = evasive = lands = other = 0.0
    for oid in s.battlefield:
        o = s.objs[oid]
        if o.controller not in ps:
            continue
        if ch.is_creature(o):
            p = max(ch.power(g, o), 0)
            power += p
            value += creature_value(g, o)
            n += 1
            kws = ch.keywords(g, o)
            if "flying" in kws or "menace" in kws:
                evasive += p
        elif "Land" in o.card.types:
            lands += 1
        else:
            other += permanent_value(g, o)
    hand = sum(len(s.players[p].hand) for p in players) / len(players)
    dungeon = 0.0
    for p in players:
        pl = s.players[p]
        dungeon += 4.0 * len(pl.completed)
        if pl.dungeon is not None and pl.room is not None:
            dungeon += room_depth(pl.dungeon, pl.room)
    init = 1.0 if s.initiative in ps else 0.0
    return [life, math.log1p(max(life, 0.0) / 4.0), power, value, n, evasive, hand, lands, other, init, dungeon]


def features(g: Game, me: int) -> list[float]:
    """Differences between ``me``'s side and the opponents' (averaged over opponents in a
    multiplayer game), one number per name in :data:`FEATURES`."""
    s = g.s
    mates = [p for p in teammates(g, me) if not s.players[p].left]
    opps = opponents(g, me)
    mine = _side(g, mates or [me])
    if not opps:
        theirs = [0.0] * len(mine)
    else:
        groups: list[list[int]] = []
        for p in opps:
            team = [q for q in teammates(g, p) if q in opps]
            if team not in groups:
                groups.append(team)
        sides = [_side(g, grp) for grp in groups]
        theirs = [sum(v[k] for v in sides) / len(sides) for k in range(len(mine))]
    diff = [a - b for a, b in zip(mine, theirs, strict=True)]
    turn = 1.0 if s.active in mates else -1.0
    return diff + [turn]


#: Logistic-regression weights of :func:`static_eval`, one per feature, fitted on positions
#: at the start of each turn of heuristic-vs-heuristic games on the bundled decks
#: (``python bench/bench_ai.py --fit-eval 2000``).
EVAL_WEIGHTS = (0.0288, 0.7913, -0.0961, 0.1267, -0.0856, 0.0413, 0.1737, -0.0169, -0.0463, 0.0882, 0.5142,
                0.1771)


def static_eval(g: Game, me: int) -> float:
    """The position for ``me`` as a number in [0, 1]: 1 won, 0 lost, else the estimated
    probability of winning."""
    s = g.s
    if s.over:
        if not s.winners:
            return 0.5
        return 1.0 if me in s.winners else 0.0
    mates = [p for p in teammates(g, me) if not s.players[p].left]
    if not mates or all(s.players[p].lost for p in mates):
        return 0.0
    if not opponents(g, me):
        return 1.0
    z = sum(w * f for w, f in zip(EVAL_WEIGHTS, features(g, me), strict=True))
    z = max(-30.0, min(30.0, z))
    return 1.0 / (1.0 + math.exp(-z))
