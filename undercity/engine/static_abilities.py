"""Rule-modifying static abilities (CR 604.1), the types of
:mod:`undercity.cards.language.static_abilities` that change a rule, asked by the rules module
where that rule applies:

* :func:`player_hexproof` — "You have hexproof" (CR 702.11c), asked by
  ``targeting.player_targetable``;
* :func:`cant_be_targeted` — "Enchanted creature can't be the target of spells or abilities
  your opponents control" (CR 115.1), asked by ``targeting``;
* :func:`venture_limit` — "Each opponent can't venture into the dungeon more than once each
  turn" (Keen-Eared Sentry, CR 101.2), asked by ``dungeons`` before a venture;
* :func:`additional_room_triggers` — "Room abilities of dungeons you own trigger an additional
  time" (Hama Pashar, CR 603.2d), asked by ``dungeons`` as a room ability triggers;
* :func:`assigns_damage_by_toughness` — "Each creature you control assigns combat damage equal
  to its toughness rather than its power" (Rasaad yn Bashir, CR 510.1a), asked by
  ``combat.assigned_damage``;
* :func:`assigns_as_though_unblocked` — "Enchanted creature's controller may have it assign its
  combat damage as though it weren't blocked" (Indomitable Might, CR 510.1b-c), asked by
  ``combat.run_combat_damage``;
* :func:`no_maximum_hand_size` — "You have no maximum hand size" (CR 402.2, 514.1), asked by
  ``turn.max_hand_size``.

Each reads the static abilities of the permanents on the battlefield (with those granted and
lost, CR 613.1f, where the ability can be granted). The blocking ones (``UnblockableExcept``,
``UnblockableAlone``) are asked by :mod:`undercity.engine.block_restrictions`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from undercity.cards.language.static_abilities import (
    AssignsAsThoughUnblocked,
    AssignsDamageByToughness,
    CantBeTargetedByOpponents,
    CastAsThoughFlash,
    ChosenNameCantActivate,
    NoMaximumHandSize,
    PlayerHexproof,
    RoomAbilitiesTriggerAgain,
    UnblockableAlone,
    UnblockableExcept,
    VentureOnceEachTurn,
)
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import targeting

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

# ----------------------------------------------------------------------------- helpers


def static_kind(kind: type) -> Callable[[CardDef], bool]:
    """The (cached) test "this card has a static ability of type ``kind``" — one per type, made
    the first time it is asked, so ``characteristics.permanents_with`` indexes by it."""
    pred = _STATIC_PREDS.get(kind)
    if pred is None:
        pred = _STATIC_PREDS[kind] = _make_pred(kind)
    return pred


def _make_pred(kind: type) -> Callable[[CardDef], bool]:
    return lru_cache(maxsize=4096)(ab.static_test(kind))


_STATIC_PREDS: dict[type, Callable[[CardDef], bool]] = {k: _make_pred(k) for k in (
    PlayerHexproof, VentureOnceEachTurn, RoomAbilitiesTriggerAgain, UnblockableExcept, UnblockableAlone,
    AssignsDamageByToughness, NoMaximumHandSize, CastAsThoughFlash, CantBeTargetedByOpponents,
    AssignsAsThoughUnblocked, ChosenNameCantActivate)}


def permanents_where(g: Game, pred: Callable[[CardDef], bool]) -> list[Obj]:
    """The permanents on the battlefield whose card passes ``pred``."""
    s = g.s
    return [s.objs[oid] for oid in ch.permanents_with(s, pred)]


# ----------------------------------------------------------------------------- the rules asked


def player_hexproof(g: Game, player: int) -> bool:
    """CR 702.11c: ``player`` controls a permanent with "You have hexproof"."""
    return any(o.controller == player for o in permanents_where(g, static_kind(PlayerHexproof)))


def cant_be_targeted(g: Game, o: Obj, controller: int) -> bool:
    """CR 115.1, 601.2c: a permanent attached to ``o`` says it "can't be the target of spells or
    abilities your opponents control", and ``controller`` (of the spell or ability) is an
    opponent of that permanent's controller."""
    s = g.s
    ids = ch.permanents_with(s, static_kind(CantBeTargetedByOpponents))
    if not ids:
        return False
    for oid in ab.with_static(g, ids, CantBeTargetedByOpponents):
        src = s.objs[oid]
        if src.attached_to == o.id and targeting._is_opponent(g, src.controller, controller) and any(
                isinstance(st, CantBeTargetedByOpponents) for st in ab.static(g, src)):
            return True
    return False


