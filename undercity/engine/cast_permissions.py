"""Permissions to play or cast a card from a zone other than the hand (CR 601.2, 608.2g, 118.9):

* "you may play that card this turn [without paying its mana cost]" from exile — the options
  are listed for the player with priority (:func:`play_options`, asked by
  ``priority.options``; CR 305.1: a land play at normal timing) and end with the turn;
* "you may cast that card without paying its mana cost" while the effect resolves;
* "you may cast [it] from your graveyard" (CR 608.2g: timing permissions are ignored; its
  costs are paid). It is the permission used for that casting: the card's own permissions
  (escape, flashback) don't apply to it (ruling 2022-06-10, From the Catacombs);
* "you may cast Aura and Equipment spells from the top of your library" (CR 601.3): the top
  card, at its normal timing and paying its costs (:func:`top_of_library_options`, asked by
  ``priority.options``);
* leaving the stack (CR 614.1a): a spell cast with flashback (CR 702.34a) is exiled instead of
  going anywhere else; a spell cast with a "…exile it instead" permission (Gale, Waterdeep
  Prodigy) is exiled instead of being put into its owner's graveyard. Both are replacement
  effects tied to the spell object (:func:`leaving_stack`, asked by ``zones.replacements_for``).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from undercity.cards import model as m
from undercity.cards.language.cast_permissions import (
    CastFromTopOfLibrary,
    CastThisWay,
    ExileFromHandMayPlay,
    ExileMayCast,
    ExileTopChooseOnePlay,
    ExileTopPlay,
    ExileTopPlayThisTurn,
    ExileUntilCastFree,
    ExileUntilNonlandCastFree,
    MayCastFromGraveyard,
    MayCastFromHandFree,
    MayCastWhileExiled,
    MayCastWithoutPaying,
    NextSpellFlash,
    PayRatherThanManaCost,
    PlayedThisWay,
    PlayExiledWith,
)
from undercity.cards.language.conditions import YourTurn
from undercity.engine import abilities as ab
from undercity.engine import casting, exiled_with, land_plays, priority, resolve, targeting, triggers, zones
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.engine.effects import (
    amount,
    distinct_card_options,
    handles,
    ref_objects,
    ref_objects_now,
    ref_players,
)
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.costs import PlayerMana
    from undercity.engine.game import Game
    from undercity.engine.state import Obj
    from undercity.mana import ManaCost

@handles(m.ExileTopMayPlay)
def h_exile_top_may_play(g: Game, job: Job, item: StackItem, e: m.ExileTopMayPlay, key: str) -> None:
    """Runestone Caverns: exile the top ``n`` cards; their owner may play them. The permission
    is recorded in ``State.extra["may_play"]`` (exiled object id -> player)."""
    s = g.s
    p = item.controller
    allowed = s.extra.setdefault("may_play", {})
    names = []
    with zones.simultaneously(g):  # the top N cards are exiled in one event (CR 603.2c)
        for oid in list(s.players[p].library[:e.n]):
            new = zones.move(g, oid, "exile", rule="701.13a", verb="is exiled")
            if new is not None:
                allowed[new.id] = p
                names.append(new.name)
    if names:
        g.emit(ev.EffectBegan(rule="611.2a", description=f"{g.player_name(p)} may play {', '.join(names)} "
                                                         "from exile"))


@handles(m.DrawRevealMayCastFree)
def h_draw_reveal_cast(g: Game, job: Job, item: StackItem, e: m.DrawRevealMayCastFree, key: str) -> None:
    """Mad Wizard's Lair: draw ``n`` cards and reveal them. Casting one of them without paying
    its mana cost during the resolution is not supported by the engine yet (see the note)."""
    p = item.controller
    s = g.s
    done = f"{key}:drawn"
    if done not in job.data:  # draw once, even when this handler runs again after the choice
        drawn = []
        for _ in range(amount(g, e.n, item, job)):
            new = zones.draw(g, p)
            if new is not None:
                drawn.append(new.id)
        job.data[done] = drawn
        if drawn:
            g.emit(ev.Revealed(rule="701.20a", player=p, cards=tuple(s.objs[c].name for c in drawn)))
    from undercity.engine import casting

    cands = [c for c in job.data[done] if c in s.objs and s.objs[c].zone == "hand"
             and casting.castable(g, p, s.objs[c], free=True)]
    if not cands:
        return
    opts = [Option(f"cast {s.objs[c].name} without paying its mana cost", c) for c in cands]
    opts.append(Option("cast nothing", None))
    pick = g.ask(job, f"{key}:free", p, "cast_free", "you may cast one of them without paying its mana cost", opts)
    if pick is not None:
        # Cast as this ability finishes resolving (CR 608.2g); the cast asks its own questions.
        g.push("cast", player=p, obj=pick, alt=None, free=True)
#: ``State.extra`` key: exiled object id -> (player, turn, free) — "you may play that card this
#: turn [without paying its mana cost]" (Caves of Chaos Adventurer); ``turn`` is
#: :data:`UNTIL_NEXT_TURN` for "until the end of your next turn" until that turn begins.
PLAY_THIS_TURN = "play_this_turn"
UNTIL_NEXT_TURN = -1
#: ``turn`` of a permission "for as long as it remains exiled" (CR 611.2b): it ends only when
#: the card leaves exile — then it is a new object (CR 400.7), which the permission doesn't name.
WHILE_EXILED = -2
#: The ``free`` of a permission to play a card paying its costs or without paying its mana cost.
MAY_BE_FREE = "may"
#: Markers after ``free``: "cast" — spells only, no land play (CR 305.9); ``ANY_COLOR`` — "you may
#: spend mana as though it were mana of any color to cast it" (CR 609.4b).
CAST_ONLY, ANY_COLOR = "cast", "any_color"
#: Marks: ``ANY_TYPE`` — "… as though it were mana of any type" (CR 118.14: colorless too);
#: ``EXILE_INSTEAD`` — "If that spell would be put into a graveyard this turn, exile it instead"
#: (CR 614.1a; a spell cast this way leaves the stack the turn it was cast, CR 500.2).
ANY_TYPE, EXILE_INSTEAD = "any_type", "exile_instead"
#: "you may cast it if it's a creature spell" (CR 611.2b; Vivien, Champion of the Wilds).
CREATURE_ONLY = "creature_only"


def payable_cost(g: Game, player: int, o: Obj, cost: ManaCost) -> ManaCost:
    """The demand the payment planner meets when ``player`` casts ``o`` with its total cost
    ``cost``: unchanged, unless a permission lets them spend mana as though it were mana of any
    color to cast it (CR 609.4b: the cost doesn't change, only how it may be paid).
    Asked by ``casting`` for every cast it plans and makes; one dict lookup when no card has such
    a permission."""
    perms = g.s.extra.get(PLAY_THIS_TURN)
    perm = perms.get(o.id) if perms else None
    if perm is None or perm[0] != player:
        if o.zone == "exile" and any(st.any_color for _src, st in exiled_with_permission(g, player, o)):
            return cost.spent_as_any()  # "they may spend mana as though it were mana of any color" (609.4b)
        return cost
    if ANY_TYPE in perm[3:]:
        return cost.spent_as_any(colorless_too=True)
    return cost.spent_as_any() if ANY_COLOR in perm[3:] else cost


def exiled_instead(g: Game, player: int, o: Obj) -> bool:
    """Whether ``player`` casting ``o`` from exile uses a permission whose spell is exiled
    instead of being put into a graveyard (CR 614.1a; Dire Fleet Daredevil). Asked by
    ``casting`` as the spell is cast."""
    perms = g.s.extra.get(PLAY_THIS_TURN)
    perm = perms.get(o.id) if perms else None
    return perm is not None and perm[0] == player and EXILE_INSTEAD in perm[3:]


@handles(ExileTopPlay)
def h_exile_top_n_play(g: Game, job: Job, item: StackItem, e: ExileTopPlay, key: str) -> None:
    """Exile the top ``n`` cards; their owner may play them this turn or until the end of their
    next turn (CR 611.2a) — the permission begins now, so during this turn too. Offered by
    :func:`play_options`."""
    s = g.s
    p = item.controller
    perms = s.extra.setdefault(PLAY_THIS_TURN, {})
    # "If this spell was cast from a graveyard, you may play cards this way without paying their
    # mana costs": as it resolves, from where the spell was cast (CR 601.2a).
    free = MAY_BE_FREE if e.free_if_cast_from_graveyard and item.trigger_data.get("from_zone") == "graveyard" \
        else False
    names = []
    n = max(0, amount(g, e.n, item, job))
    until = WHILE_EXILED if e.while_exiled else UNTIL_NEXT_TURN if e.next_turn else s.turn
    marks = (*((CAST_ONLY,) if e.cast_only else ()), *((ANY_COLOR,) if e.any_color else ()),
             *((ANY_TYPE,) if e.any_type else ()))
    for owner in ref_players(g, e.whose, item, job):  # each opponent in turn order (CR 101.4)
        with zones.simultaneously(g):  # a library's top N cards are exiled in one event (CR 603.2c)
            for oid in list(s.players[owner].library[:n]):
                new = zones.move(g, oid, "exile", rule="701.13a", verb="is exiled")
                if new is not None:
                    # After ``free``: "cast spells from among them": no land play (CR 305.9); mana
                    # spent as though it were of any color (CR 609.4b).
                    perms[new.id] = (p, until, free, *marks)
                    names.append(new.name)
    if names:
        until = ("for as long as they remain exiled" if e.while_exiled
                 else "until the end of their next turn" if e.next_turn else "this turn")
        verb = "cast spells from among" if e.cast_only else "play"
        g.emit(ev.EffectBegan(rule="611.2a", description=f"{g.player_name(p)} may {verb} {', '.join(names)} {until}"))


@handles(ExileTopChooseOnePlay)
def h_exile_top_choose_one_play(g: Game, job: Job, item: StackItem, e: ExileTopChooseOnePlay, key: str) -> None:
    """Exile the top ``n`` cards of a library (once, even when this runs again after the choice),
    then the controller chooses one of them; they may play it until the end of their next turn —
    beginning now (CR 611.2a) — a land as a land play (CR 305.1), a spell paying its costs."""
    s = g.s
    p = item.controller
    done = key + ":exiled"
    if done not in job.data:
        exiled: list[int] = []
        for owner in ref_players(g, e.whose, item, job):
            with zones.simultaneously(g):  # the top N cards in one event (CR 603.2c)
                for oid in list(s.players[owner].library[:max(0, amount(g, e.n, item, job))]):
                    new = zones.move(g, oid, "exile", rule="701.13a", verb="is exiled")
                    if new is not None and new.zone == "exile":
                        exiled.append(new.id)
        job.data[done] = exiled
    cands = [c for c in job.data[done] if c in s.objs and s.objs[c].zone == "exile"]
    if not cands:
        return
    pick = g.ask(job, key + ":choose", p, "choose_card", f"{item.source_name}: choose one of them; you may play it "
                 "until the end of your next turn", distinct_card_options(g, cands))
    s.extra.setdefault(PLAY_THIS_TURN, {})[pick] = (p, UNTIL_NEXT_TURN, False,
                                                     *((ANY_COLOR,) if e.any_color else ()))
    g.emit(ev.EffectBegan(rule="611.2a", description=f"{g.player_name(p)} may play {s.objs[pick].name} until the "
                                                     "end of their next turn"))


@handles(ExileMayCast)
def h_exile_may_cast(g: Game, job: Job, item: StackItem, e: ExileMayCast, key: str) -> None:
    """Exile the target; until the end of your next turn (or this turn) you may cast that card
    (CR 611.2a)."""
    s = g.s
    p = item.controller
    marks = (CAST_ONLY, *((ANY_COLOR,) if e.any_color else ()), *((ANY_TYPE,) if e.any_type else ()),
             *((EXILE_INSTEAD,) if e.exile_instead else ()))
    for oid in ref_objects(g, e.what, item, job):
        new = zones.move(g, oid, "exile", rule="701.13a", verb="is exiled")
        if new is None or new.zone != "exile":
            continue  # a token ceases to exist (CR 111.7)
        s.extra.setdefault(PLAY_THIS_TURN, {})[new.id] = (p, s.turn if e.this_turn else UNTIL_NEXT_TURN, False,
                                                          *marks)
        until = "this turn" if e.this_turn else "until the end of their next turn"
        g.emit(ev.EffectBegan(rule="611.2a", description=f"{g.player_name(p)} may cast {new.name} {until}"))


@handles(ExileFromHandMayPlay)
def h_exile_from_hand_may_play(g: Game, job: Job, item: StackItem, e: ExileFromHandMayPlay, key: str) -> None:
    """``who`` exiles a card of their choice from their hand (CR 406.3: face up); this effect's
    controller may play it for as long as it remains exiled (CR 611.2b). Offered by
    :func:`play_options`."""
    s = g.s
    p = item.controller
    for who in ref_players(g, e.who, item, job):
        hand = s.players[who].hand
        if not hand:
            continue
        pick = g.ask(job, f"{key}:exile{who}", who, "exile_from_hand", "exile a card from your hand",
                     [Option(s.objs[c].name, c) for c in hand])
        if pick not in hand:
            continue
        new = zones.move(g, pick, "exile", rule="406.3", verb="is exiled")
        if new is None or new.zone != "exile":
            continue
        s.extra.setdefault(PLAY_THIS_TURN, {})[new.id] = (p, WHILE_EXILED, False)
        g.emit(ev.EffectBegan(rule="611.2b", description=f"{g.player_name(p)} may play {new.name} for as long "
                                                         "as it remains exiled"))


@handles(MayCastWhileExiled)
def h_may_cast_while_exiled(g: Game, job: Job, item: StackItem, e: MayCastWhileExiled, key: str) -> None:
    """The card an earlier effect of this ability exiled may be cast by this ability's controller
    for as long as it remains exiled (CR 611.2b); nothing if it isn't in exile (a token that
    ceased to exist, CR 111.7; a commander put into the command zone instead)."""
    s = g.s
    for now in ref_objects_now(g, e.what, item, job):
        o = s.objs[now]
        if o.zone != "exile" or o.token:
            continue
        may_cast_while_exiled(g, item.controller, o, any_type=e.any_type)


#: Mark: "That spell has undaunted" (CR 702.125a: it costs {1} less for each opponent), asked by
#: ``spell_costs.cost_changes`` through :func:`has_undaunted`.
UNDAUNTED = "undaunted"


def may_cast_while_exiled(g: Game, player: int, o: Obj, *, any_type: bool = False, undaunted: bool = False) -> None:
    """``player`` may cast ``o``, a card in exile, for as long as it remains exiled (CR 611.2b) — at
    its normal timing, paying its costs (CR 601.2) — with mana of any type (CR 609.4b, 118.14) or
    as a spell with undaunted (CR 702.125a) if the permission says so."""
    marks = (CAST_ONLY, *((ANY_TYPE,) if any_type else ()), *((UNDAUNTED,) if undaunted else ()))
    g.s.extra.setdefault(PLAY_THIS_TURN, {})[o.id] = (player, WHILE_EXILED, False, *marks)
    g.emit(ev.EffectBegan(rule="611.2b", description=f"{g.player_name(player)} may cast {o.name} for as long as it "
                                                     f"remains exiled{'; that spell has undaunted' if undaunted else ''}"))


def has_undaunted(g: Game, player: int, o: Obj) -> bool:
    """Whether ``player`` casting ``o`` from exile does so with a permission whose spell has
    undaunted (CR 702.125a; Durnan of the Yawning Portal)."""
    perms = g.s.extra.get(PLAY_THIS_TURN)
    perm = perms.get(o.id) if perms else None
    return perm is not None and perm[0] == player and UNDAUNTED in perm[3:]


@handles(ExileTopPlayThisTurn)
def h_exile_top_play(g: Game, job: Job, item: StackItem, e: ExileTopPlayThisTurn, key: str) -> None:
    """Exile the top card; its owner may play it this turn, without paying its mana cost if
    ``free_if`` holds as this resolves — and then only that way (rulings, Caves of Chaos
    Adventurer). Offered by :func:`play_options`."""
    s = g.s
    p = item.controller
    lib = s.players[p].library
    if not lib:
        return
    free = e.free_if is not None and resolve.condition_holds(g, e.free_if, p)
    new = zones.move(g, lib[0], "exile", rule="701.13a", verb="is exiled")
    if new is None:
        return
    s.extra.setdefault(PLAY_THIS_TURN, {})[new.id] = (p, s.turn, free)
    how = " without paying its mana cost" if free else ""
    g.emit(ev.EffectBegan(rule="611.2a", description=f"{g.player_name(p)} may play {new.name} this turn{how}"))


@handles(ExileUntilNonlandCastFree)
def h_exile_until_cast(g: Game, job: Job, item: StackItem, e: ExileUntilNonlandCastFree, key: str) -> None:
    """Exile from the top until a nonland card is exiled; its controller may cast it without
    paying its mana cost (CR 118.9) as this ability resolves (CR 608.2g, timing ignored). Cast
    as the ability finishes resolving, like Mad Wizard's Lair (h_draw_reveal_cast, above)."""
    s = g.s
    p = item.controller
    dk = key + ":exiled"
    if dk not in job.data:
        job.data[dk] = zones.exile_until(g, p, lambda new: "Land" not in new.card.types, rule="701.13a")[1]
    card = job.data[dk]
    if card is None or card not in s.objs or s.objs[card].zone != "exile":
        return
    o = s.objs[card]
    if not casting.castable(g, p, o, free=True):
        g.emit(ev.Note(rule="608.2g", message=f"{o.name} can't be cast now; it stays exiled"))
        return
    if casting.ask_cast_free(g, job, key, p, o):
        g.push("cast", player=p, obj=card, alt=None, free=True)


