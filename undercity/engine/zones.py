"""Moving objects between zones (CR 400), with replacement effects (CR 614-616).

An object that moves becomes a new object (CR 400.7) with a new id; its last known
information on the battlefield is kept for look-back triggers and effects (CR 603.10,
608.2h). Before a move, :func:`replacements_for` lists the replacement effects that would
apply so the caller can ask the affected object's controller for their order (CR 616.1)
and pass it to :func:`move` ("ask, then act").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from undercity.cards.language.adventure import normal_card
from undercity.cards.language.counters import KEYWORD_COUNTERS
from undercity.cards.language.face_down import FACE_DOWN_OBJECTS
from undercity.cards.language.replacements import (
    ExileInsteadOfDying,
    ExileInsteadOfGraveyard,
    ExileWithCounterInsteadOfDying,
)
from undercity.cards.language.split_cards import whole_card
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import layers, targeting

if TYPE_CHECKING:
    from undercity.cards.language.continuous import Mod
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game
    from undercity.engine.state import Obj, State


@dataclass(frozen=True, slots=True)
class Replacement:
    """One replacement effect that applies to a zone change."""

    key: str  # stable name used for ordering choices
    label: str
    rule: str
    to_zone: str
    counter: str | None = None
    #: "May" replacements (CR 903.9b): the affected card's owner chooses whether it applies;
    #: :func:`move` skips one whose key appears in ``order`` as ``"!" + key``.
    optional: bool = False


def _opponents(g: Game, a: int, b: int) -> bool:
    pa, pb = g.s.players[a], g.s.players[b]
    if pa.team is not None and pa.team == pb.team:
        return False
    return a != b


#: ``State.extra`` key: the permanents whose static abilities apply while a group of objects
#: moves as one event (:func:`simultaneously`).
_SIMULTANEOUS = "simultaneous_sources"


def static_sources(g: Game) -> list[tuple[int, CardDef, int, str]]:
    """(id, card, controller, name) of the permanents whose static abilities (replacement
    effects) apply to a zone change now: those on the battlefield — or, while a group of
    objects moves at once, those on the battlefield as that event began."""
    s = g.s
    snap = s.extra.get(_SIMULTANEOUS)
    if snap is not None:
        return snap
    t = layers.table(g)
    lost = t.lost if t is not None else None  # a permanent that lost all abilities replaces nothing (613.1f)
    objs = s.objs
    return [(sid, objs[sid].card, objs[sid].controller, objs[sid].name) for sid in s.battlefield
            if not (lost and sid in lost)]


@contextmanager
def simultaneously(g: Game) -> Iterator[None]:
    """Move several objects as one event (Wrath of God; state-based actions, CR 704.3): the
    replacement effects that apply to each move are those of the permanents on the battlefield
    as the event begins, so a permanent leaving in the same event still replaces the others'
    moves — Ravenloft Adventurer destroyed together with an opponent's creature still exiles
    it with a hit counter (CR 614.1a, 614.6, 700.4)."""
    s = g.s
    outer = _SIMULTANEOUS in s.extra
    if not outer:
        s.extra[_SIMULTANEOUS] = static_sources(g)
        s.extra[_EVENT_SERIAL] = s.extra.get(_EVENT_SERIAL, 0) + 1
    try:
        yield
    finally:
        if not outer:
            s.extra.pop(_SIMULTANEOUS, None)
            s.extra.pop(LEFT_TOGETHER, None)


#: ``State.extra`` key: the modifications, source, controller and text of the effect under way
#: that says the permanents it puts onto the battlefield "are [characteristic]" (:func:`entering_as`).
_ENTERING_AS = "entering_as"


@contextmanager
def entering_as(g: Game, mods: tuple[Mod, ...], source: int | None, player: int, text: str) -> Iterator[None]:
    """While this lasts, each permanent put onto the battlefield is ``mods`` as it enters: the
    resolving effect said it "is [characteristic]", which applies simultaneously with its entering
    (CR 611.2e) — before anything sees it enter — for as long as it is that object (CR 611.2a)."""
    s = g.s
    s.extra[_ENTERING_AS] = (mods, source, player, text)
    try:
        yield
    finally:
        s.extra.pop(_ENTERING_AS, None)


#: ``State.extra`` key: how many events :func:`simultaneously` has begun, naming the one under way.
_EVENT_SERIAL = "simultaneous_event"


def event_serial(g: Game) -> int | None:
    """The event :func:`simultaneously` is moving objects in, by number, or None outside one
    (each move then is an event of its own): what tells a "one or more" trigger that two cards
    moved in the same event (CR 603.2c)."""
    return g.s.extra.get(_EVENT_SERIAL) if _SIMULTANEOUS in g.s.extra else None


#: ``State.extra`` key: the (old) ids of the permanents that have left the battlefield so far in
#: the event :func:`simultaneously` is moving — leaves-the-battlefield abilities of each of them
#: look back in time and see the others leave (CR 603.10a).
LEFT_TOGETHER = "left_together"


def left_together(s: State, oid: int) -> list[int]:
    """The permanents leaving the battlefield in the same event as ``oid`` (which has just
    left), ``oid`` included (CR 603.10a); just ``oid`` outside :func:`simultaneously`."""
    ids = list(s.extra.get(LEFT_TOGETHER) or ())
    return ids if oid in ids else [*ids, oid]


def replacements_for(g: Game, o: Obj, from_zone: str, to_zone: str,
                     applied: frozenset[str] = frozenset()) -> list[Replacement]:
    """Replacement effects that would modify moving ``o`` from ``from_zone`` to ``to_zone``."""
    out: list[Replacement] = []
    # From the Catacombs (CR 614.1a): "If that creature would leave the battlefield, exile it
    # instead of putting it anywhere else" — tied to the object, not to the corpse counter.
    # Unearth's (CR 702.84a) is the same, named by the ability (``corpse_exile`` holds its name).
    if o.corpse_exile and from_zone == "battlefield" and to_zone != "exile" and "corpse" not in applied:
        by = o.corpse_exile if isinstance(o.corpse_exile, str) else "From the Catacombs"
        out.append(Replacement("corpse", f"{o.name} is exiled instead ({by})",
                               "702.84a" if by == "unearth" else "614.1a", "exile"))
    if to_zone == "graveyard":
        for sid, card, src_controller, src_name in static_sources(g):
            for st in card.static:
                key = f"{st.kind}:{sid}"
                if key in applied:
                    continue
                if (isinstance(st, ExileWithCounterInsteadOfDying) and from_zone == "battlefield"
                        and ch.is_creature(o, g) and _opponents(g, src_controller, o.controller)):
                    out.append(Replacement(key, f"{src_name}: exile it with a {st.counter} counter instead",
                                           "614.6", "exile", st.counter))
                elif (isinstance(st, ExileInsteadOfDying) and from_zone == "battlefield" and ch.is_creature(o, g)
                      and targeting.matches(g, o, st.filter, src_controller, sid)):
                    out.append(Replacement(key, f"{src_name}: exile it instead", "614.6", "exile"))
                elif isinstance(st, ExileInsteadOfGraveyard):
                    out.append(Replacement(key, f"{src_name}: exile it instead", "614.6", "exile"))
    # A spell exiled instead of leaving the stack (flashback 702.34a, "exile it instead" 614.1a),
    # and a commander put into the command zone instead (903.9b).
    from undercity.engine import cast_permissions, commander

    out.extend(cast_permissions.leaving_stack(g, o, from_zone, to_zone, applied))
    out.extend(commander.replacement(g, o, from_zone, to_zone, applied))
    return out


def distinct_replacements(reps: list[Replacement]) -> list[Replacement]:
    """The first of each kind of replacement effect: two that would modify the event the same
    way — the same label (source name and effect), rule, destination, counter and optionality,
    e.g. two Ravenloft Adventurers' — are one choice when ordering them (CR 616.1): whichever
    applies first, the result is the same."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for r in reps:
        ident = (r.label, r.rule, r.to_zone, r.counter, r.optional)
        if ident not in seen:
            seen.add(ident)
            out.append(r)
    return out


