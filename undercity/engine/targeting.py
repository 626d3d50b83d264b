"""Targets (CR 115): which objects and players a target specification may choose, and
whether a chosen target is still legal on resolution (CR 608.2b)."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Any

from undercity.cards.language.face_down import FACE_DOWN_NAME
from undercity.cards.language.stack_targets import SPELL_OR_PERMANENT, STACK_KINDS
from undercity.cards.model import Filter, TargetSpec
from undercity.engine import characteristics as ch
from undercity.engine import static_abilities

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game
    from undercity.engine.layers import Chars
    from undercity.engine.state import Obj

Target = tuple[str, int]  # ("p", player index), ("o", object id) or ("s", an ability's stack item id)


def _enchanted(g: Game, o: Obj) -> bool:
    """Whether an Aura is attached to ``o`` (a creature "is enchanted" if it has any Auras
    attached to it, CR 303.4; ruling 2005-08-01, Winds of Rath)."""
    s = g.s
    return any(s.objs[a].attached_to == o.id and "Aura" in ch.subtypes(g, s.objs[a]) for a in s.battlefield)


def matches(g: Game, o: Obj, flt: Filter | None, controller: int, source: int | None = None) -> bool:
    """Whether object ``o`` satisfies ``flt`` from the point of view of ``controller``."""
    if flt is None:
        return True
    return matches_view(g, o, ch.view(g, o), flt, controller, source)  # after continuous effects (CR 613)


def matches_view(g: Game, o: Obj, card: CardDef | Chars, flt: Filter, controller: int,
                 source: int | None = None) -> bool:
    """:func:`matches` for a filter that isn't None, with ``o``'s characteristics ``card``
    already looked up (``characteristics.viewer``: one cache check for a whole loop)."""
    if flt.alternative is not None:  # either description (CR 115.1)
        return matches_view(g, o, card, replace(flt, alternative=None), controller, source) or matches_view(
            g, o, card, flt.alternative, controller, source)
    if flt.types and not (flt.types & card.types):
        return False
    if flt.not_types and flt.not_types & card.types:
        return False
    if flt.subtypes and not (flt.subtypes & card.subtypes):
        return False
    if flt.not_colors and flt.not_colors & card.colors:
        return False
    if flt.colors and not (flt.colors & card.colors):
        return False
    if flt.not_supertypes and flt.not_supertypes & card.supertypes:
        return False
    if flt.supertypes and not (flt.supertypes & card.supertypes):
        return False
    if flt.basic and "Basic" not in card.supertypes:
        return False
    if flt.nontoken and o.token:
        return False
    if flt.other and o.id == source:
        return False
    if flt.max_mv is not None and card.mana_value > flt.max_mv:
        return False
    if flt.controller == "you" and o.controller != controller:
        return False
    # CR 102.3: a teammate is not an opponent (Two-Headed Giant), so "an opponent controls" is
    # more than "not you".
    if flt.controller == "opponent" and not _is_opponent(g, controller, o.controller):
        return False
    if flt.owner == "opponent" and not _is_opponent(g, controller, o.owner):
        return False  # CR 108.3: its owner, whoever controls it
    if flt.nonattacking and g.s.combat is not None and o.id in g.s.combat.attackers:
        return False  # CR 506.4
    if flt.goaded:
        from undercity.engine.attack_requirements import goaded_by

        if not goaded_by(g, o):
            return False
    if flt.attacking_or_blocking:
        c = g.s.combat
        if c is None or (o.id not in c.attackers and o.id not in c.blockers):
            return False
    if flt.attacking and (g.s.combat is None or o.id not in g.s.combat.attackers):
        return False
    if flt.blocking and (g.s.combat is None or o.id not in g.s.combat.blockers):
        return False
    if flt.x_in_cost and not (card.mana_cost is not None and card.mana_cost.x):
        return False  # CR 107.3: an {X} in its mana cost
    if flt.not_subtypes and flt.not_subtypes & card.subtypes:
        return False
    if flt.tapped is not None and o.tapped != flt.tapped:
        return False
    if flt.enchanted is not None and _enchanted(g, o) != flt.enchanted:
        return False
    if flt.min_mv is not None and card.mana_value < flt.min_mv:
        return False
    if flt.min_power is not None and (o.zone != "battlefield" or ch.power(g, o) < flt.min_power):
        return False
    if flt.min_toughness is not None and (o.zone != "battlefield" or ch.toughness(g, o) < flt.min_toughness):
        return False
    if flt.max_power is not None and not _power_at_most(g, o, flt.max_power):
        return False
    if flt.keywords or flt.not_keywords:
        # "creature without flying": its keywords now, granted and lost ones included (CR 613.1f).
        kws = ch.keywords_of(o, card) if o.zone == "battlefield" else o.card.keywords
        if not flt.keywords <= kws or flt.not_keywords & kws:
            return False
    if flt.chosen is not None and not _of_chosen(g, card, flt.chosen, source):
        return False
    if flt.less_power_than_source and not _less_power(g, o, source):
        return False
    if flt.counter is not None and o.counters.get(flt.counter, 0) <= 0:
        return False
    if flt.attachable_to_enchanted:
        from undercity.engine.equip import attachable, enchanted_by

        host = enchanted_by(g, source)
        if host is None or not attachable(g, o, host, controller):
            return False
    if flt.not_chosen is not None and _of_chosen(g, card, flt.not_chosen, source):
        return False  # "creatures that aren't of the chosen type" (Crippling Fear)
    if flt.max_mv_controllers_graveyard and _mana_value(o, card) > len(g.s.players[o.controller].graveyard):
        return False
    if flt.shares_creature_type and not _shares_creature_type(g, card, source):
        return False
    if flt.same_name and (source is None or source not in g.s.objs
                          or card.name != ch.view(g, g.s.objs[source]).name or card.name == FACE_DOWN_NAME):
        return False  # names after copy effects (CR 201.2, 613.1a); no name is no one's (201.2a, 708.2a)
    if flt.controller_dealt_combat_damage_by_source:
        from undercity.engine.conditions import dealt_combat_damage_by

        if o.controller not in dealt_combat_damage_by(g, source):
            return False  # whoever controls it now (ruling 2011-01-01, Steel Hellkite)
    if flt.came_from is not None:
        from undercity.engine.zone_history import came_from  # (it watches events: imported late)

        if came_from(g, o) != flt.came_from:
            return False
    if flt.entered_this_turn:
        from undercity.engine.zone_history import entered_this_turn  # (it watches events: imported late)

        if not entered_this_turn(g, o):
            return False
    return True


def _less_power(g: Game, o: Obj, source: int | None) -> bool:
    """``o``'s power is less than the source's, or than the source's as it last existed on the
    battlefield (CR 702.134a, 608.2h; ruling 2021-04-16, Felisa, Fang of Silverquill)."""
    src = g.s.objs.get(source) if source is not None else None
    if src is not None and src.zone == "battlefield":
        theirs = ch.power(g, src)
    else:
        theirs = (g.s.lki.get(source) or {}).get("power") if source is not None else None
    return theirs is not None and o.zone == "battlefield" and ch.power(g, o) < theirs


def _shares_creature_type(g: Game, card: CardDef | Chars, source: int | None) -> bool:
    """Whether ``card`` has a creature type (CR 205.3m) that the source permanent has now."""
    from undercity.cards.text.creature_types import CREATURE_TYPES

    src = g.s.objs.get(source) if source is not None else None
    return src is not None and bool(card.subtypes & ch.view(g, src).subtypes & CREATURE_TYPES)


def _mana_value(o: Obj, card: CardDef | Chars) -> int:
    """CR 202.3: an object's mana value; a spell's X is the value chosen for it (202.3e), a
    permanent's X is 0 (202.3b)."""
    mv = card.mana_value
    cost = card.mana_cost
    if o.zone == "stack" and cost is not None and cost.x and o.x:
        mv += cost.x * o.x
    return mv


