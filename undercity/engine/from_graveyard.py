"""Abilities that work from a graveyard (CR 113.6m): the handler of
:class:`undercity.cards.language.from_graveyard.ReturnSelf`, where an activated ability
functions (:func:`ability_zone`), and the priority options to activate the abilities of cards
in a player's graveyard (CR 602.2).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from undercity.cards.language.activate_only import IF_SUSPENDED, ActivateOnly
from undercity.cards.language.from_graveyard import EntersWhileInGraveyard, InGraveyard, ReturnSelf
from undercity.cards.language.token_copies import CopyOfCardExiledAsCost
from undercity.cards.language.unearth import Unearth
from undercity.cards.model import Activated, CardDef
from undercity.engine import events as ev
from undercity.engine import targeting, triggers, zones
from undercity.engine.decisions import Option
from undercity.engine.effects import handles, ref_objects
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game


def ability_zone(a: Activated) -> str:
    """The zone an activated ability functions from: the hand for "Discard this card:"
    (CR 113.6j), the graveyard for one that returns its card from there (CR 113.6m), exile for
    one that works while its card is suspended (CR 113.6b, 702.62b), else the battlefield
    (CR 113.6)."""
    if a.cost.discard_self:
        return "hand"
    if isinstance(a, ActivateOnly) and a.only == IF_SUSPENDED:
        return "exile"
    if any(isinstance(e, ReturnSelf | CopyOfCardExiledAsCost | Unearth) for e in a.effects):
        return "graveyard"  # eternalize's "Exile this card from your graveyard" too (CR 702.129a), unearth's (702.84a)
    return "battlefield"


@lru_cache(maxsize=4096)
def graveyard_abilities(card: CardDef) -> tuple[int, ...]:
    return tuple(i for i, a in enumerate(card.activated) if not a.mana_ability and ability_zone(a) == "graveyard")


def options(g: Game, player: int) -> list[Option]:
    """"activate" options for the abilities of the cards in ``player``'s graveyard: a card's
    printed ones, and those a permanent gives the cards there (Solemn Doomguide's unearth,
    CR 604.1: ``unearth.granted``); its owner is the one who may activate them (CR 602.2, 108.3)."""
    from undercity.engine import unearth
    from undercity.engine.casting import activatable

    s = g.s
    out: list[Option] = []
    seen: set[tuple[str, str]] = set()
    given = unearth.gives_to(g, player)
    for oid in s.players[player].graveyard:
        o = s.objs[oid]
        acts = o.card.activated
        indexes: tuple[int, ...] = graveyard_abilities(o.card)
        if given and (extra := unearth.granted(g, o)):
            # CR 604.1: abilities a permanent gives the card, after its printed ones
            acts = acts + extra
            indexes += tuple(len(o.card.activated) + k for k, a in enumerate(extra) if ability_zone(a) == "graveyard")
        for i in indexes:
            if (o.card.name, acts[i].text) in seen:
                continue  # a second copy gives the same action
            if activatable(g, player, o, i):
                seen.add((o.card.name, acts[i].text))
                out.append(Option(f"activate {o.name} from your graveyard: {acts[i].text}", ("activate", oid, i)))
    return out


@handles(ReturnSelf)
def h_return_self(g: Game, job: Job, item: StackItem, e: ReturnSelf, key: str) -> None:
    s = g.s
    o = s.objs.get(item.source) if item.source is not None else None
    if o is None or o.zone != "graveyard":
        return  # CR 400.7: it left the graveyard; the card elsewhere is a new object
    if e.to == "hand":
        zones.move(g, o.id, "hand", rule="113.6m", verb="returns to its owner's hand")
        return
    host = None
    if e.attach_to is not None:
        hosts = ref_objects(g, e.attach_to, item, job)
        if not hosts:
            return  # the creature it would enchant is gone: the Aura stays where it is (CR 303.4g)
        host = hosts[0]
    new = zones.put_onto_battlefield(g, o.id, o.owner, rule="113.6m", tapped=e.tapped)
    if new is not None and host is not None:
        new.attached_to = host  # CR 303.4f: the effect says what the Aura enchants


#: ``State.extra`` key: the ids of the cards in graveyards with a triggered ability that works
#: there (:class:`EntersWhileInGraveyard`), kept as cards come and go, so that a permanent entering
#: looks at those only — usually none.
GRAVEYARD_TRIGGERS = "graveyard_trigger_cards"


@lru_cache(maxsize=4096)
def _triggers_in_graveyard(card: CardDef) -> bool:
    return any(isinstance(a.when, EntersWhileInGraveyard) for a in card.triggered)


def _graveyard_index(g: Game, key: str, has: Callable[[CardDef], bool]) -> set[int]:
    """The index ``key`` of ``State.extra``: the cards in graveyards that ``has`` holds for."""
    s = g.s
    idx: set[int] | None = s.extra.get(key)
    if idx is None:  # the cards a game began with in graveyards (a scenario's set-up)
        idx = s.extra[key] = {oid for p in s.players for oid in p.graveyard if has(s.objs[oid].card)}
    return idx


def _graveyard_triggers(g: Game) -> set[int]:
    return _graveyard_index(g, GRAVEYARD_TRIGGERS, _triggers_in_graveyard)


#: ``State.extra`` key: the ids of the cards in graveyards with a static ability that functions
#: there (:class:`InGraveyard`, CR 113.6b), kept as cards come and go — usually none.
GRAVEYARD_STATICS = "graveyard_static_cards"


@lru_cache(maxsize=4096)
def _statics_in_graveyard(card: CardDef) -> bool:
    return any(isinstance(st, InGraveyard) for st in card.static)


def static_sources(g: Game) -> set[int]:
    """The cards in graveyards whose static abilities function there (CR 113.6b): the layer
    system's sources besides the permanents (``layers``); a card in a graveyard has its printed
    abilities only."""
    return _graveyard_index(g, GRAVEYARD_STATICS, _statics_in_graveyard)


@triggers.watches("zone_changed")
def _on_graveyard_static_moved(g: Game, e: ev.ZoneChanged) -> None:
    """A card whose static ability functions in a graveyard arriving there (a new object with a
    new timestamp, CR 400.7, 613.7a) or leaving it: the continuous effects change, which the
    layer system's cache can't see from the battlefield (CR 113.6b)."""
    if e.from_zone != "graveyard" and e.to_zone != "graveyard":
        return
    idx = static_sources(g)
    new = g.s.objs.get(e.new_obj)
    if e.obj in idx or new is not None and e.to_zone == "graveyard" and _statics_in_graveyard(new.card):
        from undercity.engine import layers

        idx.discard(e.obj)
        if e.to_zone == "graveyard" and new is not None:
            idx.add(new.id)
        layers.forget()


@triggers.watches("zone_changed")
def _on_zone_changed(g: Game, e: ev.ZoneChanged) -> None:
    """"Whenever a Dragon enters the battlefield under your control" of a card in a graveyard
    (CR 113.6m, 603.2): checked for the cards there as the permanent enters; a card put into a
    graveyard joins them (a new object, CR 400.7), one leaving it is gone from them."""
    if e.from_zone != "graveyard" and e.to_zone not in ("graveyard", "battlefield"):
        return
    s = g.s
    idx = _graveyard_triggers(g)
    new = s.objs.get(e.new_obj)
    if e.from_zone == "graveyard":
        idx.discard(e.obj)
    if e.to_zone == "graveyard" and new is not None and _triggers_in_graveyard(new.card):
        idx.add(new.id)
    if e.to_zone != "battlefield" or not idx or new is None:
        return
    for oid in sorted(idx):
        o = s.objs.get(oid)
        if o is None or o.zone != "graveyard":
            continue
        for a in o.card.triggered:  # a card in a graveyard has its printed abilities only
            w = a.when
            if isinstance(w, EntersWhileInGraveyard) and new.controller == o.owner \
                    and targeting.matches(g, new, w.filter, o.owner, oid):
                triggers._add(g, o, a, o.owner, o.name, object=new.id)  # its owner controls it (CR 113.8)