@handles(ExileUntilCastFree)
def h_exile_until_cast_free(g: Game, job: Job, item: StackItem, e: ExileUntilCastFree, key: str) -> None:
    """A player exiles from the top of their library until a card matching the filter (all of it
    if none does); the controller may cast that card without paying its mana cost now (CR 608.2g,
    118.9) — cast as this ability finishes resolving; then the other exiled cards, and that one if
    not cast, go on the bottom of that library in a random order (CR 401.4; rulings, Chaos Wand)."""
    s = g.s
    p = item.controller
    owners = ref_players(g, e.who, item, job)
    if not owners:
        return
    owner = owners[0]
    dk = key + ":exiled"
    if dk not in job.data:
        job.data[dk] = zones.exile_until(g, owner, lambda new: targeting.matches(g, new, e.filter, p),
                                         rule="701.13a")
    exiled, card = job.data[dk]
    cast = False
    if card is not None and card in s.objs and s.objs[card].zone == "exile":
        o = s.objs[card]
        if casting.castable(g, p, o, free=True):
            cast = casting.ask_cast_free(g, job, key, p, o)
        else:
            g.emit(ev.Note(rule="608.2g", message=f"{o.name} can't be cast now"))
    if e.rest_bottom:
        rest = [c for c in exiled if c in s.objs and s.objs[c].zone == "exile" and not (cast and c == card)]
        s.rng.shuffle(rest)  # "in a random order"
        for c in rest:
            zones.move(g, c, "library", rule="401.4", to_top=False, verb="is put on the bottom of its owner's library")
    if cast:
        g.push("cast", player=p, obj=card, alt=None, free=True)


