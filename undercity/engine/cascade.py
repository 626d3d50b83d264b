"""Cascade (CR 702.85).

"When you cast this spell, exile cards from the top of your library until you exile a
nonland card whose mana value is less than this spell's mana value. You may cast that card
without paying its mana cost if the resulting spell's mana value is less than this spell's
mana value. Then put all cards exiled this way that weren't cast on the bottom of your
library in a random order." (CR 702.85a)

A watcher (:func:`watch`, asked by ``triggers.check``) sees each spell cast (not a copy, which isn't
cast, CR 707.10) with the keyword, or given it by Wild-Magic Sorcerer, and makes one trigger
per instance (CR 702.85c). The spell's mana value is kept as it
triggers, so a countered spell still cascades normally (ruling 2021-06-18). The card found is
cast after the other exiled cards have gone to the bottom, as the cascade ability finishes
resolving (CR 608.2g): it goes on the stack above the spell with cascade.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.cascade import (
    CASCADE,
    CASCADE_TEXT,
    CAST_WITH_CASCADE,
    FIRST_EXILE_SPELL_CASCADES,
    Cascade,
)
from undercity.engine import abilities as ab
from undercity.engine import casting, triggers, zones
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine.effects import handles
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game

EFFECTS = (Cascade(),)
#: ``State.extra`` key: player -> the turn they last cast a spell from exile.
_EXILE_CAST_TURN = "cast_from_exile_turn"


def _has_first_exile_cascade(card: object) -> bool:
    return any(st.kind == FIRST_EXILE_SPELL_CASCADES for st in getattr(card, "static", ()))


def instances(g: Game, e: ev.SpellCast) -> int:
    """How many instances of cascade the spell just cast has: its own keyword, plus one per
    Wild-Magic Sorcerer its caster controls if it is the first spell they cast from exile this
    turn (rulings 2021-07-23: counted even before a Sorcerer arrived; each instance triggers)."""
    s = g.s
    spell = s.objs[e.obj]
    n = 1 if CASCADE in spell.card.keywords else 0
    item = next((it for it in s.stack if it.obj == e.obj), None)
    if item is not None and item.trigger_data.get("from_zone") == "exile":
        first = s.extra.setdefault(_EXILE_CAST_TURN, {})
        if first.get(e.player) != s.turn:
            first[e.player] = s.turn
            n += sum(1 for oid in ch.permanents_with(s, _has_first_exile_cascade)
                     if s.objs[oid].controller == e.player
                     for st in ab.static(g, s.objs[oid]) if st.kind == FIRST_EXILE_SPELL_CASCADES)
    return n


@triggers.reads(ev.SpellCast)
def watch(g: Game, e: ev.Event) -> None:
    """"When you cast this spell" (CR 702.85a): the trigger's source is the spell. Then
    "whenever you cast a spell with cascade" from the caster's graveyard (Aurora Phoenix)."""
    if not isinstance(e, ev.SpellCast) or e.copy or e.obj not in g.s.objs:
        return
    s = g.s
    spell = s.objs[e.obj]
    n = instances(g, e)
    for _ in range(n):  # CR 702.85c: each instance triggers separately
        triggers.add_inherent(g, e.player, spell.name, "cascade", CASCADE_TEXT, EFFECTS, "702.85a",
                              source=spell.id, mana_value=spell.card.mana_value)
    if n:
        for oid in list(s.players[e.player].graveyard):
            card = s.objs[oid]
            for a in card.card.triggered:
                if a.when.event == CAST_WITH_CASCADE and getattr(a.when, "zone", "battlefield") == "graveyard":
                    triggers.add_pending(g, card, a, e.player, card.name)



@handles(Cascade)
def h_cascade(g: Game, job: Job, item: StackItem, e: Cascade, key: str) -> None:
    s = g.s
    p = item.controller
    mv = item.trigger_data["mana_value"]
    done = key + ":exiled"
    if done not in job.data:  # exile once, even when this runs again after the question
        job.data[done] = zones.exile_until(
            g, p, lambda new: "Land" not in new.card.types and new.card.mana_value < mv,
            rule="702.85a", verb="is exiled (cascade)")
    exiled, hit = job.data[done]
    cast = False
    o = s.objs.get(hit) if hit is not None else None
    if o is not None and o.zone == "exile":
        if casting.castable(g, p, o, free=True):
            cast = casting.ask_cast_free(g, job, key, p, o, " (cascade)")
        else:
            g.emit(ev.Note(rule="608.2g", message=f"{o.name} can't be cast now"))
    rest = [c for c in exiled if c in s.objs and s.objs[c].zone == "exile" and not (cast and c == hit)]
    s.rng.shuffle(rest)  # CR 702.85a: "in a random order"
    for c in rest:
        zones.move(g, c, "library", rule="702.85a", verb="is put on the bottom of its owner's library",
                   to_top=False)
    if cast:
        g.push("cast", player=p, obj=hit, alt=None, free=True)