def _of_chosen(g: Game, card: CardDef | Chars, what: str, source: int | None) -> bool:
    """"Of the chosen type / color": what the source chose as it entered (CR 614.12a)."""
    if source is None:
        raise ValueError(f"a description 'of the chosen {what}' needs the permanent that chose it")
    from undercity.engine.entering import chosen

    value = chosen(g, source, what)
    if value is None:
        return False
    return value in (card.colors if what == "color" else card.subtypes)


def _targetable(g: Game, o: Obj, controller: int) -> bool:
    """Shroud and hexproof (CR 702.18, 702.11); "can't be the target of spells or abilities
    your opponents control" (CR 115.1)."""
    kws = ch.keywords(g, o)
    if "shroud" in kws:
        return False
    if "hexproof" in kws and o.controller != controller:
        return False
    return not static_abilities.cant_be_targeted(g, o, controller)  # Shielding Plax (CR 115.1)


def candidates(g: Game, spec: TargetSpec, controller: int, source: int | None,
               enough: int = 0) -> list[Target]:
    """Every legal choice for ``spec`` right now; or, with ``enough``, the first ``enough`` of
    them when there are that many (whether a spell or ability has legal targets, CR 601.2c,
    asks no more)."""
    s = g.s
    out: list[Target] = []
    k = spec.kind
    if k in ("any", "player", "opponent", "player_or_planeswalker", "opponent_or_planeswalker"):
        for p in s.players:
            if p.left:
                continue
            if k in ("opponent", "opponent_or_planeswalker") and not _is_opponent(g, controller, p.idx):
                continue
            if not player_targetable(g, p.idx, controller):
                continue
            out.append(("p", p.idx))
        if enough and len(out) >= enough:
            return out
    flt = spec.filter
    if k in ("any", "permanent", "creature_or_planeswalker", "player_or_planeswalker", "opponent_or_planeswalker",
             SPELL_OR_PERMANENT):
        view = ch.viewer(g)  # after continuous effects (CR 613): one cache check for the loop
        for oid in s.battlefield:
            o = s.objs[oid]
            card = view(o)
            if k == "any" or k == "creature_or_planeswalker":
                if not ({"Creature", "Planeswalker", "Battle"} & card.types):
                    continue
                if k == "creature_or_planeswalker" and "Battle" in card.types:
                    continue
            elif k in ("player_or_planeswalker", "opponent_or_planeswalker") and "Planeswalker" not in card.types:
                continue
            if flt is not None and not matches_view(g, o, card, flt, controller, source):
                continue
            if _targetable(g, o, controller) and _source_may_target(g, o, source):
                out.append(("o", oid))
                if len(out) == enough:
                    return out
    if k in ("spell", SPELL_OR_PERMANENT):
        for item in s.stack:
            if item.kind != "spell" or item.obj == source:
                continue
            o = s.objs[item.obj]
            if matches(g, o, flt, controller, source):
                out.append(("o", item.obj))
    elif k in STACK_KINDS:
        from undercity.engine import stack_targets

        out.extend(stack_targets.candidates(g, spec, controller, source))  # CR 115.1, 113.7
    elif k == "card":
        zone = spec.zone or "graveyard"
        for p in s.players:
            if p.left:
                continue
            for oid in p.zone(zone):
                o = s.objs[oid]
                if matches(g, o, flt, controller, source):
                    out.append(("o", oid))
    return out