# ----------------------------------------------------------------------------- playing from exile


def play_options(g: Game, player: int) -> list[Option]:
    """Cards exiled with "you may play that card this turn": play a land (CR 305.1: normal
    timing, a land play), cast a spell at its normal timing — paying its costs, or without
    paying its mana cost (CR 118.9) when that is the permission."""
    s = g.s
    perms = s.extra.get(PLAY_THIS_TURN)
    if not perms:
        return []
    out = []
    for oid, (who, turn, free, *only) in perms.items():
        o = s.objs.get(oid)
        if who != player or turn not in (s.turn, UNTIL_NEXT_TURN, WHILE_EXILED) or o is None or o.zone != "exile":
            continue
        if "Land" in o.card.types:
            if CAST_ONLY in only:  # "you may cast spells from among them": a land can't be cast (CR 305.9)
                continue
            if casting.sorcery_timing(g, player) and land_plays.may_play_land(g, player):
                out.append(Option(f"play {o.name} from exile", ("play", oid)))
            continue
        if not casting.timing_ok(g, player, o.card) or CREATURE_ONLY in only and "Creature" not in o.card.types:
            continue
        if free and casting.castable(g, player, o, free=True):
            out.append(Option(f"cast {o.name} from exile without paying its mana cost",
                              ("cast", oid, priority.FREE)))
        # ``free`` True: only that way (Caves of Chaos Adventurer); MAY_BE_FREE: either way
        # (Ignite the Future cast from a graveyard, ruling 2019-08-23).
        if free is not True and casting.castable(g, player, o):
            out.append(Option(f"cast {o.name} from exile", ("cast", oid, None)))
        if not free:
            out += rather_options(g, player, o, f"cast {o.name} from exile")
    return out