def exile_until(g: Game, player: int, found: Callable[[Obj], bool], *, rule: str,
                verb: str = "is exiled") -> tuple[list[int], int | None]:
    """Exile cards from the top of ``player``'s library one at a time until one that ``found``
    accepts, or the library is empty (cascade 702.85a; "exile … until you exile …", 701.13a):
    the exiled cards' new ids in order, and the one found (None if none was)."""
    s = g.s
    exiled: list[int] = []
    while s.players[player].library:
        new = move(g, s.players[player].library[0], "exile", rule=rule, verb=verb)
        if new is None:
            continue
        exiled.append(new.id)
        if found(new):
            return exiled, new.id
    return exiled, None


def move(g: Game, oid: int, to_zone: str, *, rule: str, verb: str = "moves", to_top: bool = True,
         controller: int | None = None, tapped: bool = False, order: list[str] | None = None,
         counters: dict[str, int] | None = None, face_down: bool = False,
         seen_by: int | None = None) -> Obj | None:
    """Move object ``oid`` to ``to_zone`` (of its owner; the battlefield is shared).
    ``face_down``: exiled face down (CR 406.3; ``face_down.exile``), the event private to the owner
    — or to ``seen_by``, the player who may look at it (Gonti's controller, not the card's owner).

    Replacement effects apply once each (CR 616.1); when several apply, ``order`` (keys from
    :func:`replacements_for`) says which applies first, else the first listed; an optional
    replacement applies unless ``order`` declines it (``"!" + key``). Returns the new object,
    or None if it ceased to exist.
    """
    s = g.s
    o = s.objs[oid]
    from_zone = o.zone
    applied: set[str] = set()
    extra_counters: dict[str, int] = dict(counters or {})
    order = list(order or [])
    while True:
        reps = replacements_for(g, o, from_zone, to_zone, frozenset(applied))
        if order and reps:
            reps = [r for r in reps if "!" + r.key not in order]
        if not reps:
            break
        chosen = reps[0]
        for key in order:
            hit = next((r for r in reps if r.key == key), None)
            if hit:
                chosen = hit
                break
        applied.add(chosen.key)
        to_zone = chosen.to_zone
        if chosen.counter:
            extra_counters[chosen.counter] = extra_counters.get(chosen.counter, 0) + 1
        verb = "is exiled instead" if to_zone == "exile" else f"is put into the {to_zone} zone instead"
        g.emit(ev.Note(rule=chosen.rule, message=f"Replacement: {chosen.label}"))
    if from_zone == "battlefield":  # last known information: as it last existed there (CR 608.2h)
        creature = ch.is_creature(o, g)
        s.lki[o.id] = {"power": ch.power(g, o) if creature else None,
                       "toughness": ch.toughness(g, o) if creature else None,
                       "controller": o.controller, "owner": o.owner, "name": o.name, "counters": dict(o.counters),
                       "attached_to": o.attached_to,
                       "types": ch.types(g, o), "card": o.card,
                       "copiable": layers.copy_values(g, o),  # CR 707.2, 608.2h: "a copy of ~" after it left
                       "subtypes": ch.subtypes(g, o), "colors": ch.colors(o, g),
                       "supertypes": ch.supertypes(g, o), "keywords": ch.keywords(g, o),
                       # CR 506.4: in combat until it left ("an attacking creature … dies")
                       "attacking": s.combat is not None and o.id in s.combat.attackers,
                       "blocking": s.combat is not None and o.id in s.combat.blockers,
                       "goaded": creature and _goaded(g, o),  # CR 701.15b, 603.10a
                       # CR 603.10a: leaves-the-battlefield abilities it had as it left
                       # (none if it had lost all abilities; granted ones too)
                       "triggered": ab.triggered(g, o)}
    _remove_from_zone(g, o)
    if from_zone == "battlefield" and _SIMULTANEOUS in s.extra:
        s.extra.setdefault(LEFT_TOGETHER, []).append(o.id)  # CR 603.10a: one event
    if from_zone == "battlefield":
        _leave_battlefield_cleanup(g, o)
        s.extra.setdefault("left_battlefield", set()).add(o.controller)  # for revolt
    if o.is_copy and from_zone == "stack" and to_zone != "battlefield":
        o.zone = "gone"
        del s.objs[o.id]
        g.emit(ev.CeasedToExist(rule="707.10a", name=o.name, what="copy of a spell"))
        return None
    enters_tapped = to_zone == "battlefield" and not tapped and _enters_tapped(
        g, o, o.owner if controller is None else controller)
    card, name, still_face_down = o.card, o.name, False
    if (fd := s.extra.get(FACE_DOWN_OBJECTS)) and o.id in fd:
        # CR 708.4, 702.37c: a face-down spell stays face down onto the battlefield; anywhere
        # else a face-down object is revealed and is its card (CR 708.9).
        from undercity.engine.face_down import card_moving

        card, still_face_down = card_moving(g, o, from_zone, to_zone)
        name = card.name
    # CR 715.4: off the stack, an adventurer card has only its normal characteristics; 709.4: a
    # split card those of its two halves combined.
    new = g.create_object(whole_card(normal_card(card)) if from_zone == "stack" else card, o.owner,
                          "stack" if to_zone == "stack" else to_zone,
                          top=to_top and to_zone == "library")
    if fd and o.id in fd:
        from undercity.engine.face_down import carry

        carry(g, o.id, new, still_face_down)
    new.card_uid = o.card_uid
    # CR 608.3f: a resolving copy of a permanent spell becomes a token (not "created").
    new.token = o.token or o.is_copy and from_zone == "stack"
    if o.is_copy and from_zone != "stack":
        new.is_copy = True  # a copy of a card cast from where it was created (CR 707.12) stays a copy
        if to_zone not in ("stack", "battlefield"):
            s.extra.setdefault(STRAY_CARD_COPIES, []).append(new.id)  # CR 704.5e
    s.next_uid -= 1  # the physical card keeps its uid
    entered: list[ev.Event] = []
    if to_zone == "battlefield":
        new.controller = o.owner if controller is None else controller
        new.sick = True
        new.tapped = tapped or enters_tapped
        if o.card.loyalty is not None and "Planeswalker" in o.card.types:
            # CR 306.5b: it enters with loyalty counters equal to its printed loyalty.
            extra_counters["loyalty"] = extra_counters.get("loyalty", 0) + o.card.loyalty
        from undercity.engine.dice import entering_counters

        for k, v in entering_counters(g, o, new.controller).items():  # CR 614.1c: "as it enters, roll"
            extra_counters[k] = extra_counters.get(k, 0) + v
        from undercity.engine import entering

        for k, v in entering.counters(g, o).items():  # CR 614.1c, 122.6: "enters with N counters"
            extra_counters[k] = extra_counters.get(k, 0) + v
        for k, v in entering.additional_counters(g, o, new.controller).items():  # CR 614.1d: others'
            extra_counters[k] = extra_counters.get(k, 0) + v
        entered = entering.arrive(g, o, new)  # CR 614.12a: the choices made as it enters
        from undercity.engine.continuous import entering_copy

        entering_copy(g, o, new)  # CR 614.1c, 707.2: "enter as a copy of"
        if (also := s.extra.get(_ENTERING_AS)) is not None:
            layers.add_effect(g, new.id, also[0], until="object", source=also[1], player=also[2],
                              text=f"{new.name} {also[3]}")  # CR 611.2e
    if from_zone == "stack" and s.effects:
        from undercity.engine.continuous import spell_effects_continue

        spell_effects_continue(g, o, new)  # CR 112.4: effects on a permanent spell, on the permanent
    for k, v in extra_counters.items():
        if to_zone in ("battlefield", "exile", "graveyard", "hand", "library", "command"):
            new.counters[k] = new.counters.get(k, 0) + v
    if new.token and to_zone != "battlefield":
        s.extra.setdefault("stray_tokens", []).append(new.id)  # CR 704.5d
    if to_zone != "battlefield" and from_zone != "battlefield" and o.corpse_exile:
        new.corpse_exile = False
    o.zone = "gone"
    del s.objs[o.id]
    for e in entered:
        g.emit(e)  # the choices were made before it entered (CR 614.12a)
    g.emit(ev.ZoneChanged(rule=rule, obj=o.id, new_obj=new.id, name=name, owner=o.owner,
                          controller=new.controller if to_zone == "battlefield" else o.controller,
                          from_zone=from_zone, to_zone=to_zone, verb=verb, token=o.token,
                          private_to=(o.owner if seen_by is None else seen_by) if face_down
                          else o.owner if _hidden(from_zone, to_zone) else None))
    if enters_tapped:
        g.emit(ev.Note(rule="614.1d", message=f"{new.name} enters tapped"))
    for k, v in extra_counters.items():
        g.emit(ev.CountersChanged(rule="122.1", obj=new.id, name=new.name, counter=k, amount=v,
                                  total=new.counters.get(k, 0)))
    return new