def _source_may_target(g: Game, o: Obj, source: int | None) -> bool:
    """Whether protection lets ``source`` target ``o`` (CR 702.16b)."""
    protection, protection_from_creatures = _protection_modules()
    return protection.may_target(g, o, source) and protection_from_creatures.may_target(g, o, source)


@cache
def _protection_modules() -> tuple[Any, Any]:
    """The protection modules: they import this one, so they are imported on first use — once,
    as a function-level import costs a microsecond on every call."""
    from undercity.engine import protection, protection_from_creatures

    return protection, protection_from_creatures


def player_targetable(g: Game, player: int, controller: int) -> bool:
    """CR 702.11c: a player with hexproof can't be the target of spells or abilities their
    opponents control."""
    return not (_is_opponent(g, player, controller) and static_abilities.player_hexproof(g, player))


def controlled_matching(g: Game, player: int, flt: Filter | None, source: int | None = None) -> list[int]:
    """Ids of the permanents ``player`` controls that match ``flt`` from their point of view,
    in battlefield order: what an untargeted "a [permanent] you control" chooses among (CR 608.2c)."""
    s = g.s
    return [oid for oid in s.battlefield if s.objs[oid].controller == player
            and matches(g, s.objs[oid], flt, player, source)]


def _is_opponent(g: Game, a: int, b: int) -> bool:
    pa, pb = g.s.players[a], g.s.players[b]
    if a == b:
        return False
    return not (pa.team is not None and pa.team == pb.team)