@lru_cache(maxsize=4096)
def _casts_from_top(card: CardDef) -> bool:
    return any(isinstance(st, CastFromTopOfLibrary) for st in card.static)


def top_of_library_options(g: Game, player: int, mana: PlayerMana | None = None) -> list[Option]:
    """"You may cast Aura and Equipment spells from the top of your library" (CR 601.3): the top
    card of ``player``'s library, if a permanent they control has such a permission (after layer 6,
    CR 613.1f) whose spells it is one of — at its normal timing, paying its costs or an alternative
    cost it has (CR 118.9; rulings 2021-07-23, Galea, Kindler of Hope); a land card can't be cast
    (CR 305.9)."""
    s = g.s
    lib = s.players[player].library
    if not lib:
        return []
    top = s.objs[lib[0]]
    if "Land" in top.card.types or top_permission(g, player, top) is None:
        return []
    out = [Option(f"cast {top.name} from the top of your library", ("cast", top.id, None))] \
        if casting.castable(g, player, top, None, mana=mana) else []
    # CR 118.9: an alternative cost paid as the card is cast (evoke, dash), not one that
    # casts it from another zone (flashback, escape: zone "graveyard").
    return out + [Option(f"cast {top.name} from the top of your library ({alt.keyword})",
                         ("cast", top.id, alt.keyword))
                  for alt in top.card.alt_costs
                  if alt.zone == "hand" and casting.castable(g, player, top, alt, mana=mana)]