def _goaded(g: Game, o: Obj) -> bool:
    """Whether ``o`` is goaded now (CR 701.15b): "a goaded … creature dies" reads it as it left."""
    from undercity.engine.attack_requirements import goaded_by  # it reads the zones' permanents

    return bool(goaded_by(g, o))


def _hidden(from_zone: str, to_zone: str) -> bool:
    hidden = ("library", "hand")
    return from_zone in hidden and to_zone in hidden


def _remove_from_zone(g: Game, o: Obj) -> None:
    s = g.s
    if o.zone == "battlefield":
        s.battlefield.remove(o.id)
    elif o.zone == "stack":
        # Resolving and countering remove the StackItem first; an effect moving a spell (Hullbreaker
        # Horror's "return target spell to its owner's hand") takes the spell off the stack with
        # its card (CR 405.1, 400.7): it won't resolve.
        for idx, it in enumerate(s.stack):
            if it.kind == "spell" and it.obj == o.id:
                del s.stack[idx]
                break
    else:
        s.players[o.owner].zone(o.zone).remove(o.id)


def _leave_battlefield_cleanup(g: Game, o: Obj) -> None:
    """Removed from combat (CR 506.4); effects on the old object end (CR 400.7)."""
    s = g.s
    remove_from_combat(g, o)
    if s.effects:
        s.effects = [e for e in s.effects if e.obj != o.id]
        end_while_tapped(g, o, "611.2b")


