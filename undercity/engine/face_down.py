"""Face-down cards and objects (CR 406.3, 708).

**Cards exiled face down** (CR 406.3, 708.1): hideaway's card (702.75a), a foretold card (702.143a),
the card "look at the top N cards …, exile one of them face down" exiles and its controller may
cast for as long as it remains exiled (:class:`~undercity.cards.language.face_down.LookExileFaceDown`,
CR 611.2b).

A card exiled face down has no characteristics (CR 406.3a) and can't be examined by any player
except those an instruction lets look at it; they may go on looking at it until it leaves
exile (406.3). The engine keeps the card as it is and records who may look at it in
``State.extra[FACE_DOWN]`` by object id: a card that leaves exile is a new object (CR 400.7),
no longer face down. Everything that shows exile to a player — the log (the move is private to
the lookers), the terminal seat's zone listings and the web view — asks :func:`shown_name`.

**Face-down spells and permanents** (CR 708; morph, CR 702.37, :mod:`undercity.engine.morph`):
the object has only the characteristics the rules list, a 2/2 creature with no text, no name, no
subtypes and no mana cost (CR 708.2a) — :func:`~undercity.cards.language.face_down.face_down_card`.
These are its copiable values (CR 708.2, 613.2b: layer 1b), so the engine gives the object that
card (``Obj.card``, which every characteristic is computed from, the layer system's copy effects
included: a copy of it copies the face-down values, CR 707.2) and keeps its own card in
``State.extra[FACE_DOWN_OBJECTS]`` by object id, with the ability that made it face down. A copy
effect on a face-down permanent doesn't change it (CR 708.10: layer 1b applies after 1a; asked by
the layer system, :func:`copy_hidden`). It is turned face down before it is put on the stack
(CR 708.4) and stays face down as it resolves and enters (CR 702.37c: :func:`card_moving`, asked
by ``zones.move``), so it enters with none of its card's "enters" abilities (CR 708.3). Turned
face up (:func:`turn_face_up`) it is the same object with its card back (CR 708.8: counters,
damage, attachments, effects kept; nothing "enters"). Moving anywhere else — a face-down spell
countered, a face-down permanent dying — it is revealed (CR 708.9) and the new object is its card;
so is every face-down object its owner has when they leave the game or the game ends.

Only its controller may look at it (CR 708.5): the log names it to them alone
(:class:`~undercity.engine.events.FaceDownIdentity`, private; the all-seeing view sees it), every
other view shows :data:`~undercity.cards.language.face_down.FACE_DOWN_NAME`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.face_down import FACE_DOWN_OBJECTS, LookExileFaceDown, face_down_card
from undercity.engine import events as ev
from undercity.engine import zones
from undercity.engine.effects import distinct_card_options, handles, ref_players

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game
    from undercity.engine.state import Job, Obj, StackItem

#: ``State.extra`` key: exiled object id -> the players who may look at it (CR 406.3).
FACE_DOWN = "face_down"
#: How a face-down card is named to a player who may not look at it.
HIDDEN = "a face-down card"


def exile(g: Game, oid: int, looker: int, *, rule: str) -> Obj | None:
    """Exile ``oid`` face down; ``looker`` may look at it (CR 406.3). The move's event names the
    card only to the looker (its owner for hideaway and foretell; not for Gonti's)."""
    new = zones.move(g, oid, "exile", rule=rule, verb="is exiled face down", face_down=True, seen_by=looker)
    if new is not None and new.zone == "exile":
        g.s.extra.setdefault(FACE_DOWN, {})[new.id] = (looker,)
    return new


def is_face_down(g: Game, oid: int) -> bool:
    fd = g.s.extra.get(FACE_DOWN)
    return bool(fd) and oid in fd and oid in g.s.objs and g.s.objs[oid].zone == "exile"


def may_look(g: Game, oid: int, viewer: int | None) -> bool:
    """Whether ``viewer`` (None: everyone's view, the full log) may see the card ``oid``."""
    fd = g.s.extra.get(FACE_DOWN)
    if not fd or oid not in fd or viewer is None:
        return True
    return viewer in fd[oid] or not is_face_down(g, oid)


def shown_name(g: Game, oid: int, viewer: int | None) -> str:
    """The card's name, or :data:`HIDDEN` to a player who may not look at it (CR 406.3); a
    face-down spell or permanent's card to its controller (CR 708.5)."""
    real = real_card(g, oid)
    if real is not None:
        o = g.s.objs[oid]
        return f"{o.name} ({real.name})" if viewer is None or viewer == o.controller else o.name
    return g.s.objs[oid].name if may_look(g, oid, viewer) else HIDDEN


# ------------------------------------------------------------ face-down spells and permanents (CR 708)

def real_card(g: Game, oid: int) -> CardDef | None:
    """The card of the face-down spell or permanent ``oid`` (what it is face up), or None if
    ``oid`` isn't one."""
    fd = g.s.extra.get(FACE_DOWN_OBJECTS)
    rec = fd.get(oid) if fd else None
    return rec[0] if rec is not None else None


def how_face_down(g: Game, oid: int) -> str | None:
    """The keyword of the ability that made ``oid`` face down (CR 708.6, 708.7), or None."""
    fd = g.s.extra.get(FACE_DOWN_OBJECTS)
    rec = fd.get(oid) if fd else None
    return rec[1] if rec is not None else None


def face_down_objects(g: Game) -> dict[int, tuple[CardDef, str]]:
    """Every face-down spell and permanent: object id -> (its card, the keyword)."""
    return g.s.extra.get(FACE_DOWN_OBJECTS) or {}


def turn_face_down(g: Game, o: Obj, how: str) -> None:
    """Give ``o`` the face-down characteristics (CR 708.2a) as its copiable values, keeping its
    card; a face-down object can't be turned face down again (CR 708.2b)."""
    fd = g.s.extra.setdefault(FACE_DOWN_OBJECTS, {})
    if o.id in fd:
        return
    fd[o.id] = (o.card, how)
    o.card = face_down_card()
    if o.zone == "battlefield":
        _forget_cards()


def restore(g: Game, o: Obj) -> None:
    """Undo :func:`turn_face_down` for an object that never became face down (a cast proposed face
    down and reversed, CR 733): its card back, no event."""
    fd = g.s.extra.get(FACE_DOWN_OBJECTS)
    rec = fd.pop(o.id, None) if fd else None
    if rec is not None:
        o.card = rec[0]
        if not fd:
            del g.s.extra[FACE_DOWN_OBJECTS]
        if o.zone == "battlefield":
            _forget_cards()


def _forget_cards() -> None:
    """An object's card changed in place: the caches keyed by the battlefield's contents and the
    layer system's can't see it."""
    from undercity.engine import characteristics as ch
    from undercity.engine import layers

    ch.forget_permanents()
    layers.forget()


def identify(g: Game, o: Obj, rule: str) -> None:
    """Its controller looks at the face-down spell or permanent ``o`` (CR 708.5): the log names
    its card to them alone (and to the all-seeing view)."""
    real = real_card(g, o.id)
    if real is not None:
        g.emit(ev.FaceDownIdentity(rule=rule, player=o.controller, obj=o.id, name=real.name,
                                   private_to=o.controller))


def card_moving(g: Game, o: Obj, from_zone: str, to_zone: str) -> tuple[CardDef, bool]:
    """The card the object ``o`` becomes in ``to_zone`` (asked by ``zones.move`` for a face-down
    object), and whether it is still face down there: cast face down onto the stack (CR 708.4)
    and resolving onto the battlefield (CR 702.37c) it keeps the face-down characteristics; moving
    anywhere else it is revealed to all players (CR 708.9) and is its card."""
    real = real_card(g, o.id)
    assert real is not None
    if to_zone == "stack" and from_zone != "battlefield" or from_zone == "stack" and to_zone == "battlefield":
        return o.card, True
    g.emit(ev.Revealed(rule="708.9", player=o.owner, cards=(real.name,)))
    return real, False


def carry(g: Game, old: int, new: Obj | None, still: bool) -> None:
    """After ``zones.move``: the face-down record follows the object to its new id if it is
    still face down (CR 400.7 makes a new object; 702.37c: the same characteristics), else ends."""
    fd = g.s.extra.get(FACE_DOWN_OBJECTS)
    rec = fd.pop(old, None) if fd else None
    if rec is not None and still and new is not None:
        fd[new.id] = rec  # type: ignore[index]
    if fd is not None and not fd:
        del g.s.extra[FACE_DOWN_OBJECTS]


def turn_face_up(g: Game, o: Obj, rule: str, counters: tuple[tuple[str, int, str], ...] = ()) -> None:
    """Turn the face-down permanent ``o`` face up (CR 708.8): its copiable values revert to its
    card's; it is the same object — its counters, damage, attachments, tapped state and the
    effects applied to it stay (rulings 2014-09-20) — and nothing enters the battlefield, so no
    "enters" ability triggers or applies. ``counters``: (kind, number, rule) put on it as it is
    turned face up (megamorph's, CR 702.37b, 708.11)."""
    fd = g.s.extra[FACE_DOWN_OBJECTS]
    real, _how = fd.pop(o.id)
    if not fd:
        del g.s.extra[FACE_DOWN_OBJECTS]
    o.card = real
    _forget_cards()
    for kind, n, why in counters:
        zones.add_counters(g, o, kind, n, why)
    g.emit(ev.TurnedFaceUp(rule=rule, player=o.controller, obj=o.id, name=real.name))


def copy_hidden(g: Game, oid: int) -> bool:
    """Whether ``oid`` is a face-down permanent, whose characteristics a copy effect doesn't
    change (CR 708.10: layer 1b after 1a; the copy applies once it is turned face up)."""
    fd = g.s.extra.get(FACE_DOWN_OBJECTS)
    return bool(fd) and oid in fd


def reveal_all(g: Game, owner: int | None, rule: str) -> None:
    """Reveal every face-down spell and permanent (``owner``'s, if given) to all players: as their
    owner leaves the game, and at the end of the game (CR 708.9)."""
    fd = g.s.extra.get(FACE_DOWN_OBJECTS)
    for oid, (real, _how) in list(fd.items()) if fd else ():
        o = g.s.objs.get(oid)
        if o is not None and (owner is None or o.owner == owner):
            g.emit(ev.Revealed(rule=rule, player=o.owner, cards=(real.name,)))


def on_leave(g: Game, player: int) -> None:
    """CR 708.9: a player leaving the game reveals the face-down spells and permanents they own."""
    fd = g.s.extra.get(FACE_DOWN_OBJECTS)
    if fd:
        reveal_all(g, player, "708.9")
        for oid in [oid for oid in fd if oid not in g.s.objs or g.s.objs[oid].owner == player]:
            del fd[oid]  # they leave with their owner (CR 800.4a)
        if not fd:
            del g.s.extra[FACE_DOWN_OBJECTS]


def look_and_pick(g: Game, job: Job, key: str, p: int, top: list[int], rule: str, why: str = "") -> int:
    """``p`` looks at the cards ``top`` (CR 401.5; logged once, though the handler runs again
    after each choice) and picks the one to exile face down (``why`` ends the question)."""
    s = g.s
    if key + ":looked" not in job.data:
        job.data[key + ":looked"] = True
        g.emit(ev.LookedAt(rule=rule, player=p, cards=tuple(s.objs[c].name for c in top), count=len(top),
                           private_to=p))
    return top[0] if len(top) == 1 else g.ask(job, key + ":exile", p, "choose_card",
                                               f"{g.player_name(p)}: exile one of them face down{why}",
                                               distinct_card_options(g, top))


@handles(LookExileFaceDown)
def h_look_exile_face_down(g: Game, job: Job, item: StackItem, e: LookExileFaceDown, key: str) -> None:
    """Look at the top cards of the library (CR 401.5), exile one face down — the controller may
    look at it, not its owner if that is another player (CR 406.3) — and put the rest on the
    bottom of that library (CR 401.4); the controller may cast it for as long as it remains exiled
    (CR 611.2b: the permission is theirs even if another player gains control of the source,
    rulings 2016-09-20, Gonti)."""
    from undercity.cards.language.library_top import BOTTOM
    from undercity.engine import cast_permissions as cp
    from undercity.engine.library_top import _order

    s = g.s
    p = item.controller
    owners = ref_players(g, e.whose, item, job)
    if not owners:
        return
    top = list(s.players[owners[0]].library[:e.n])
    if not top:
        return
    pick = look_and_pick(g, job, key, p, top, "401.5")
    rest = [c for c in top if c != pick]
    if e.random:
        s.rng.shuffle(rest)  # "in a random order"
    elif len(rest) > 1:
        rest = _order(g, job, p, rest, BOTTOM, key)  # "in any order", the nearest the top first
    new = exile(g, pick, p, rule="406.3")
    for c in rest:
        zones.move(g, c, "library", rule="401.4", to_top=False, verb="is put on the bottom of its owner's library")
    if new is None or new.zone != "exile":
        return
    marks = (cp.CAST_ONLY, *((cp.ANY_TYPE,) if e.any_type else ()), *((cp.CREATURE_ONLY,) if e.creature_only else ()))
    s.extra.setdefault(cp.PLAY_THIS_TURN, {})[new.id] = (p, cp.WHILE_EXILED, False, *marks)
    # CR 406.3: the others know only that a card was exiled face down, not which.
    g.emit(ev.EffectBegan(rule="611.2b", description=f"{g.player_name(p)} may cast the card exiled face down "
                                                     "for as long as it remains exiled"))