def top_permission(g: Game, player: int, top: Obj) -> int | None:
    """The permanent ``player`` controls whose "you may cast … from the top of your library"
    permission lets them cast ``top``, the top card of their library (after layer 6, CR
    613.1f), or None. With several, the first: a cast uses one permission, and the triggers
    linked to it (CR 607.2h: "When you cast an Equipment spell this way") are its source's."""
    s = g.s
    for oid in ab.with_static(g, ch.permanents_with(s, _casts_from_top), CastFromTopOfLibrary):
        src = s.objs[oid]
        if src.controller == player and any(isinstance(st, CastFromTopOfLibrary)
                                            and targeting.matches(g, top, st.filter, player)
                                            for st in ab.static(g, src)):
            return oid
    return None


#: ``StackItem.trigger_data`` key: the permanent whose permission let the spell be cast from the
#: top of a library (:func:`top_permission`).
PERMITTED_BY = "permitted_by"


@triggers.watches("spell_cast")
def cast_this_way(g: Game, e: ev.SpellCast) -> None:
    """"When you cast an Equipment spell this way" (CR 607.2h, 603.2): the permanent whose
    permission the spell was cast with, if it is still on the battlefield with that trigger."""
    s = g.s
    if e.copy:  # a copy isn't cast (CR 707.10)
        return
    item = next((it for it in s.stack if it.obj == e.obj), None)
    src = s.objs.get(item.trigger_data.get(PERMITTED_BY, -1)) if item is not None else None
    if src is None or src.zone != "battlefield" or item is None:
        return
    spell = s.objs[e.obj]
    for a in ab.triggered(g, src):
        if isinstance(a.when, CastThisWay) and targeting.matches(g, spell, a.when.filter, src.controller, src.id):
            triggers.add_pending(g, src, a, src.controller, src.name, spell=e.obj)


