"""Creating tokens that are copies of objects (CR 707.2, 111.1; language
:mod:`undercity.cards.language.token_copies`).

The token's card is the copied object's (its copiable values, CR 707.2, so every rule that
reads a permanent's card — "enters tapped", "as this enters" — reads the copied one), and a
copy effect (layer 1) carries the exceptions and those of any copy effect on the original
(707.3, 707.9b), so a copy of the token copies them too. It enters as a copy (707.5): the
choices and counters of the copied card's "as this enters" and "enters with" abilities apply as
it is created (614.1c, 614.12a), and its "enters" abilities trigger.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from undercity.cards.language.continuous import CopyOf
from undercity.cards.language.token_copies import CopyOfCardExiledAsCost, CreateTokenCopy
from undercity.engine import entering, layers, zones
from undercity.engine import events as ev
from undercity.engine.effects import amount, handles, ref_objects, ref_players
from undercity.engine.tokens import attack_choice, enter_attacking

#: ``Job.data`` key: the tokens this resolution created, "that token" (language
#: ``token_copies.CREATED_TOKENS``, read by ``effects.ref_objects``).
CREATED = "created_tokens"

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game
    from undercity.engine.state import Job, Obj, StackItem


def _copiable(g: Game, o: Obj) -> CopyOf:
    """The copiable values of ``o``: a permanent's after copy effects (707.2-707.3); a card's in
    another zone, its own."""
    return layers.copy_values(g, o) if o.zone == "battlefield" else CopyOf(card=o.card)


def copiable_of(g: Game, source: int | None) -> CopyOf | None:
    """The copiable values of permanent ``source``: as it is, or as it last existed on the
    battlefield if it has left (CR 608.2h, 707.2) — "a copy of ~"; None if neither."""
    s = g.s
    o = s.objs.get(source) if source is not None else None
    if o is not None and o.zone == "battlefield":
        return _copiable(g, o)
    lki = s.lki.get(source) if source is not None else None
    return lki["copiable"] if lki is not None else None


@handles(CreateTokenCopy)
def h_token_copy(g: Game, job: Job, item: StackItem, e: CreateTokenCopy, key: str) -> None:
    s = g.s
    ids = ref_objects(g, e.what, item, job)
    if e.what.kind == "self" and not ids:
        base = copiable_of(g, item.source)  # "a copy of ~" after ~ left the battlefield
        if base is None:
            return
    elif not ids:
        return  # the object is gone: nothing to copy (CR 608.2b for a target)
    else:
        base = _copiable(g, s.objs[ids[0]])
    card = base.card
    if card is None:
        return
    n = amount(g, e.n, item, job)
    add_subtypes = e.add_subtypes
    creature = "Creature" in card.types | base.add_types | e.add_types
    if not creature:
        from undercity.cards.text.creature_types import CREATURE_TYPES

        add_subtypes = add_subtypes - CREATURE_TYPES  # CR 205.3d: not a creature, no creature types
    mod = CopyOf(card, base.add_subtypes | add_subtypes, base.add_abilities, base.add_types | e.add_types,
                 base.add_keywords | e.add_keywords, e.power if e.power is not None else base.power,
                 e.toughness if e.toughness is not None else base.toughness, base.colors, base.no_mana_cost)
    plain = mod == CopyOf(card=card)
    for p in ref_players(g, e.who, item, job):
        # CR 614.12a: each token's choices as it enters are asked before anything is created.
        choices = [entering.ask_card(g, job, f"{key}:p{p}:t{k}", card, card.name, p) for k in range(n)]
        # "a tapped and attacking token" (CR 508.4): a creature attacks what its controller
        # chooses; a noncreature one is only tapped (CR 506.3; ruling 2021-07-23, Phantom Steed)
        attacks = [attack_choice(g, job, f"{key}:p{p}:d{k}", p, f"{card.name} token", f"{card.name} token")
                   if e.attacking and creature else None for k in range(n)]
        for k in range(n):
            o = create_copy(g, card, p, mod, plain, choices[k], tapped=e.attacking)
            job.data.setdefault(CREATED, []).append(o.id)
            if e.attacking:
                enter_attacking(g, o.id, attacks[k])


#: ``StackItem.trigger_data`` key: the card exiled from a graveyard to pay an activation cost
#: ("Exile this card from your graveyard", CR 602.2b), for what the ability then does with it.
EXILED_AS_COST = "exiled_as_cost"


@handles(CopyOfCardExiledAsCost)
def h_copy_of_card_exiled_as_cost(g: Game, job: Job, item: StackItem, e: CopyOfCardExiledAsCost, key: str) -> None:
    """Eternalize (CR 702.129a): a token copy of the card exiled to pay the cost — already in exile
    as the ability resolves, so no one can stop it by exiling the card (ruling 2017-07-14) — as
    printed, with the exceptions as its copiable values (CR 707.9b), entering under the ability's
    controller's control (CR 111.2) with its "enters" abilities triggering (CR 707.5)."""
    card = item.trigger_data.get(EXILED_AS_COST)
    if card is None:
        return
    p = item.controller
    mod = CopyOf(card, add_subtypes=e.add_subtypes, power=e.power, toughness=e.toughness, colors=e.colors,
                 no_mana_cost=True)
    create_copy(g, card, p, mod, False, entering.ask_card(g, job, f"{key}:p{p}:t0", card, card.name, p))


def create_copy(g: Game, card: CardDef, controller: int, mod: CopyOf, plain: bool,
                choices: dict[str, Any], *, tapped: bool = False) -> Obj:
    """One token copy of ``card`` under ``controller`` (CR 111.1, 707.5)."""
    o = g.create_object(card, controller, "battlefield")
    o.controller = controller
    o.sick = True
    o.token = True
    if not plain:  # the exceptions, as copiable values (CR 707.9b)
        layers.add_effect(g, o.id, (mod,), until="always", player=controller, source=o.id,
                          text=f"a copy of {card.name}")
    # CR 614.1c-d, 614.12: the copied card's "enters tapped" replacement effects apply to it.
    o.tapped = tapped or zones.own_tapped_replacement(g, card, controller, lambda: choices.get("reveal") is not None) \
        or entering.others_make_it_tapped(g, o, controller)  # CR 614.1d
    counters = entering.card_counters(card)
    for k, v in entering.additional_counters(g, o, controller).items():  # CR 614.1d
        counters[k] = counters.get(k, 0) + v
    for k, v in counters.items():
        o.counters[k] = o.counters.get(k, 0) + v
    for e in entering.record(g, o, choices):
        g.emit(e)
    g.emit(ev.TokenCreated(rule="111.1", obj=o.id, name=card.name, controller=controller))
    g.emit(ev.ZoneChanged(rule="707.5", obj=o.id, new_obj=o.id, name=card.name, owner=controller,
                          controller=controller, from_zone="nowhere", to_zone="battlefield",
                          verb="is created as a copy", token=True))
    for k, v in counters.items():
        g.emit(ev.CountersChanged(rule="122.1", obj=o.id, name=card.name, counter=k, amount=v,
                                  total=o.counters[k]))
    return o
