"""Unearth (CR 702.84) and cards in a graveyard given abilities by a permanent (Solemn Doomguide).

The unearth ability's effect (:class:`~undercity.cards.language.unearth.Unearth`) does the four
things 702.84a says, in order: the card returns from its owner's graveyard to the battlefield
(under its owner's control, the ability's controller: CR 602.2, 108.3); it gains haste for as long
as it is that permanent (611.2a, 613.1f); a delayed triggered ability will exile it at the
beginning of the next end step (603.7); and a replacement effect tied to that permanent exiles it
instead if it would leave the battlefield for any other zone (614.1a) — which is why unearthing a
creature and then sacrificing it, bouncing it or destroying it exiles it. If the card left the
graveyard before the ability resolved, it is a new object and nothing happens (400.7).

:func:`granted` answers which activated abilities a card in a graveyard has beyond its printed
ones: those a :class:`~undercity.cards.language.unearth.GraveyardCardsHave` of a permanent gives
the cards of its controller's graveyard (CR 604.1). The abilities of a graveyard card are its
printed ones followed by these (``abilities.activated``), so an ability's index names it the
same way on the battlefield and in the graveyard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.continuous import AddAbilities
from undercity.cards.language.delayed_triggers import NextStep
from undercity.cards.language.unearth import GraveyardCardsHave, Unearth
from undercity.cards.model import TRIGGER_OBJECT, Activated, CardDef, ExileIt
from undercity.engine import characteristics as ch
from undercity.engine import layers, targeting, zones
from undercity.engine.delayed_triggers import DELAYED, Waiting
from undercity.engine.effects import handles

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, Obj, StackItem

_EXILE_AT_END = "Exile it at the beginning of the next end step."


@handles(Unearth)
def h_unearth(g: Game, job: Job, item: StackItem, e: Unearth, key: str) -> None:
    s = g.s
    o = s.objs.get(item.source) if item.source is not None else None
    if o is None or o.zone != "graveyard":
        return  # CR 400.7: it left the graveyard; the card elsewhere is a new object
    new = zones.put_onto_battlefield(g, o.id, o.owner, rule="702.84a")
    if new is None or new.zone != "battlefield":
        return  # a replacement put it elsewhere: there is no permanent to affect (CR 614.1)
    new.corpse_exile = "unearth"
    layers.add_effect(g, new.id, (AddAbilities(keywords=frozenset({"haste"})),), until="object", source=new.id,
                      player=item.controller, text=f"{new.name} gains haste (unearth)")
    s.extra.setdefault(DELAYED, []).append(
        Waiting(NextStep("end"), item.controller, new.id, new.name, (ExileIt(TRIGGER_OBJECT),), _EXILE_AT_END,
                new.id, s.turn))


def _gives_graveyard_abilities(card: CardDef) -> bool:
    return any(isinstance(st, GraveyardCardsHave) for st in card.static)


def granted(g: Game, o: Obj) -> tuple[Activated, ...]:
    """The activated abilities permanents give card ``o`` in its owner's graveyard (CR 604.1):
    each :class:`GraveyardCardsHave` of a permanent its owner controls whose filter the card
    matches (a card in a graveyard has its printed characteristics, CR 400.3)."""
    s = g.s
    givers = ch.permanents_with(s, _gives_graveyard_abilities)
    if not givers:
        return ()
    from undercity.engine import abilities as ab

    out: list[Activated] = []
    for pid in givers:
        p = s.objs[pid]
        if p.controller != o.owner:
            continue
        for st in ab.static(g, p):  # an ability it has now: one it lost gives nothing (613.1f)
            if isinstance(st, GraveyardCardsHave) and targeting.matches(g, o, st.filter, p.controller, pid):
                out.extend(st.abilities)
    return tuple(out)


def gives_to(g: Game, player: int) -> bool:
    """Whether a permanent ``player`` controls may give the cards of their graveyard abilities
    (the priority fast path's test: ``priority.only_pass``)."""
    s = g.s
    return any(s.objs[pid].controller == player for pid in ch.permanents_with(s, _gives_graveyard_abilities))