# ----------------------------------------------------------------------------- an alternative cost from exile

#: The ``cast`` option's cost keyword for "you may pay {0} rather than pay the mana cost for a
#: creature spell you cast from exile" (CR 118.9); the cast pays no mana cost, like ``priority.FREE``.
PAY_ZERO = "pay {0}"
#: ``State.extra`` key: (turn, the permanents whose "once each turn" alternative cost was used).
RATHER_USED = "pay_rather_used"


@lru_cache(maxsize=4096)
def _pays_rather(card: CardDef) -> bool:
    return any(isinstance(st, PayRatherThanManaCost) for st in card.static)


def _rather_source(g: Game, player: int, o: Obj) -> int | None:
    """The permanent ``player`` controls whose "you may pay {0} rather than pay the mana cost"
    applies to ``o`` cast from exile now (after layer 6, CR 613.1f), not yet used this turn if it
    says "once each turn"; None if there is none."""
    s = g.s
    ids = ab.with_static(g, ch.permanents_with(s, _pays_rather), PayRatherThanManaCost)
    if not ids:
        return None
    used = s.extra.get(RATHER_USED)
    spent = used[1] if used is not None and used[0] == s.turn else frozenset()
    for oid in ids:
        src = s.objs[oid]
        if src.controller == player and any(
                isinstance(st, PayRatherThanManaCost) and not (st.once_each_turn and oid in spent)
                and targeting.matches(g, o, st.filter, player) for st in ab.static(g, src)):
            return oid
    return None


def rather_options(g: Game, player: int, o: Obj, label: str) -> list[Option]:
    """The option to cast ``o``, a card ``player`` may cast from exile with some permission, for
    {0} rather than its mana cost (CR 118.9) if a permanent of theirs offers that: at its normal
    timing (the permission doesn't change it, CR 601.3), its additional costs and cost increases
    still paid (CR 118.9d). Asked next to each listing of casts from exile; nothing, with one
    lookup, when no permanent has the ability."""
    if o.zone != "exile" or "Land" in o.card.types or _rather_source(g, player, o) is None:
        return []
    if not casting.timing_ok(g, player, o.card) or not casting.castable(g, player, o, free=True):
        return []
    return [Option(f"{label} paying {{0}} rather than its mana cost", ("cast", o.id, PAY_ZERO))]


def use_rather(g: Game, player: int, spell: Obj) -> None:
    """A spell was cast paying {0} rather than its mana cost: that permanent's "once each turn"
    is used (asked by ``casting`` as the spell becomes cast, CR 601.2i)."""
    src = _rather_source(g, player, spell)
    if src is None:
        return
    s = g.s
    used = s.extra.get(RATHER_USED)
    spent = used[1] if used is not None and used[0] == s.turn else frozenset()
    s.extra[RATHER_USED] = (s.turn, spent | {src})


@lru_cache(maxsize=4096)
def _plays_exiled_with(card: CardDef) -> bool:
    return any(isinstance(st, PlayExiledWith) for st in card.static)


#: ``State.extra`` key: (turn, the (permanent, player) pairs whose "play a land or cast a spell"
#: permission that player used this turn) — one card each turn (ruling 2021-07-23, Share the Spoils).
EXILED_WITH_USED = "exiled_with_used"


def _exiled_with_sources(g: Game, player: int) -> list[tuple[int, PlayExiledWith]]:
    """The permanents whose "you may play lands and cast spells from among cards exiled with ~"
    lets ``player`` play those cards now (after layer 6, CR 613.1f), each with that ability: its
    controller's during their turn while its condition holds (Theater of Horrors), or every
    player's during their own turn, once each turn (Share the Spoils)."""

    s = g.s
    ids = ab.with_static(g, ch.permanents_with(s, _plays_exiled_with), PlayExiledWith)
    if not ids:
        return []
    used = s.extra.get(EXILED_WITH_USED)
    spent = used[1] if used is not None and used[0] == s.turn else frozenset()
    out = []
    for oid in ids:
        src = s.objs[oid]
        for st in ab.static(g, src):
            if not isinstance(st, PlayExiledWith) or not st.each_player and src.controller != player:
                continue
            if st.during_your_turn and not resolve.condition_holds(g, YourTurn(), player):
                continue
            if st.condition is not None and not resolve.condition_holds(g, st.condition, player):
                continue
            if st.one_each_turn and (oid, player) in spent:
                continue
            out.append((oid, st))
            break
    return out