def remove_from_combat(g: Game, o: Obj) -> None:
    """``o`` is removed from combat (CR 506.4): no longer an attacking or blocking creature."""
    c = g.s.combat
    if c is not None:
        c.attackers.pop(o.id, None)
        c.blocked_by.pop(o.id, None)
        for lst in c.blocked_by.values():
            if o.id in lst:
                lst.remove(o.id)
        c.blockers.pop(o.id, None)


def _enters_tapped(g: Game, o: Obj, controller: int) -> bool:
    """Whether ``o`` enters the battlefield tapped under ``controller``: "[this permanent]
    enters tapped" modifies how it enters (CR 603.6d, 614.1d); "… unless [condition]" is
    checked as it would enter, before it is on the battlefield (CR 614.1c, 614.12)."""
    from undercity.engine.entering import others_make_it_tapped, revealed

    return own_tapped_replacement(g, o.card, controller, lambda: revealed(g, o)) \
        or others_make_it_tapped(g, o, controller)  # CR 614.1d: "creatures your opponents control enter tapped"


def own_tapped_replacement(g: Game, card: CardDef, controller: int, revealed: Callable[[], bool]) -> bool:
    """Whether one of ``card``'s own abilities makes it enter tapped under ``controller``
    (CR 614.1c-d): "enters tapped", "… unless [condition]", "If [condition], … enters tapped",
    and "you may reveal …; if you don't, … enters tapped" (``revealed``: whether it was)."""
    from undercity.engine.resolve import condition_holds

    for st in card.static:
        k = st.kind
        if k == "enters_tapped" or k == "as_enters_reveal" and not revealed():
            return True
        if k in ("enters_tapped_unless", "enters_tapped_if") \
                and condition_holds(g, getattr(st, "cond", None), controller) == (k == "enters_tapped_if"):
            return True
    return False


