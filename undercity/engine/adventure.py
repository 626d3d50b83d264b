"""Adventurer cards (CR 715): casting a card as its Adventure, and going on an adventure.

* **Choosing** (CR 715.3): a player with priority is offered each castable way to cast an
  adventurer card in their hand — the card normally, and the card as its Adventure
  (``("cast", id, ADVENTURE)``, labelled with the Adventure's name). :func:`castable` and
  :func:`as_adventure` give the object only the Adventure's characteristics while the cast is
  checked and proposed (CR 715.3a), so its timing, cost, cost changes and targets are the
  Adventure's; the object it becomes on the stack keeps them (715.3b), and so does a copy
  of it (715.3c: ``Game.copy`` and the copy rules copy the object's card).
* **Resolving** (CR 715.3d): instead of putting the Adventure into its owner's graveyard,
  its controller exiles it (:func:`finish_resolving`), and may cast the card — not as an
  Adventure — from exile for as long as it remains there (``State.extra[ON_ADVENTURE]``;
  the permission ends with the object, CR 400.7). An Adventure that leaves the stack any
  other way (countered, its targets illegal, CR 608.2b) goes where it would normally go.
* **Everywhere else** (CR 715.4) the card has only its normal characteristics: a move off the
  stack gives the new object the main card (:func:`undercity.cards.language.adventure.normal_card`,
  asked by :func:`undercity.engine.zones.move`), so in the hand, library, graveyard and exile
  its name, mana value and types are the main card's.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from undercity.cards.language.adventure import ADVENTURE, AdventurerCard, AdventureSpell, adventure_of
from undercity.engine import casting, costs, zones
from undercity.engine import events as ev
from undercity.engine.decisions import Option

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj, StackItem

#: ``State.extra`` key: exiled card's object id -> the player who may cast it (CR 715.3d).
ON_ADVENTURE = "on_adventure"


@contextmanager
def as_adventure(o: Obj) -> Iterator[None]:
    """While the block runs, ``o`` has only its Adventure's characteristics (CR 715.3a). An
    object that moves meanwhile (to the stack) becomes a new object with them (715.3b); ``o``
    itself gets its normal characteristics back whatever happens (a choice still to ask, a
    cast reversed)."""
    adv = adventure_of(o.card)
    if adv is None:
        raise ValueError(f"{o.name} has no Adventure")
    main = o.card
    o.card = adv
    try:
        yield
    finally:
        o.card = main


def castable(g: Game, player: int, o: Obj, sources: list[Any] | None = None, pool: Any = None) -> bool:
    """Could ``player`` cast ``o`` as its Adventure now (CR 715.3a: only the alternative
    characteristics are evaluated)?"""
    if adventure_of(o.card) is None:
        return False
    with as_adventure(o):
        return casting.castable(g, player, o, None, sources, pool)


def is_adventure(o: Obj) -> bool:
    """``o`` is a spell on the stack as an Adventure (or a copy of one, CR 715.3c)."""
    return isinstance(o.card, AdventureSpell)


def label(o: Obj) -> str:
    """How a priority option names casting ``o`` as its Adventure."""
    adv = adventure_of(o.card)
    assert adv is not None
    return f"cast {adv.name} ({o.name}'s Adventure)"


def options(g: Game, player: int, sources: list[Any] | None = None, pool: Any = None) -> list[Option]:
    """Priority options (CR 117.1a, 715.3): each adventurer card in ``player``'s hand castable
    as its Adventure (one per name: identical cards are the same action), and each card
    ``player`` may cast from exile after its adventure (CR 715.3d). ``sources``, ``pool``: the
    player's mana sources and pool if the caller has them already (else looked up once here)."""
    s = g.s
    out: list[Option] = []
    seen: set[str] = set()
    objs = s.objs
    for oid in s.players[player].hand:
        o = objs[oid]
        # Asked at every priority: the type test first, inline (most hands hold no adventurer).
        if not isinstance(o.card, AdventurerCard) or o.name in seen:
            continue
        seen.add(o.name)
        if sources is None:
            sources, pool = costs.mana_sources(g, player), costs.pool_of(g, player)
        if castable(g, player, o, sources, pool):
            out.append(Option(label(o), ("cast", oid, ADVENTURE)))
    on_adventure = s.extra.get(ON_ADVENTURE)
    for oid, who in on_adventure.items() if on_adventure else ():
        o = s.objs.get(oid)
        if who != player or o is None or o.zone != "exile":
            continue
        if sources is None:
            sources, pool = costs.mana_sources(g, player), costs.pool_of(g, player)
        if casting.castable(g, player, o, None, sources, pool):
            out.append(Option(f"cast {o.name} from exile (after its Adventure)", ("cast", oid, None)))
        from undercity.engine.cast_permissions import rather_options  # (it imports priority: late)

        out += rather_options(g, player, o, f"cast {o.name} from exile (after its Adventure)")  # CR 118.9
    return out


def may_cast_from_exile(g: Game, player: int, o: Obj) -> bool:
    """``player`` may cast ``o`` from exile because it went on an adventure (CR 715.3d)."""
    return o.zone == "exile" and g.s.extra.get(ON_ADVENTURE, {}).get(o.id) == player


def finish_resolving(g: Game, item: StackItem) -> bool:
    """The last step of resolving a spell cast as an Adventure (CR 715.3d): its controller
    exiles it instead of putting it into its owner's graveyard, and may cast it from exile.
    Returns False (doing nothing) for any other spell."""
    o = g.s.objs.get(item.obj) if item.obj is not None else None
    if o is None or not is_adventure(o):
        return False
    new = zones.move(g, o.id, "exile", rule="715.3d", verb="is exiled (it goes on an adventure)")
    if new is not None and new.zone == "exile":  # a copy ceased to exist (CR 707.10a)
        g.s.extra.setdefault(ON_ADVENTURE, {})[new.id] = item.controller
        g.emit(ev.Note(rule="715.3d", player=item.controller,
                       message=f"{g.player_name(item.controller)} may cast {new.name} from exile"))
    return True


def card_being_cast(g: Game, job: Any) -> Any:
    """The characteristics a ``cast`` job is casting its object with: the Adventure's when
    it's cast as one (CR 715.3a), else the card's — for agents reading the spell's modes and
    targets while its choices are asked; the half of a split card cast (CR 709.3a)."""
    o = g.s.objs[job.data["obj"]]
    adv = adventure_of(o.card) if job.data.get("alt") == ADVENTURE else None
    if adv is None:
        from undercity.engine.split_cards import half_being_cast

        adv = half_being_cast(g, job)
    return adv if adv is not None else o.card