def exiled_with_permission(g: Game, player: int, o: Obj) -> list[tuple[int, PlayExiledWith]]:
    """The permissions of :func:`_exiled_with_sources` that cover ``o``, a card in exile."""
    return [(oid, st) for oid, st in _exiled_with_sources(g, player) if o.id in exiled_with.exiled_with(g, oid)]


def use_exiled_with(g: Game, player: int, o: Obj) -> int | None:
    """``player`` plays or casts ``o`` from exile: the permanent whose permission covers it, if
    one does — its "one each turn" used (ruling 2021-07-23, Share the Spoils) and its linked
    "When they do" triggered (CR 607.2h). Asked by ``casting`` and ``priority.play_land`` before
    the card moves."""
    perms = exiled_with_permission(g, player, o) if o.zone == "exile" else []
    if not perms:
        return None
    oid, st = perms[0]
    s = g.s
    if st.one_each_turn:
        used = s.extra.get(EXILED_WITH_USED)
        spent = used[1] if used is not None and used[0] == s.turn else frozenset()
        s.extra[EXILED_WITH_USED] = (s.turn, spent | {(oid, player)})
    src = s.objs[oid]
    for a in ab.triggered(g, src):
        if isinstance(a.when, PlayedThisWay):
            triggers.add_pending(g, src, a, src.controller, src.name, caster=player)
    return oid


def exiled_with_options(g: Game, player: int, mana: PlayerMana | None = None) -> list[Option]:
    """"During your turn, if …, you may play lands and cast spells from among cards exiled with ~"
    (CR 607.2a): the cards exiled with a permanent whose permission applies to ``player`` now
    (:func:`_exiled_with_sources`) — a land at sorcery timing as a land play (CR 305.1-2), a
    spell at its normal timing paying its costs (CR 601.2; rulings 2019-01-25, Theater of
    Horrors; 2021-07-23, Share the Spoils)."""

    s = g.s
    out: dict[tuple, Option] = {}
    for oid, _st in _exiled_with_sources(g, player):
        for c in exiled_with.exiled_with(g, oid):
            o = s.objs[c]
            if "Land" in o.card.types:
                if casting.sorcery_timing(g, player) and land_plays.may_play_land(g, player):
                    out[("play", c)] = Option(f"play {o.name} from exile", ("play", c))
            elif casting.timing_ok(g, player, o.card):
                if casting.castable(g, player, o, None, mana=mana):
                    out[("cast", c, None)] = Option(f"cast {o.name} from exile", ("cast", c, None))
                for opt in rather_options(g, player, o, f"cast {o.name} from exile"):
                    out[opt.value] = opt
    return list(out.values())


def end_play_permissions(g: Game, e: ev.TurnBegan) -> None:
    """Permissions "this turn" end with the turn; "until the end of your next turn" becomes
    "this turn" as that player's next turn begins (CR 611.2a); "for as long as it remains exiled"
    ends when the card has left exile (CR 611.2b, 400.7)."""
    perms = g.s.extra.get(PLAY_THIS_TURN)
    if perms:
        mine = {e.player, *e.team}
        objs = g.s.objs
        g.s.extra[PLAY_THIS_TURN] = {
            k: (v[0], g.s.turn, *v[2:]) if v[1] == UNTIL_NEXT_TURN and v[0] in mine else v
            for k, v in perms.items() if v[1] in (g.s.turn, UNTIL_NEXT_TURN) or v[1] == WHILE_EXILED and k in objs}

#: ``State.extra`` key: stack object id -> (``any`` | ``graveyard``, rule, why) — the spell is
#: exiled instead of leaving the stack for any zone / for its owner's graveyard.
EXILE_LEAVING_STACK = "exile_leaving_stack"


# ----------------------------------------------------------------------------- leaving the stack


def mark_exile_leaving_stack(g: Game, oid: int, how: str, rule: str, why: str) -> None:
    g.s.extra.setdefault(EXILE_LEAVING_STACK, {})[oid] = (how, rule, why)


def leaving_stack(g: Game, o: Obj, from_zone: str, to_zone: str, applied: frozenset[str]) -> list[zones.Replacement]:
    if from_zone != "stack" or to_zone == "exile" or "leave_stack" in applied:
        return []
    mark = g.s.extra.get(EXILE_LEAVING_STACK, {}).get(o.id)
    if mark is None:
        return []
    how, rule, why = mark
    if how == "graveyard" and to_zone != "graveyard":
        return []
    return [zones.Replacement("leave_stack", f"{o.name} is exiled instead ({why})", rule, "exile")]



# ----------------------------------------------------------------------------- permissions