def venture_limit(g: Game, player: int) -> str | None:
    """Keen-Eared Sentry: "Each opponent can't venture into the dungeon more than once each
    turn." Asked only when ``player`` has already ventured this turn (venturing into Undercity
    is venturing into the dungeon too, CR 701.49d); the reason for the log, or None."""
    for o in permanents_where(g, static_kind(VentureOnceEachTurn)):
        if targeting._is_opponent(g, o.controller, player):
            return f"{o.name} allows only one venture each turn and they have already ventured this turn"
    return None


def additional_room_triggers(g: Game, owner: int) -> int:
    """"Room abilities of dungeons you own trigger an additional time" (Hama Pashar; a
    commander given it by Dungeon Delver) — once more for each instance among the permanents
    the dungeon's owner controls (CR 603.2d)."""
    s = g.s
    ids = ch.permanents_with(s, static_kind(RoomAbilitiesTriggerAgain))
    return sum(1 for oid in ab.with_static(g, ids, RoomAbilitiesTriggerAgain) if s.objs[oid].controller == owner
               for st in ab.static(g, s.objs[oid]) if isinstance(st, RoomAbilitiesTriggerAgain))


def assigns_damage_by_toughness(g: Game, o: Obj) -> bool:
    """Rasaad yn Bashir: "Each creature you control assigns combat damage equal to its
    toughness rather than its power" (CR 510.1a)."""
    s = g.s
    return any(s.objs[sid].controller == o.controller
               for sid in ch.permanents_with(s, static_kind(AssignsDamageByToughness)))


def assigns_as_though_unblocked(g: Game, o: Obj) -> bool:
    """Whether an Aura or Equipment attached to ``o`` says its controller may have it assign its
    combat damage as though it weren't blocked (CR 510.1b-c; after layer 6, CR 613.1f)."""
    s = g.s
    ids = ch.permanents_with(s, static_kind(AssignsAsThoughUnblocked))
    return any(s.objs[sid].attached_to == o.id and any(isinstance(st, AssignsAsThoughUnblocked)
                                                      for st in ab.static(g, s.objs[sid]))
               for sid in ab.with_static(g, ids, AssignsAsThoughUnblocked))


def flash_permissions(g: Game, player: int) -> tuple[frozenset[str], ...]:
    """CR 702.8a: the card types of the spells ``player`` may cast as though they had flash, one
    set for each permanent they control with such an ability (an empty set: every spell)."""
    s = g.s
    ids = ab.with_static(g, ch.permanents_with(s, static_kind(CastAsThoughFlash)), CastAsThoughFlash)
    return tuple(st.spells for oid in ids if s.objs[oid].controller == player
                 for st in ab.static(g, s.objs[oid]) if isinstance(st, CastAsThoughFlash))


def covers(permissions: tuple[frozenset[str], ...], card: CardDef) -> bool:
    """Whether one of :func:`flash_permissions` lets ``card`` be cast as though it had flash."""
    return any(not types or types & card.types for types in permissions)


def casts_as_though_flash(g: Game, player: int, card: CardDef) -> bool:
    """CR 702.8a: ``player`` controls a permanent with "You may cast [such] spells as though they
    had flash" that ``card`` is one of."""
    return covers(flash_permissions(g, player), card)


def no_maximum_hand_size(g: Game, player: int) -> bool:
    """CR 402.2: ``player`` controls a permanent with "You have no maximum hand size"."""
    s = g.s
    return any(s.objs[oid].controller == player for oid in ch.permanents_with(s, static_kind(NoMaximumHandSize)))


def names_that_cant_activate(g: Game) -> frozenset[str]:
    """The card names whose sources' activated abilities can't be activated (CR 602.5): those
    chosen by the permanents with :class:`ChosenNameCantActivate` that still have it (613.1f)."""
    s = g.s
    ids = ch.permanents_with(s, static_kind(ChosenNameCantActivate))
    if not ids:
        return frozenset()
    from undercity.engine.entering import chosen

    return frozenset(name for oid in ab.with_static(g, ids, ChosenNameCantActivate)
                     if any(isinstance(st, ChosenNameCantActivate) for st in ab.static(g, s.objs[oid]))
                     and (name := chosen(g, oid, "nonland card name")) is not None)


def cant_activate(g: Game, o: Obj) -> bool:
    """Whether the activated abilities of ``o`` can't be activated: it has a name chosen for
    "Activated abilities of sources with the chosen name can't be activated", in whatever zone
    it is (CR 602.5, 201.3; ruling 2020-08-07, Phyrexian Revoker). A face-down permanent has no
    name (CR 708.2)."""
    names = names_that_cant_activate(g)
    return bool(names) and ch.view(g, o).name in names
