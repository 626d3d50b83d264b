"""Handlers and rules hooks for the language of :mod:`undercity.cards.model_clb_white` (the white and
colorless cards of the Linden Commander deck, cards/pool/clb_white.py).

What this module registers, and where:

* effect handlers (``@handles``): tap, exile a player's graveyard, exile until this leaves
  the battlefield, exile and return ("flicker");
* the amount ``target_mana_value`` (:data:`effects.AMOUNT_HOOKS`);
* the conditions ``opponent_more_lands`` and ``your_main_phase`` (:data:`resolve.CONDITION_HOOKS`);
* a trigger watcher (:data:`triggers.GLOBAL_WATCHERS`) for ``you_gain_life``,
  ``another_leaves`` and ``equipped_dies``;
* a state-based hook (:data:`sba.HOOKS`) returning cards exiled "until [this] leaves the
  battlefield" once it has left (CR 610.3a).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from undercity.cards import model as m
from undercity.cards import model_clb_white as mw
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import resolve, sba, targeting, triggers, zones
from undercity.engine.effects import AMOUNT_HOOKS, handles, ref_objects, ref_players
from undercity.engine.state import MAIN_STEPS, Job, StackItem
from undercity.engine.teams import is_active

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

#: ``State.extra`` key: source permanent id -> card ids exiled "until it leaves the battlefield".
EXILED_UNTIL = "clbw_exiled_until"


# ----------------------------------------------------------------------------- amounts


def _target_mana_value(g: Game, a: m.Count, item: StackItem, job: Job) -> int:
    """The mana value of target 0 (CR 202.3), or of its last known information (CR 608.2h)."""
    t = item.targets[0] if item.targets else None
    if not t or t[0] != "o":
        return 0
    o = g.s.objs.get(t[1])
    if o is not None:
        return o.card.mana_value
    lki = g.s.lki.get(t[1])
    return lki["card"].mana_value if lki else 0


AMOUNT_HOOKS["target_mana_value"] = _target_mana_value


# ----------------------------------------------------------------------------- conditions


def _lands(g: Game, player: int) -> int:
    s = g.s
    return sum(1 for oid in s.battlefield if s.objs[oid].controller == player and "Land" in s.objs[oid].card.types)


def _opponent_more_lands(g: Game, cond: m.Condition, controller: int) -> bool:
    """"If an opponent controls more lands than you" (Loyal Warhound, Scouting Hawk)."""
    mine = _lands(g, controller)
    return any(targeting._is_opponent(g, controller, p) and _lands(g, p) > mine for p in g.s.living())


def _your_main_phase(g: Game, cond: m.Condition, controller: int) -> bool:
    """Addendum (an ability word, CR 207.2c): "if you cast this spell during your main phase".
    A spell resolves in the step it was cast in (a step can't end with objects on the stack,
    CR 500.2), so this is checked as it resolves."""
    return is_active(g, controller) and g.s.step in MAIN_STEPS


resolve.CONDITION_HOOKS.update({
    "opponent_more_lands": _opponent_more_lands,
    "your_main_phase": _your_main_phase,
})


# ----------------------------------------------------------------------------- effects


@handles(mw.Tap)
def h_tap(g: Game, job: Job, item: StackItem, e: mw.Tap, key: str) -> None:
    for oid in ref_objects(g, e.what, item, job):
        zones.set_tapped(g, g.s.objs[oid], True, "701.26a")


@handles(mw.ExileGraveyardOf)
def h_exile_graveyard_of(g: Game, job: Job, item: StackItem, e: mw.ExileGraveyardOf, key: str) -> None:
    for p in ref_players(g, e.who, item, job):
        for oid in list(g.s.players[p].graveyard):
            zones.move(g, oid, "exile", rule="701.13a", verb="is exiled")


@handles(mw.ExileUntilLeaves)
def h_exile_until_leaves(g: Game, job: Job, item: StackItem, e: mw.ExileUntilLeaves, key: str) -> None:
    s = g.s
    src = s.objs.get(item.source) if item.source is not None else None
    if src is None or src.zone != "battlefield":
        # CR 610.3c: the source left before this resolved: the object isn't exiled at all.
        g.emit(ev.Note(rule="610.3c", message=f"{item.source_name} has left the battlefield: nothing is exiled"))
        return
    for oid in ref_objects(g, e.what, item, job):
        new = zones.move(g, oid, "exile", rule="610.3", verb=f"is exiled until {src.name} leaves the battlefield")
        # A commander put into the command zone instead (CR 903.9b) is no longer linked.
        if new is not None and not new.token and new.zone == "exile":
            s.extra.setdefault(EXILED_UNTIL, {}).setdefault(src.id, []).append(new.id)


@handles(mw.Flicker)
def h_flicker(g: Game, job: Job, item: StackItem, e: mw.Flicker, key: str) -> None:
    for oid in ref_objects(g, e.what, item, job):
        new = zones.move(g, oid, "exile", rule="701.13a", verb="is exiled")
        if new is None or new.token or new.zone != "exile":
            # CR 111.7: a token that left the battlefield can't come back; a commander put into
            # the command zone instead (CR 903.9b) isn't "that card" in exile any more.
            continue
        zones.put_onto_battlefield(g, new.id, new.owner, rule="610.3")


def _return_exiled(g: Game) -> list[sba.Action]:
    """CR 610.3a: when the source of a "until [it] leaves the battlefield" effect leaves, the
    exiled cards return to the battlefield under their owners' control (done the next time
    state-based actions are checked, before anyone gets priority)."""
    s = g.s
    held = s.extra.get(EXILED_UNTIL)
    if not held:
        return []
    out = []
    for src in list(held):
        if src in s.objs and s.objs[src].zone == "battlefield":
            continue

        def run(g: Game, src: int = src) -> None:
            st = g.s
            for oid in st.extra.get(EXILED_UNTIL, {}).pop(src, []):
                o = st.objs.get(oid)
                if o is not None and o.zone == "exile":  # CR 400.7: only that object returns
                    zones.put_onto_battlefield(g, oid, o.owner, rule="610.3a")

        out.append(sba.Action("hook", "610.3a", obj=src, reason="exiled until its source left", run=run))
    return out


sba.HOOKS.append(_return_exiled)


# ----------------------------------------------------------------------------- triggers

EVENTS = frozenset({"you_gain_life", "another_leaves", "equipped_dies"})


@lru_cache(maxsize=4096)
def _has_events(card: CardDef) -> bool:
    return any(a.when.event in EVENTS for a in card.triggered)


def _with_event(g: Game, event: str) -> list[tuple[Obj, m.Triggered]]:
    s = g.s
    return [(s.objs[oid], a) for oid in ch.permanents_with(s, _has_events)
            for a in s.objs[oid].card.triggered if a.when.event == event]


def _on_life(g: Game, e: ev.LifeChanged) -> None:
    """"Whenever you gain life": once for each life-gain event (CR 119.9; each lifelink
    source's damage is its own event, CR 702.15b)."""
    if e.amount <= 0:
        return
    for o, a in _with_event(g, "you_gain_life"):
        if o.controller == e.player:
            triggers._add(g, o, a, o.controller, o.name, amount=e.amount)


def _on_zone(g: Game, e: ev.ZoneChanged) -> None:
    if e.from_zone != "battlefield":
        return
    s = g.s
    lki = s.lki.get(e.obj)
    if lki is None:
        return
    card: CardDef = lki["card"]
    for o, a in _with_event(g, "another_leaves"):
        # CR 603.10a: looks back in time — the permanent as it last existed on the battlefield.
        flt = a.when.filter
        if o.id == e.obj or lki["controller"] != o.controller:
            continue
        if flt is not None and flt.types and not flt.types & card.types:
            continue
        triggers._add(g, o, a, o.controller, o.name, object=e.new_obj)
    if e.to_zone == "graveyard" and "Creature" in lki["types"]:
        for o, a in _with_event(g, "equipped_dies"):
            if o.attached_to == e.obj:  # still attached: 704.5n hasn't been checked yet
                triggers._add(g, o, a, o.controller, o.name, object=e.new_obj)


_BY_KIND: dict[str, Callable[[Game, Any], None]] = {"life_changed": _on_life, "zone_changed": _on_zone}


def watch(g: Game, e: ev.Event) -> None:
    fn = _BY_KIND.get(e.kind)
    if fn is not None:
        fn(g, e)


triggers.GLOBAL_WATCHERS.append(watch)