def still_legal(g: Game, spec: TargetSpec, t: Target, controller: int, source: int | None) -> bool:
    """CR 608.2b: is target ``t`` still legal for ``spec``?"""
    kind, ident = t
    if kind == "p":
        p = g.s.players[ident]
        if p.left or not player_targetable(g, ident, controller):
            return False
        if spec.kind in ("opponent", "opponent_or_planeswalker"):
            return _is_opponent(g, controller, ident)
        return spec.kind in ("any", "player", "player_or_planeswalker")
    if kind == "s":  # an ability: legal while it is on the stack (CR 608.2b)
        from undercity.engine import stack_targets

        return spec.kind in STACK_KINDS and stack_targets.ability_legal(g, spec, ident, controller, source)
    o = g.s.objs.get(ident)
    if o is None:
        return False
    if spec.kind == "spell" or spec.kind in STACK_KINDS or spec.kind == SPELL_OR_PERMANENT and o.zone == "stack":
        return o.zone == "stack" and matches(g, o, spec.filter, controller, source)
    if spec.kind == "card":
        return o.zone == (spec.zone or "graveyard") and matches(g, o, spec.filter, controller, source)
    if o.zone != "battlefield":
        return False
    return t in candidates_for_object(g, spec, o, controller, source)


def candidates_for_object(g: Game, spec: TargetSpec, o: Obj, controller: int,
                          source: int | None) -> list[Target]:
    k = spec.kind
    if k in ("any", "creature_or_planeswalker") and not ({"Creature", "Planeswalker", "Battle"} & ch.types(g, o)):
        return []
    if k in ("player_or_planeswalker", "opponent_or_planeswalker") and "Planeswalker" not in ch.types(g, o):
        return []
    if k in ("player", "opponent", "spell", "card") or k in STACK_KINDS:
        return []
    if (not matches(g, o, spec.filter, controller, source) or not _targetable(g, o, controller)
            or not _source_may_target(g, o, source)):
        return []
    return [("o", o.id)]


def describe(g: Game, t: Target) -> str:
    kind, ident = t
    if kind == "p":
        return g.s.players[ident].name
    if kind == "s":
        from undercity.engine import stack_targets

        return stack_targets.describe(g, ident)
    o = g.s.objs.get(ident)
    if o is None:
        lki = g.s.lki.get(ident)
        return lki["name"] if lki else f"object {ident}"
    return o.name


def _power_at_most(g: Game, o: Obj, n: int) -> bool:
    """"with power N or less" (CR 208.1): a permanent's power after the layers; an object in
    another zone has its card's (printed, or as its characteristic-defining ability says, CR
    604.3); an object with no power (a noncreature card) has none to compare."""
    if o.zone == "battlefield":
        return ch.power(g, o) <= n
    from undercity.engine.layers import cda_pt

    p = cda_pt(g, o)[0]
    return p is not None and p <= n