def end_while_tapped(g: Game, src: Obj, rule: str) -> None:
    """End the effects that last "for as long as [src] remains tapped" (Immovable Rod): it
    untapped or left the battlefield (CR 611.2b)."""
    s = g.s
    ending = [e for e in s.effects if e.until == "source_tapped" and e.source == src.id]
    if not ending:
        return
    s.effects = [e for e in s.effects if not (e.until == "source_tapped" and e.source == src.id)]
    names = sorted({s.objs[e.obj].name for e in ending if e.obj in s.objs})
    g.emit(ev.EffectEnded(rule=rule, description=f"{src.name}'s effect on {', '.join(names) or 'nothing'} ends"))


def became(g: Game, oid: int) -> int | None:
    """The object ``oid`` became during the resolution under way (CR 400.7: each zone change
    makes a new object), followed through its zone changes since the last spell or ability
    resolved; None if it ceased to exist. (A new object has a greater id: the chain ends.)"""
    s = g.s
    while oid not in s.objs:
        for e in reversed(g.events):
            if isinstance(e, ev.Resolved):
                return None
            if isinstance(e, ev.ZoneChanged) and e.obj == oid:
                oid = e.new_obj
                break
        else:
            return None
    return oid


def put_onto_battlefield(g: Game, oid: int, controller: int | None = None, *, rule: str,
                         tapped: bool = False, counters: dict[str, int] | None = None) -> Obj | None:
    return move(g, oid, "battlefield", rule=rule, verb="enters the battlefield", controller=controller,
                tapped=tapped, counters=counters)