def _the_card(g: Game, ref: m.Ref, item: StackItem, job: Job) -> Obj | None:
    """The one card a "you may cast [it]" permission names, if it still does."""
    ids = ref_objects(g, ref, item, job)
    return g.s.objs[ids[0]] if ids else None


@handles(MayCastFromHandFree)
def h_may_cast_from_hand_free(g: Game, job: Job, item: StackItem, e: MayCastFromHandFree, key: str) -> None:
    """One card of the controller's hand matching the filter, cast without paying its mana cost as
    this finishes resolving (CR 608.2g, 118.9; like Mad Wizard's Lair): its mana value is the card's
    (CR 202.3), a land can't be cast (CR 305.9); cards drawn by this spell's earlier effect count
    (ruling 2017-02-09, Rishkar's Expertise). A mana value bound that is an amount ("less than or
    equal to the other result", Arcane Endeavor) is counted as it resolves (CR 608.2h)."""
    s = g.s
    p = item.controller
    flt = e.filter if e.max_mv is None else replace(e.filter, max_mv=amount(g, e.max_mv, item, job))
    seen: set[str] = set()
    opts = []
    for c in s.players[p].hand:
        o = s.objs[c]
        if o.name not in seen and targeting.matches(g, o, flt, p) and casting.castable(g, p, o, free=True):
            seen.add(o.name)  # identical cards are one choice
            opts.append(Option(f"cast {o.name} without paying its mana cost", c))
    if not opts:
        return
    opts.append(Option("cast nothing", None))
    pick = g.ask(job, f"{key}:free", p, "cast_free", f"{item.source_name}: you may cast a spell from your hand "
                 "without paying its mana cost", opts)
    if pick is not None:
        g.push("cast", player=p, obj=pick, alt=None, free=True)


@handles(MayCastFromGraveyard)
def h_may_cast_from_graveyard(g: Game, job: Job, item: StackItem, e: MayCastFromGraveyard, key: str) -> None:
    """"You may cast [it] from your graveyard": timing permissions are ignored and its costs
    are paid (CR 608.2g, 601.2); cast as the ability finishes resolving, like Mad Wizard's
    Lair. This permission is the one used — not the card's own escape or flashback."""
    from undercity.engine import casting

    p = item.controller
    o = _the_card(g, e.what, item, job)
    if o is None or o.zone != "graveyard" or o.owner != p:
        return
    if not casting.castable(g, p, o, ignore_timing=True):
        g.emit(ev.Note(rule="601.2", message=f"{o.name} can't be cast now; it stays in the graveyard"))
        return
    yes = g.ask(job, key + ":cast", p, "cast_permission",
                f"{item.source_name}: cast {o.name} from your graveyard (paying its costs)?",
                [Option(f"cast {o.name} from your graveyard", True), Option(f"don't cast {o.name}", False)])
    if yes:
        g.push("cast", player=p, obj=o.id, alt=None, free=False,
               exile_instead=item.source_name if e.exile_instead else None)


@handles(MayCastWithoutPaying)
def h_may_cast_without_paying(g: Game, job: Job, item: StackItem, e: MayCastWithoutPaying, key: str) -> None:
    p = item.controller
    o = _the_card(g, e.what, item, job)
    if o is None:
        return  # no longer a legal target (CR 608.2b)
    if not casting.castable(g, p, o, free=True):
        g.emit(ev.Note(rule="608.2g", message=f"{o.name} can't be cast now; it stays in its {o.zone}"))
        return
    if casting.ask_cast_free(g, job, key, p, o):
        g.push("cast", player=p, obj=o.id, alt=None, free=True)  # CR 608.2g, 118.9


#: ``State.extra`` key: player -> the turn their next spell may be cast as though it had flash.
NEXT_SPELL_FLASH = "next_spell_flash"


@handles(NextSpellFlash)
def h_next_spell_flash(g: Game, job: Job, item: StackItem, e: NextSpellFlash, key: str) -> None:
    """"The next spell you cast this turn can be cast as though it had flash" (CR 702.8a)."""
    g.s.extra.setdefault(NEXT_SPELL_FLASH, {})[item.controller] = g.s.turn
    g.emit(ev.EffectBegan(rule="702.8a", description=f"{g.player_name(item.controller)}'s next spell this turn "
                                                     "can be cast as though it had flash"))


def next_spell_flash(g: Game, player: int) -> bool:
    """Whether ``player``'s next spell this turn may be cast as though it had flash (asked by
    ``casting.timing_ok``)."""
    perms = g.s.extra.get(NEXT_SPELL_FLASH)
    return bool(perms) and perms.get(player) == g.s.turn


@triggers.watches("spell_cast")
def next_spell_cast(g: Game, e: ev.SpellCast) -> None:
    """The permission is for the next spell only: used up as that player casts one (CR 601.2i)."""
    perms = g.s.extra.get(NEXT_SPELL_FLASH)
    if perms and e.player in perms and not e.copy:
        del perms[e.player]