def draw(g: Game, player: int, rule: str = "121.1") -> Obj | None:
    """Draw one card (CR 121.2); from an empty library, remember it for CR 704.5b."""
    p = g.s.players[player]
    if not p.library:
        p.drew_from_empty = True
        g.emit(ev.EmptyLibraryDraw(rule="121.4", player=player))
        return None
    oid = p.library[0]
    o = g.s.objs[oid]
    p.library.pop(0)
    o.zone = "gone"
    del g.s.objs[oid]
    new = g.create_object(o.card, player, "hand")
    new.card_uid = o.card_uid
    g.s.next_uid -= 1
    p.cards_drawn_this_turn += 1
    g.emit(ev.CardDrawn(rule=rule, player=player, obj=new.id, name=new.name, private_to=player))
    return new


def shuffle(g: Game, player: int, rule: str = "701.24a") -> None:
    g.s.rng.shuffle(g.s.players[player].library)
    g.emit(ev.Shuffled(rule=rule, player=player))


#: ``State.extra`` key: copies of cards outside the stack and the battlefield, which cease to exist
#: when state-based actions are next checked (CR 704.5e, 707.10a; asked by ``sba``).
STRAY_CARD_COPIES = "stray_card_copies"


def set_tapped(g: Game, o: Obj, tapped: bool, rule: str) -> None:
    if o.tapped != tapped:
        o.tapped = tapped
        g.emit(ev.Tapped(rule=rule, obj=o.id, name=o.name, tapped=tapped))
        if not tapped and g.s.effects:
            end_while_tapped(g, o, "611.2b")


def add_counters(g: Game, o: Obj, counter: str, n: int, rule: str = "122.1") -> None:
    if n == 0:
        return
    if n > 0 and counter in KEYWORD_COUNTERS and o.zone == "battlefield":
        layers.keyword_counter_put(g, o, counter)  # CR 122.1b, 613.7c: layer 6, the counter's timestamp
    o.counters[counter] = o.counters.get(counter, 0) + n
    if o.counters[counter] <= 0:
        del o.counters[counter]
    g.emit(ev.CountersChanged(rule=rule, obj=o.id, name=o.name, counter=counter, amount=n,
                              total=o.counters.get(counter, 0)))
